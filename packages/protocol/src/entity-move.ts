import { z } from 'zod';

/**
 * How `world:update.moved` reports an entity that moved this tick. Most moves are a step or two
 * (a run) from where the entity stood at the previous update, which every client that knows the
 * entity has: they come as `[idx, step]`, with the change of ground height in hundredths when there
 * is one (`[idx, step, dy]`: heights are multiples of 0.01). `step` packs the offset and the gait in
 * one small number: `((dx + 2) * 5 + (dz + 2)) * 2 + running`, with dx and dz from -2 to 2.
 * Anything farther (a teleport, a respawn) comes whole: `[idx, x, z, y, running]`. The short forms
 * are about half the whole one's bytes, and moves are most of what a player in a busy place is sent.
 */
const wholeMove = z.tuple([
  z.number().int().nonnegative(),
  z.number().int(),
  z.number().int(),
  z.number(),
  z.union([z.literal(0), z.literal(1)]),
]);

export const entityMove = z.union([
  z.tuple([z.number().int().nonnegative(), z.number().int().min(0).max(49)]),
  z.tuple([z.number().int().nonnegative(), z.number().int().min(0).max(49), z.number().int()]),
  wholeMove,
]);
export type EntityMove = z.infer<typeof entityMove>;

/** The `dy` of a short move entry from `y` to `toY` (ground heights, multiples of 0.01). */
export function heightStep(y: number, toY: number): number {
  return Math.round(toY * 100) - Math.round(y * 100);
}

/** Longest offset, on either axis, a short move entry carries (two tiles: a run's tick). */
export const MOVE_STEP_REACH = 2;

/** The `step` of a short move entry, or undefined when the offset is beyond {@link MOVE_STEP_REACH}. */
export function moveStep(dx: number, dz: number, running: boolean): number | undefined {
  if (dx < -MOVE_STEP_REACH || dx > MOVE_STEP_REACH || dz < -MOVE_STEP_REACH || dz > MOVE_STEP_REACH)
    return undefined;
  return ((dx + 2) * 5 + (dz + 2)) * 2 + (running ? 1 : 0);
}

/** The position an entity known at (x, z, y) has after a move entry, and its gait. */
export function applyMove(
  at: { x: number; z: number; y: number },
  move: EntityMove,
): { x: number; z: number; y: number; running: boolean } {
  if (move.length === 5) return { x: move[1], z: move[2], y: move[3], running: move[4] === 1 };
  const step = move[1];
  const offset = step >> 1;
  return {
    x: at.x + Math.floor(offset / 5) - 2,
    z: at.z + (offset % 5) - 2,
    y: move.length === 3 ? (Math.round(at.y * 100) + move[2]) / 100 : at.y,
    running: (step & 1) === 1,
  };
}

/**
 * How many entities that left its view a client keeps (`world:update.returned`): every handle in
 * `left` goes in, in order, after `entered` and `returned` were applied; the oldest goes out beyond
 * this many; an entity that enters or returns, and a `player:sync`, take it out. The server keeps
 * the same list for each client, so it knows exactly which entities the client still has.
 */
export const RETURN_MEMORY = 128;

/**
 * An entity back in view as the client last knew it (same look, name and level): `[idx, x, z, y,
 * running]`, its place now. The client takes it from the entities it keeps ({@link RETURN_MEMORY}).
 */
export const entityReturn = wholeMove;

/**
 * Puts an entity that left the view into the departed list, as client and server both keep it:
 * newest last, the oldest out beyond {@link RETURN_MEMORY}. Clients keep it in a `Map` with this
 * function; the server keeps the same list in flat arrays (its views' departed lists, tested against
 * this function), so the two lists cannot drift apart.
 */
export function keepDeparted<T>(departed: Map<number, T>, idx: number, known: T): void {
  departed.delete(idx);
  departed.set(idx, known);
  if (departed.size > RETURN_MEMORY) {
    const oldest = departed.keys().next();
    if (!oldest.done) departed.delete(oldest.value);
  }
}
export type EntityReturn = z.infer<typeof entityReturn>;
