/**
 * `prayer:toggle`: switching one prayer on or off. The checks are rules.ts's; a refusal changes
 * nothing. The client hears the new state in the ack and in the tick's `prayer:update`.
 */
import type { ClientPayload } from '@tilerealm/protocol';
import type { Player } from '../../core/player';
import { fail, type Outcome } from '../../core/registry';
import type { World } from '../../core/world';
import { activationRefusal, switchedOffBy, type ActivationRefusal } from './rules';
import { PRAYER } from './state';
import { questCompleted } from '../quests/state';
import { isDying } from '../death/state';

function refusal(world: World, name: string, r: ActivationRefusal): Outcome {
  switch (r.reason) {
    case 'level_too_low':
      return fail('level_too_low', `you need ${r.skill} level ${r.level} to use ${name}`);
    case 'prayer_locked': {
      const quest = world.content.quests.get(r.questId)?.name ?? r.questId;
      return fail('prayer_locked', `you must complete the quest ${quest} to use ${name}`);
    }
    case 'no_prayer_points':
      return fail('no_prayer_points', 'you have run out of prayer points: recharge them at an altar');
  }
}

/**
 * Switches a prayer on (after its checks, switching off the active prayers it conflicts with) or
 * off. Asking for the state a prayer already has succeeds and changes nothing.
 */
export function togglePrayer(world: World, p: Player, data: ClientPayload<'prayer:toggle'>): Outcome {
  if (isDying(p)) return fail('dead', 'you are dying');
  const defs = world.content.prayers;
  const def = defs.get(data.prayerId);
  if (!def) return fail('unknown_prayer', `there is no prayer called ${data.prayerId}`);
  const prayer = PRAYER.of(p);
  let switchedOff: string[] = [];
  if (!data.active) {
    prayer.active.delete(def.id);
  } else if (!prayer.active.has(def.id)) {
    const refused = activationRefusal(def, {
      levels: p.skills,
      completedQuest: (id) => questCompleted(p, id),
      points: prayer.points,
    });
    if (refused) return refusal(world, def.name, refused);
    switchedOff = switchedOffBy(def, prayer.active, defs);
    for (const id of switchedOff) prayer.active.delete(id);
    prayer.active.add(def.id);
  }
  return {
    ok: true,
    result: {
      prayerId: def.id,
      active: prayer.active.has(def.id),
      points: prayer.points,
      activePrayers: [...prayer.active].sort(),
      switchedOff,
    },
  };
}
