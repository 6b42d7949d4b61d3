import type { GameStore } from '../store';
import { chebyshev } from './logic';
import type { Intent } from './menus';

/** Walks to a bank, shopkeeper, NPC or pile can take a while: the server acks on arrival. */
const WALK_TIMEOUT_MS = 120_000;
/** A trade request reaches players within this many tiles (tradeRequest). */
const TRADE_RANGE = 2;

/**
 * Turns a menu intent into the request, through `store.act` (which shows refusals in the chat).
 * Like the agent SDK's AgentActions, the actions that walk there first (talk, openBank, openShop,
 * pray, pickup, reclaim) are sent as they are: the server walks next to the target and acks on
 * arrival, so they get the long walking timeout. A trade request needs the other player within two
 * tiles and does not walk, so it walks there first and asks once arrived, unless another click
 * came in between.
 */
export class ActionRunner {
  private generation = 0;

  constructor(
    private readonly store: GameStore,
    private readonly onWalk: (x: number, z: number) => void,
  ) {}

  /** A newer click: any pending "walk there, then ask" is dropped. */
  interrupt(): void {
    this.generation++;
  }

  run(intent: Intent): void {
    this.interrupt();
    void this.perform(intent).catch((err: unknown) =>
      this.store.log({ channel: 'error', text: err instanceof Error ? err.message : String(err) }),
    );
  }

  private async perform(intent: Intent): Promise<void> {
    const s = this.store;
    const slow = { timeoutMs: WALK_TIMEOUT_MS };
    switch (intent.type) {
      case 'walk':
        this.onWalk(intent.x, intent.z);
        await s.walkTo(intent.x, intent.z);
        return;
      case 'attack':
        await s.act('player:action', { action: 'attack', targetId: intent.targetId }, slow);
        return;
      case 'talk':
        await s.act('player:action', { action: 'talk', npcId: intent.npcId }, slow);
        return;
      case 'openShop':
        await s.act('player:action', { action: 'openShop', npcId: intent.npcId }, slow);
        return;
      case 'openBank':
        await s.act('player:action', { action: 'openBank', targetId: intent.targetId }, slow);
        return;
      case 'gather':
        await s.act(
          'player:action',
          intent.methodId
            ? { action: 'gather', objectId: intent.objectId, methodId: intent.methodId }
            : { action: 'gather', objectId: intent.objectId },
          slow,
        );
        return;
      case 'pray':
        await s.act('player:action', { action: 'pray', objectId: intent.objectId }, slow);
        return;
      case 'pickup':
        await s.act('player:action', { action: 'pickup', groundItemId: intent.groundItemId }, slow);
        return;
      case 'reclaim':
        await s.act('player:action', { action: 'reclaim', gravestoneId: intent.gravestoneId }, slow);
        return;
      case 'useItemOn':
        s.select(undefined);
        await s.act('inventory:use', { slot: intent.slot, targetId: intent.targetId }, slow);
        return;
      case 'trade':
        await this.trade(intent.playerId);
        return;
      case 'message':
        if (intent.text) s.log({ channel: 'game', text: intent.text });
        return;
    }
  }

  private async trade(playerId: string): Promise<void> {
    const s = this.store;
    const gen = this.generation;
    const other = (): { x: number; z: number } | undefined => s.world.entity(playerId);
    const near = (): boolean => {
      const me = s.world.position;
      const them = other();
      return !!me && !!them && chebyshev(me, them) <= TRADE_RANGE;
    };
    if (!near()) {
      const them = other();
      if (!them) {
        s.log({ channel: 'error', text: 'That player is not in sight.' });
        return;
      }
      this.onWalk(them.x, them.z);
      let acked = false;
      const arrived = s.client.waitFor(
        'world:update',
        (u) => acked && (near() || u.self?.moving === false),
        WALK_TIMEOUT_MS,
      );
      // Awaited below unless the walk is refused first: its timeout then is no error.
      arrived.then(settled, settled);
      const ack = await s.walkTo(them.x, them.z);
      acked = true;
      if (ack === undefined || gen !== this.generation) return;
      if (!near()) {
        try {
          await arrived;
        } catch {
          return;
        }
      }
      if (gen !== this.generation) return;
    }
    await s.act('tradeRequest', { targetPlayerId: playerId });
  }
}

function settled(): void {
  // Only whether the wait settled matters here; its outcome is read where it is awaited.
}
