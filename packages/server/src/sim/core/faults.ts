/**
 * Fault isolation: an exception in the tick is a bug, and it is charged to the one entity whose work
 * threw, never to everyone after it in a loop. The world runs per-entity hooks ({@link runHook})
 * and each entity's share of the loops that hooks keep themselves (`world.isolate`) inside a
 * try/catch of its own, and what it catches is dealt with here:
 *
 * - a **player**: the fault is reported with the error's stack; the player is saved when its state
 *   is safe to save ({@link snapshotProblem}), taken out of the world (as a logout does) and its
 *   session closed with `CLOSE_CODES.serverError` (4010); every other player carries on in the same
 *   tick. A player at fault no longer in the world (it left earlier in the tick) is only reported.
 * - a **login** being applied (the character's id): reported, and its session closed with 4010.
 * - an **NPC**: reported and reset: it leaves the world as a dead NPC does (no drop, no kill
 *   credit) and respawns fresh at its spawn after its respawn time, at least
 *   {@link NPC_FAULT_RESPAWN_TICKS}, so an NPC that keeps failing is reported once a minute at most.
 * - world-level work: reported; the world carries on with the next hook.
 *
 * Everything here is an effect for the host (which logs the faults and closes the sessions); the
 * simulation stays pure.
 */
import { CLOSE_CODES } from '@tilerealm/protocol';
import { MAX_STACK } from '../items/types';
import type { Npc } from './npc';
import { MAX_RUN_ENERGY, type Player } from './player';
import type { HookEntry } from './registry';
import { snapshotOf } from './snapshot';
import { featureFieldsOf, type PlayerSnapshot } from './types';
import type { World } from './world';

/** Who a fault is charged to: a player or an NPC, or the id of a character whose login is being applied. */
export type Culprit = Player | Npc | string;

/** Ticks a faulty NPC stays out of the world at least before it respawns (one minute). */
export const NPC_FAULT_RESPAWN_TICKS = 100;

/** The reason sent with the close code when a player's session ends on a fault. */
export const FAULT_CLOSE_REASON = 'a server error ended this session';

/** The message and stack of a thrown value (anything can be thrown, not only an Error). */
export function describeError(err: unknown): { message: string; stack?: string } {
  if (err instanceof Error)
    return err.stack ? { message: err.message, stack: err.stack } : { message: err.message };
  try {
    return { message: String(err) };
  } catch {
    // String() itself throws for a few values (an object without a prototype): say what it was.
    return { message: `a thrown ${typeof err}` };
  }
}

/**
 * Runs one registered hook for the current phase: once (world-level) or once per player in world
 * order or per NPC in spawn order, each call caught on its own. `where` names the phase and the
 * feature for the fault report.
 */
export function runHook(world: World, hook: HookEntry, where: string): void {
  switch (hook.each) {
    case 'world':
      try {
        hook.fn(world);
      } catch (err) {
        reportFault(world, where, err);
      }
      return;
    case 'player':
      for (const p of world.players.values()) {
        try {
          hook.fn(world, p);
        } catch (err) {
          chargeFault(world, p, where, err);
        }
      }
      return;
    case 'npc':
      for (const n of world.npcs.values()) {
        try {
          hook.fn(world, n);
        } catch (err) {
          chargeFault(world, n, where, err);
        }
      }
      return;
  }
}

/**
 * Reports a fault that is charged to no entity (world-level work, a start-up command), or a failed
 * request of `entity`, which was answered `internal_error`: the world carries on.
 */
export function reportFault(
  world: World,
  where: string,
  err: unknown,
  entity?: { kind: 'player' | 'npc'; id: string },
): void {
  const { message, stack } = describeError(err);
  world.effect({
    type: 'fault',
    where,
    message,
    ...(stack !== undefined ? { stack } : {}),
    ...(entity ? { entity, action: 'request answered internal_error' } : {}),
  });
}

/** Reports a fault of `culprit` and deals with it (see the module comment). */
export function chargeFault(world: World, culprit: Culprit, where: string, err: unknown): void {
  const { message, stack } = describeError(err);
  const report = (kind: 'player' | 'npc', id: string, action: string) =>
    world.effect({
      type: 'fault',
      where,
      message,
      ...(stack !== undefined ? { stack } : {}),
      entity: { kind, id },
      action,
    });
  if (typeof culprit === 'string') {
    const p = world.players.get(culprit);
    if (p) {
      chargeFault(world, p, where, err);
      return;
    }
    report('player', culprit, 'login abandoned, session closed');
    disconnect(world, culprit);
    return;
  }
  if (culprit.kind === 'npc') {
    const ticks = resetNpc(world, culprit);
    report('npc', culprit.id, `reset: out of the world, respawns at its spawn in ${ticks} ticks`);
    return;
  }
  if (world.players.get(culprit.id) !== culprit) {
    report('player', culprit.id, 'none: no longer in the world');
    return;
  }
  const saved = safeSnapshot(world, culprit);
  world.removePlayer(culprit);
  report(
    'player',
    culprit.id,
    `${saved.ok ? 'saved' : `not saved (${saved.reason})`}, taken out of the world, session closed`,
  );
  if (saved.ok) world.effect({ type: 'save', snapshot: saved.snapshot, reason: 'logout' });
  disconnect(world, culprit.id);
}

