/**
 * The "interface open" state of the bank, shops and NPC conversations. A player has at most one of
 * them open (its {@link INTERFACE} slot); while it is, trading is blocked (the spec's rule against
 * swapping items out from under an offer). It closes, with `interface:closed` (`dialogue:closed`
 * for a conversation) telling the client why, when:
 * - the player asks (`closeInterface`): reason `closed`;
 * - another one opens: `replaced`;
 * - the player asks to walk (`player:move`) or ends up more than one tile from where it opened
 *   (a teleport, a walk another request started): `moved`;
 * - an activity starts (gathering, making, lighting a fire): `activity`;
 * - the player attacks (or retaliates): `combat`;
 * - the player dies: `died`.
 */
import type { Player } from '../../core/player';
import { playerSlot } from '../../core/slots';
import type { World } from '../../core/world';
import type { OpenInterface } from './types';
import { isDying } from '../death/state';
import { hasTarget } from '../combat/state';

/** The bank or shop window, or the NPC conversation, the player has open (none at login). */
export const INTERFACE = playerSlot('interface', {
  init: (): { open: OpenInterface | undefined } => ({ open: undefined }),
  hash: (s, h) => h.str(s.open?.kind ?? ''),
});

/**
 * Why an interface closed (the `reason` of `interface:closed`, or of `dialogue:closed` for a
 * conversation, which may also reach its `ended` or lose its NPC: `gone`).
 */
export type CloseReason = 'closed' | 'replaced' | 'moved' | 'activity' | 'combat' | 'died' | 'ended' | 'gone';

/** Closes the player's open interface, if any, and tells the client. */
export function closeInterface(world: World, p: Player, reason: CloseReason): void {
  const open = INTERFACE.of(p).open;
  if (!open) return;
  INTERFACE.of(p).open = undefined;
  if (open.kind === 'dialogue')
    world.send(p.id, 'dialogue:closed', { tick: world.tick, npcId: open.npcId, reason });
  else world.send(p.id, 'interface:closed', { tick: world.tick, interface: open.kind, reason });
}

/**
 * Whether two interfaces are the same window (the bank, one shop, or a conversation with one NPC);
 * where they opened (and the node a conversation is at) aside.
 */
export function sameInterface(a: OpenInterface, b: OpenInterface): boolean {
  if (a.kind === 'shop' && b.kind === 'shop') return a.storeId === b.storeId;
  if (a.kind === 'dialogue' && b.kind === 'dialogue') return a.npcId === b.npcId;
  return a.kind === b.kind && a.kind === 'bank';
}

/**
 * Opens an interface where the player stands. Another one open is closed first (`replaced`); the
 * same one opened again simply stays open, re-anchored to the player's tile.
 */
export function openInterface(world: World, p: Player, next: OpenInterface): void {
  const state = INTERFACE.of(p);
  if (state.open && !sameInterface(state.open, next)) closeInterface(world, p, 'replaced');
  state.open = next;
}

/** Why the player's open interface must close now, or undefined when it may stay open. */
export function closeReason(p: Player): CloseReason | undefined {
  const open = INTERFACE.of(p).open;
  if (!open) return undefined;
  if (isDying(p)) return 'died';
  if (p.pendingMove) return 'moved';
  if (Math.max(Math.abs(p.x - open.x), Math.abs(p.z - open.z)) > 1) return 'moved';
  if (p.activity) return 'activity';
  if (hasTarget(p)) return 'combat';
  return undefined;
}

/**
 * Input phase (after every request of the tick) and sync phase (after movement, combat and deaths),
 * per player: closes the player's interface when it no longer may keep it open.
 */
export function enforceInterface(world: World, p: Player): void {
  const reason = closeReason(p);
  if (reason) closeInterface(world, p, reason);
}
