/**
 * A player's skilling activity: gathering, making at a station, lighting a fire. At most one at a
 * time; each feature runs its own kind in its phase hooks and keeps its state in `state`. Anything
 * else the player asks for (a walk, an attack, a pickup, another activity, opening an interface)
 * ends the current one first, with `activity:stopped` telling the client why.
 */
import type { Player } from './player';
import type { World } from './world';

export type ActivityKind = 'gather' | 'make' | 'firemaking';

export interface Activity {
  readonly kind: ActivityKind;
  /** The feature's own state for this activity. */
  readonly state: unknown;
}

/** Ends the player's activity (if any) and tells the client why. */
export function stopActivity(world: World, p: Player, reason: string): void {
  const current = p.activity;
  if (!current) return;
  p.activity = undefined;
  world.send(p.id, 'activity:stopped', { tick: world.tick, activity: current.kind, reason });
}

/** Starts an activity, ending the previous one (reason `replaced`). */
export function startActivity(world: World, p: Player, activity: Activity): void {
  stopActivity(world, p, 'replaced');
  p.activity = activity;
}
