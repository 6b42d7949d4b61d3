/**
 * Altars: `player:action` `pray` walks next to an altar (a station with a `pray` action) and
 * restores the prayer points to the prayer level. Other features (quests: "pray at an altar")
 * learn of each prayer through {@link onAltarPrayer}.
 */
import type { Rid } from '@tilerealm/protocol';
import type { Player } from '../../core/player';
import { fail, type Outcome } from '../../core/registry';
import type { World } from '../../core/world';
import { interact } from '../interaction/interaction';
import { atObject } from '../interaction/targets';
import { chebyshev } from '../combat/combatants';
import { worldSlot } from '../../core/slots';
import { OBJECTS } from '../objects/state';
import { PRAYER } from './state';
import { isDying } from '../death/state';

/** Told of every prayer at an altar, after the points were restored. */
export type AltarListener = (world: World, p: Player, altar: { objectId: string; stationId: string }) => void;

/** The listeners of this world (functions, decided by the features: not part of the state hash). */
const LISTENERS = worldSlot('prayer.altarListeners', { init: (): AltarListener[] => [] });

/**
 * Registers a listener for prayers at altars in `world` (call it from a feature's `init`, so each
 * world gets its own). Listeners run in registration order.
 */
export function onAltarPrayer(world: World, fn: AltarListener): void {
  LISTENERS.of(world).push(fn);
}

/** Restores the points in full; the ack result is `{ objectId, points, restored }`. */
function prayAt(world: World, p: Player, objectId: string, stationId: string): Outcome {
  const prayer = PRAYER.of(p);
  const restored = Math.max(0, p.skills.prayer.level - prayer.points);
  prayer.points += restored;
  world.send(p.id, 'chat:message', {
    tick: world.tick,
    channel: 'system',
    from: null,
    message: restored > 0 ? 'You recharge your prayer points.' : 'You already have full prayer points.',
  });
  for (const fn of LISTENERS.of(world)) fn(world, p, { objectId, stationId });
  return { ok: true, result: { objectId, points: prayer.points, restored } };
}

/**
 * `player:action` `pray`: checks the object (in sight, an altar), then walks next to it and prays
 * on arrival (at once when already there). Errors: `object_gone` (no such object in sight),
 * `not_an_altar`, `no_path`, and on the way `not_near` or `object_gone`.
 */
export function requestPray(world: World, p: Player, objectId: string, rid: Rid | undefined): Outcome {
  if (isDying(p)) return fail('dead', 'you are dying');
  const o = OBJECTS.of(world).get(objectId);
  if (!o || chebyshev(p.x, p.z, o.x, o.z) > world.settings.interactionDistance)
    return fail('object_gone', 'there is no such object in sight');
  const def = o.kind === 'station' ? world.content.stations.get(o.defId) : undefined;
  if (!def?.actions.some((a) => a.type === 'pray')) {
    const name = def?.name ?? world.content.resources.get(o.defId)?.name ?? o.defId;
    return fail('not_an_altar', `you cannot pray at the ${name.toLowerCase()}: it is not an altar`);
  }
  const stationId = def.id;
  const arrive = (w: World, player: Player): Outcome => prayAt(w, player, objectId, stationId);
  return interact(world, p, { ...atObject(objectId, 'the altar'), arrive }, rid);
}
