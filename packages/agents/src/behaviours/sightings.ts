import type { Bot } from '@tilerealm/sdk';

/**
 * How far around the agent the server shows the state of world objects (its view distance is 15
 * tiles; one less so that an object on the edge of the view is never taken for a fresh one).
 */
export const OBJECT_VIEW_TILES = 14;
/** A resource still down when it was expected back is looked at again after this many ticks. */
export const RECHECK_TICKS = 5;

/** A placed resource as the sightings follow it. */
export interface SeenSpot {
  id: string;
  x: number;
  z: number;
  defId: string;
}

/**
 * When the resources an agent saw felled (or was refused as depleted) are expected back: the server
 * shows an object's state only within view and says nothing of it afterwards, so without a memory an
 * agent walks back to a tree it saw fall as soon as it is out of sight. A pure state update from
 * what the agent sees, one per gathering agent.
 */
export class Sightings {
  private readonly readyAt = new Map<string, number>();

  /**
   * Takes in what the agent sees at `tick` from `here`: a resource shown depleted (`isDepleted`:
   * the server says so only for objects in view) is expected back `respawnTicks` after it was first
   * seen down (one still down past that is looked at again {@link RECHECK_TICKS} later); one well in
   * view and not depleted is up and forgotten; one out of view is remembered until it is due.
   */
  observe(
    spots: Iterable<SeenSpot>,
    here: { x: number; z: number },
    tick: number,
    isDepleted: (id: string) => boolean,
    respawnTicks: (defId: string) => number,
  ): void {
    for (const s of spots) {
      const at = this.readyAt.get(s.id);
      if (isDepleted(s.id)) {
        if (at === undefined) this.readyAt.set(s.id, tick + respawnTicks(s.defId));
        else if (at <= tick) this.readyAt.set(s.id, tick + RECHECK_TICKS);
      } else if (Math.max(Math.abs(s.x - here.x), Math.abs(s.z - here.z)) <= OBJECT_VIEW_TILES) {
        this.readyAt.delete(s.id);
      } else if (at !== undefined && at <= tick) {
        this.readyAt.delete(s.id);
      }
    }
  }

  /** The agent saw `id` fall (or was told it is depleted) at `tick`. */
  felled(id: string, tick: number, respawnTicks: number): void {
    this.readyAt.set(id, Math.max(this.readyAt.get(id) ?? 0, tick + respawnTicks));
  }

  /** Ticks until `id` is expected back: 0 when it is up or nothing is known of it. */
  readyIn(id: string, tick: number): number {
    return Math.max(0, (this.readyAt.get(id) ?? tick) - tick);
  }
}

const byBot = new WeakMap<Bot, Sightings>();

/** The sightings of one agent's connection (kept across its gathering steps). */
export function sightingsOf(bot: Bot): Sightings {
  let s = byBot.get(bot);
  if (!s) byBot.set(bot, (s = new Sightings()));
  return s;
}
