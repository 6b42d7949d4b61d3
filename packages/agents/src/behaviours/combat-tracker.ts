import type { GameClient } from '@tilerealm/sdk';
import type { GravestoneSnapshot, ServerPayload } from '@tilerealm/protocol';

/** Ticks an NPC another player hit or was hit by counts as theirs (the server's combat timeout). */
export const BUSY_TICKS = 16;

/**
 * What the combat behaviours learn from the server's combat events, for one connection: NPCs that
 * are dying (their death animation still shows them in view), NPCs other players are fighting, the
 * agent's own last death and its standing gravestones. The world model does not follow these events.
 */
export class CombatTracker {
  /** NPC id -> the tick its death animation ends (it leaves view then). */
  readonly dying = new Map<string, number>();
  /** NPC id -> the last tick another player swung at it or it swung at another player. */
  readonly busy = new Map<string, number>();
  /** NPC id -> the tick until which the agent leaves it alone (it refused or fled an attack). */
  private readonly avoided = new Map<string, number>();
  /** The agent's last death not yet recovered from (see combat-recovery.ts). */
  death: ServerPayload<'player:died'> | undefined;
  /** The tick the agent last started dying at (its combat:death). */
  diedAt = -Infinity;
  /** When the agent last said it fights on hurt with no food (said once a game minute). */
  noFoodLoggedAt = -Infinity;
  /** The agent's own gravestones as the server last listed them. */
  gravestones: GravestoneSnapshot[] = [];
  /** What the agent wore while alive, as last noted (re-equipped after a death). */
  worn: { slot: string; itemId: string }[] = [];

  constructor(private readonly selfId: () => string | undefined) {}

  /** Follows `client`'s combat and death events from now on. */
  attach(client: GameClient): void {
    client.on('combat:death', (d) => {
      if (d.kind === 'npc') this.dying.set(d.id, d.tick + d.ticks + 1);
      else if (d.id === this.selfId()) this.diedAt = d.tick;
    });
    client.on('combat:hit', (h) => {
      const me = this.selfId();
      if (h.attackerId !== null && h.attackerId !== me && h.targetId !== me) {
        // Another player hitting an NPC, or an NPC hitting another player: both sides are taken.
        this.busy.set(h.targetId, h.tick);
        this.busy.set(h.attackerId, h.tick);
      }
    });
    client.on('player:died', (d) => {
      this.death = d;
      if (d.gravestone)
        this.gravestones = [...this.gravestones.filter((g) => g.id !== d.gravestone?.id), d.gravestone];
    });
    client.on('gravestone:update', (u) => {
      this.gravestones = u.gravestones;
    });
  }

  /** Leaves an NPC alone until `untilTick` (an attack on it was refused or went nowhere). */
  leaveAlone(npcId: string, untilTick: number): void {
    this.avoided.set(npcId, untilTick);
  }

  /** Whether an NPC is worth attacking at `tick`: not dying, not another player's fight, not avoided. */
  free(npcId: string, tick: number): boolean {
    for (const until of [this.dying, this.avoided]) {
      const t = until.get(npcId);
      if (t === undefined) continue;
      if (tick < t) return false;
      until.delete(npcId);
    }
    const busy = this.busy.get(npcId);
    if (busy !== undefined) {
      if (tick - busy < BUSY_TICKS) return false;
      this.busy.delete(npcId);
    }
    return true;
  }

  /** A standing gravestone of the agent's that still holds items at `tick`, nearest first. */
  gravestone(tick: number, here: { x: number; z: number }): GravestoneSnapshot | undefined {
    const d = (g: GravestoneSnapshot) => Math.max(Math.abs(g.x - here.x), Math.abs(g.z - here.z));
    return this.gravestones
      .filter((g) => g.items.length > 0 && g.collapsesAtTick > tick)
      .sort((a, b) => d(a) - d(b))[0];
  }
}

const TRACKERS = new WeakMap<GameClient, CombatTracker>();

/** The tracker of a connection, attached on first use (the runtime attaches it before login). */
export function combatTracker(client: GameClient): CombatTracker {
  let t = TRACKERS.get(client);
  if (!t) {
    t = new CombatTracker(() => client.welcome?.playerId);
    t.attach(client);
    TRACKERS.set(client, t);
  }
  return t;
}
