/**
 * The usual targets of an interaction, with the reach and error wording their features share: a
 * placed object and an NPC (next to it; an NPC is followed as it wanders). A feature spreads one
 * into its {@link InteractionSpec} and adds the arrival action.
 */
import { OBJECTS } from '../objects/state';
import type { InteractionSpec } from './interaction';

type TargetPart = Omit<InteractionSpec, 'arrive' | 'opens'>;

/** Failures worded after `what` ("the bank booth", "Marla"); `gone` as the caller's code. */
function wording(what: string, goneCode: 'object_gone' | 'target_gone') {
  return {
    gone: { code: goneCode, message: `${what} is gone` },
    unreachable: { code: 'no_path' as const, message: `you cannot reach ${what}` },
    stopped: { code: 'not_near' as const, message: `you stopped before reaching ${what}` },
  };
}

/** A placed object (bank booth, altar, station), used from any of the 8 tiles around it. */
export function atObject(id: string, what: string): TargetPart {
  return {
    target: { kind: 'object', id },
    locate: (world) => OBJECTS.of(world).get(id),
    reach: 'adjacent',
    ...wording(what, 'object_gone'),
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
