/**
 * The usual targets of an interaction, with the reach and error wording their features share: a
 * placed object, an NPC (next to it; an NPC is followed as it wanders) and an object worked from
 * around its footprint (a tree, rock or fishing spot, a station). A feature spreads one into its
 * {@link InteractionSpec} and adds the arrival action.
 */
import type { Rect } from '../../../content/schemas/common';
import { OBJECTS } from '../objects/state';
import type { WorldObject } from '../objects/store';
import type { InteractionSpec } from './interaction';

type TargetPart = Omit<InteractionSpec, 'arrive' | 'opens'>;

/**
 * The one wording of an interaction's failures, after `what` ("the bank booth", "Marla", "the
 * tree"): `gone` and the walk's code as the feature documents them.
 */
export function wording(
  what: string,
  goneCode: 'object_gone' | 'target_gone',
  walkCode: 'no_path' | 'not_near' = 'no_path',
) {
  return {
    gone: { code: goneCode, message: `${what} is gone` },
    unreachable: { code: walkCode, message: `you cannot reach ${what}` },
    stopped: {
      code: walkCode === 'no_path' ? ('not_near' as const) : walkCode,
      message: `you stopped before reaching ${what}`,
    },
  };
}

/** A placed object (bank booth, altar), used from any of the 8 tiles around it. */
export function atObject(id: string, what: string): TargetPart {
  return {
    target: { kind: 'object', id },
    locate: (world) => OBJECTS.of(world).get(id),
    reach: 'adjacent',
    ...wording(what, 'object_gone'),
  };
}

/**
 * An object worked from around the tiles it covers (`area`: a tree's or a furnace's footprint): a
 * resource to gather from, a station to make things at. It is gone once removed or replaced (a fire
 * that burnt out) or moved away (a fishing spot); the walk's failures are `not_near`.
 */
export function nextToObject(o: WorldObject, what: string, area: Rect): TargetPart {
  const { x, z } = o;
  return {
    target: { kind: 'object', id: o.id },
    locate: (world) => (OBJECTS.of(world).get(o.id) === o && o.x === x && o.z === z ? area : undefined),
    reach: 'adjacent',
    ...wording(what, 'object_gone', 'not_near'),
  };
}

/** An NPC (banker, shopkeeper, someone to talk to), used from next to it and followed as it wanders. */
export function atNpc(id: string, what: string): TargetPart {
  return {
    target: { kind: 'npc', id },
    locate: (world) => {
      const n = world.npcs.get(id);
      return n?.alive ? { x: n.x, z: n.z } : undefined;
    },
    reach: 'adjacent',
    follow: true,
    ...wording(what, 'target_gone'),
  };
}
