import type { WorldObject } from '../objects/store';

/**
 * The state of one gathering activity (`Player.activity.state` of kind `gather`): which object,
 * which fishing method, the walk there and the attempt clock.
 */
export class GatherJob {
  /** Set once the player stands next to the object; attempts start then. */
  arrived = false;
  /** Tick of the next attempt (once arrived). */
  nextAttemptTick = 0;

  constructor(
    readonly object: WorldObject,
    /** The fishing method chosen at the request (undefined for trees and rocks). */
    readonly methodId: string | undefined,
    /** Where the object stood when the walk was planned (a fishing spot may move away meanwhile). */
    readonly fromX: number,
    readonly fromZ: number,
  ) {}
}
