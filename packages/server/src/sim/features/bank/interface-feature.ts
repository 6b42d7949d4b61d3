import type { Player } from '../../core/player';
import { fail, type Feature, type Outcome } from '../../core/registry';
import type { World } from '../../core/world';
import { closeInterface, closeReason, enforceInterface, INTERFACE } from './interface';
import type { OpenInterface } from './types';

/**
 * The open interface a request needs, after closing one that may no longer stay open (a move asked
 * earlier in the same tick closes it before a deposit that follows); `interface_not_open` otherwise.
 */
export function requireInterface<K extends OpenInterface['kind']>(
  world: World,
  p: Player,
  kind: K,
): Extract<OpenInterface, { kind: K }> | Outcome {
  const reason = closeReason(p);
  if (reason) closeInterface(world, p, reason);
  const open = INTERFACE.of(p).open;
  if (open?.kind !== kind) return fail('interface_not_open', `open a ${kind} first`);
  return open as Extract<OpenInterface, { kind: K }>;
}

/** True when {@link requireInterface} answered with a failure instead of the interface. */
export function isOutcome(v: OpenInterface | Outcome): v is Outcome {
  return 'ok' in v;
}

/**
 * The machinery the bank and shops share (the walk there is features/interaction): the
 * closing rules of an open interface (interface.ts: checked after the requests of a tick and again
 * in the sync phase, after movement, combat and deaths), and `player:action` `closeInterface`.
 */
export const interfacesFeature: Feature = {
  name: 'interfaces',
  register(r) {
    r.playerSlot(INTERFACE);
    r.action('closeInterface', (world, player) => {
      const open = INTERFACE.of(player).open;
      closeInterface(world, player, 'closed');
      return { ok: true, result: { closed: open?.kind ?? null } };
    });
    r.perPlayer('input', enforceInterface);
    r.perPlayer('sync', enforceInterface);
  },
};