function disconnect(world: World, playerId: string): void {
  world.effect({ type: 'disconnect', playerId, code: CLOSE_CODES.serverError, reason: FAULT_CLOSE_REASON });
}

/** Takes a faulty NPC out of the world as a death does (no drop); returns the ticks until it respawns. */
function resetNpc(world: World, n: Npc): number {
  const ticks = Math.max(NPC_FAULT_RESPAWN_TICKS, n.def.combat?.respawnTicks ?? 0);
  n.state = 'gone';
  n.stateUntil = world.tick + ticks;
  n.target = undefined;
  n.path = [];
  n.returning = false;
  n.inCombatUntil = 0;
  n.damageFrom.clear();
  world.spatial.delete(n.idx);
  return ticks;
}

/**
 * The snapshot of a faulty player, when it is safe to save: it can be taken, and
 * {@link snapshotProblem} finds nothing wrong in it.
 */
function safeSnapshot(
  world: World,
  p: Player,
): { ok: true; snapshot: PlayerSnapshot } | { ok: false; reason: string } {
  let snapshot: PlayerSnapshot;
  try {
    snapshot = snapshotOf(world, p);
  } catch (err) {
    return { ok: false, reason: `no snapshot could be taken: ${describeError(err).message}` };
  }
  const problem = snapshotProblem(snapshot);
  return problem === undefined ? { ok: true, snapshot } : { ok: false, reason: problem };
}

/**
 * What makes a snapshot unsafe to save, or undefined when it is safe. A fault can strike in the
 * middle of a rule, so the player's state in memory may be part-way through a change; it is saved
 * anyway when it is well-formed, because the rest of the world carries on with what the player did
 * up to the fault (piles it dropped, trades and sales it completed, death locks written with its
 * state), and going back to its last save could hand those items back a second time. At worst the
 * one action that failed is lost. A snapshot storage could not hold, or would hold wrong, is not
 * saved (the character comes back as last saved, and the report says why): every count a whole
 * number in its column's range, whole-tile coordinates, every item stack 1 to {@link MAX_STACK}
 * with an item id, each slot used once per container.
 */
export function snapshotProblem(s: PlayerSnapshot): string | undefined {
  const whole = (what: string, v: number, max = MAX_STACK) =>
    Number.isInteger(v) && v >= 0 && v <= max ? undefined : `${what} is ${v}`;
  const rows = (
    what: string,
    list: ReadonlyArray<{ slot: number | string; itemId: string; quantity: number }>,
  ) => {
    const slots = new Set<number | string>();
    for (const r of list) {
      if (typeof r.itemId !== 'string' || r.itemId === '') return `${what} slot ${r.slot} has no item id`;
      if (!Number.isInteger(r.quantity) || r.quantity < 1 || r.quantity > MAX_STACK)
        return `${what} slot ${r.slot} holds ${r.quantity} ${r.itemId}`;
      if (slots.has(r.slot)) return `${what} slot ${r.slot} is used twice`;
      slots.add(r.slot);
    }
    return undefined;
  };
  const position =
    Number.isInteger(s.x) && Number.isInteger(s.z) && Number.isFinite(s.y)
      ? undefined
      : `position is ${s.x},${s.y},${s.z}`;
  const skills = Object.entries(s.skills).map(
    ([skill, v]) => whole(`${skill} level`, v.level) ?? whole(`${skill} experience`, v.xp),
  );
  const quests = s.quests.map((q) => whole(`quest ${q.questId} stage`, q.stage));
  return [
    position,
    whole('health', s.health),
    whole('coins', s.coins),
    whole('run energy', s.runEnergy, MAX_RUN_ENERGY),
    whole('combat level', s.combatLevel),
    ...Object.entries(featureFieldsOf(s)).map(([field, v]) =>
      typeof v === 'number' ? whole(field, v) : undefined,
    ),
    ...skills,
    ...quests,
    rows('inventory', s.inventory),
    rows('equipment', s.equipment),
    rows('bank', s.bank),
  ].find((problem) => problem !== undefined);
}
