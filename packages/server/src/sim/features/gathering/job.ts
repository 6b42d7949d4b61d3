import type { WorldObject } from '../objects/store';

/**
 * The state of one gathering activity (`Player.activity.state` of kind `gather`): which object,
 * which fishing method and the attempt clock. The walk there is the interaction's
 * (features/interaction); its arrival sets `arrived`.
 */
export class GatherJob {
  /** Set once the player stands next to the object; attempts start then. */
  arrived = false;
  /** Tick of the next attempt (once arrived). */
  nextAttemptTick = 0;
  /** Where the object stood when the job began (a fishing spot may move away meanwhile). */
  readonly fromX: number;
  readonly fromZ: number;

  constructor(
    readonly object: WorldObject,
    /** The fishing method chosen at the request (undefined for trees and rocks). */
    readonly methodId: string | undefined,
  ) {
    this.fromX = object.x;
    this.fromZ = object.z;
  }
}
