import type { Player } from './player';
import type { OutEvent } from './types';

/**
 * The events a tick queues for each player, in the order they were sent (World.send), until the
 * host drains them after the step. A player in the world keeps its list on itself
 * ({@link Player.outbox}): no table is searched or grown for the thousands of events a tick sends,
 * one a player. An id with no player in the world when sent to (one that left, or not yet entered
 * this tick) has its list in a table by id instead. One list per id at any time: a player entering
 * takes over the list its id already had, a player leaving hands its own to the table, so an id's
 * events stay in order through a logout and a login in one tick.
 */
export class Outbox {
  /** Players in the world with a list this tick, in the order of their first event. */
  private queued: Player[] = [];
  /** Lists of ids with no player in the world when their first event was sent. */
  private byId = new Map<string, OutEvent[]>();

  /** Queues `e` for `playerId`, whose player in the world is `p` (undefined: none). */
  add(p: Player | undefined, playerId: string, e: OutEvent): void {
    const list = p === undefined ? this.byId.get(playerId) : p.outbox;
    if (list !== undefined) list.push(e);
    else if (p === undefined) this.byId.set(playerId, [e]);
    else {
      p.outbox = [e];
      this.queued.push(p);
    }
  }

  /** `p` entered the world: the events its id has this tick so far become its own list. */
  entered(p: Player): void {
    const list = this.byId.get(p.id);
    if (list === undefined) return;
    this.byId.delete(p.id);
    p.outbox = list;
    this.queued.push(p);
  }

  /** `p` left the world: its events go on under its id. */
  left(p: Player): void {
    const list = p.outbox;
    if (list === undefined) return;
    p.outbox = undefined;
    this.byId.set(p.id, list);
  }

  /** Takes every list queued since the last drain, by player id (players first, in the order of their first event). */
  drain(): Map<string, OutEvent[]> {
    const out = new Map<string, OutEvent[]>();
    for (const p of this.queued) {
      const list = p.outbox;
      // Left since (its list is under its id now), or listed twice by entering again.
      if (list === undefined) continue;
      p.outbox = undefined;
      out.set(p.id, list);
    }
    for (const [id, list] of this.byId) {
      const had = out.get(id);
      out.set(id, had === undefined ? list : had.concat(list));
    }
    this.queued = [];
    this.byId = new Map();
    return out;
  }
}
