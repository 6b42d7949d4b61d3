import type { ServerPayload } from '@tilerealm/protocol';
import type { GameClient } from '../client';
import { SdkError } from '../errors';
import type { WorldModel } from './world-model';

type Ack = ServerPayload<'ack'>;

/** Food the starter kits and shops carry, eaten by `eat()` when no item is named. */
export const DEFAULT_FOOD = [
  'shrimps',
  'anchovies',
  'bread',
  'cooked_chicken',
  'cooked_meat',
  'sardine',
  'herring',
  'trout',
  'salmon',
  'tuna',
  'lobster',
  'swordfish',
  'shark',
  'cake',
  'apple',
  'meat_pie',
] as const;

export interface ActionOptions {
  /** How long to wait for the ack or the completion event (default: 2 minutes of walking). */
  timeoutMs?: number;
}

/** An action could not be done from the agent's current state (e.g. nothing to eat). */
export class ActionError extends SdkError {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const num = (ack: Ack, key: string): number | undefined => {
  const v = ack.result?.[key];
  return typeof v === 'number' ? v : undefined;
};

/**
 * Awaitable game actions on top of `GameClient.request`: each resolves on the server's ack or on
 * the event that ends the action (arrival, `activity:stopped`, a death, a teleport landing) and
 * rejects with the server's `GameError` (or a TimeoutError). They send only what a human player's
 * client sends, so an agent built on them plays by the same rules.
 */
export class AgentActions {
  constructor(
    readonly client: GameClient,
    readonly world: WorldModel,
    /** Default timeout for actions that involve walking. */
    readonly walkTimeoutMs = 120_000,
  ) {}

  /** Walks (or runs) to a tile and resolves on arrival with where the walk ended. */
  async walkTo(
    x: number,
    z: number,
    options: ActionOptions & { run?: boolean } = {},
  ): Promise<{ x: number; z: number }> {
    const timeout = options.timeoutMs ?? this.walkTimeoutMs;
    const from = this.world.position;
    // Only updates after the ack count: an update from before the walk also says "not moving".
    let acked = false;
    const stopped = this.client.waitFor('world:update', (u) => acked && u.self?.moving === false, timeout);
    awaitedLater(stopped);
    const ack = await this.client.request(
      'player:move',
      options.run === undefined ? { x, z } : { x, z, run: options.run },
    );
    acked = true;
    const here = this.world.player?.position;
    if ((num(ack, 'steps') ?? 0) === 0 || !here) return here ? { x: here.x, z: here.z } : { x, z };
    // A short walk may have ended in the same tick as the ack, before it was read.
    if (!here.moving && from && (here.x !== from.x || here.z !== from.z)) return { x: here.x, z: here.z };
    const u = await stopped;
    return { x: u.self?.x ?? x, z: u.self?.z ?? z };
  }

  /** Starts attacking an NPC (or player where PvP is allowed): resolves on the ack. */
  attack(targetId: string): Promise<Ack> {
    return this.client.request(
      'player:action',
      { action: 'attack', targetId },
      { timeoutMs: this.walkTimeoutMs },
    );
  }

  /** Attacks and resolves when the target dies (true) or the fight ends otherwise (false, e.g. it left view). */
  async fight(targetId: string, options: ActionOptions = {}): Promise<boolean> {
    const timeout = options.timeoutMs ?? this.walkTimeoutMs;
    const died = this.client.waitFor(
      'combat:death',
      (d) => d.id === targetId || d.id === this.client.welcome?.playerId,
      timeout,
    );
    awaitedLater(died);
    await this.attack(targetId);
    try {
      const d = await died;
      return d.id === targetId;
    } catch {
      return false;
    }
  }

  /** Gathers from a tree, rock or fishing spot until it stops; resolves with the stop reason. */
  async gather(objectId: string, options: ActionOptions & { methodId?: string } = {}): Promise<string> {
    return this.untilStopped('gather', options.timeoutMs, () =>
      this.client.request(
        'player:action',
        options.methodId
          ? { action: 'gather', objectId, methodId: options.methodId }
          : { action: 'gather', objectId },
      ),
    );
  }

  /** Cooks, smelts or smiths `quantity` of a recipe at a station; resolves with the stop reason. */
  make(recipeId: string, objectId: string, quantity = 1, options: ActionOptions = {}): Promise<string> {
    return this.untilStopped('make', options.timeoutMs, () =>
      this.client.request('player:action', { action: 'make', recipeId, objectId, quantity }),
    );
  }

  /** Lights a fire on the current tile with a carried tinderbox and logs; resolves with the stop reason. */
  lightFire(logItemId = 'logs', options: ActionOptions = {}): Promise<string> {
    const tinderbox = this.world.slotOf('tinderbox');
    const logs = this.world.slotOf(logItemId);
    if (tinderbox === undefined || logs === undefined)
      return Promise.reject(new ActionError('missing_materials', `a tinderbox and ${logItemId} are needed`));
    return this.untilStopped('firemaking', options.timeoutMs, () =>
      this.client.request('inventory:use', { slot: tinderbox, targetSlot: logs }),
    );
  }

  /** Walks to a bank booth, chest or banker and opens the bank (bank:update fills `world.bank`). */
  openBank(targetId: string): Promise<Ack> {
    return this.client.request(
      'player:action',
      { action: 'openBank', targetId },
      { timeoutMs: this.walkTimeoutMs },
    );
  }

  /** Deposits every carried item into the open bank, except the items named in `keep`. */
  async depositAll(keep: readonly string[] = []): Promise<void> {
    if (keep.length === 0) {
      await this.client.request('bank:depositAll', { from: 'inventory' });
      return;
    }
    for (const s of [...(this.world.player?.inventory ?? [])]) {
      if (!keep.includes(s.itemId))
        await this.client.request('bank:deposit', { slot: s.slot, quantity: s.quantity });
    }
  }

  /** Deposits `quantity` of the item in an inventory slot into the open bank. */
  deposit(slot: number, quantity = 1): Promise<Ack> {
    return this.client.request('bank:deposit', { slot, quantity });
  }

  /** Withdraws `quantity` of an item from the open bank (by item id); rejects when the bank has none. */
  withdraw(itemId: string, quantity = 1): Promise<Ack> {
    const slot = this.world.bank?.find((s) => s.itemId === itemId)?.slot;
    if (slot === undefined)
      return Promise.reject(new ActionError('not_in_bank', `no ${itemId} in the open bank`));
    return this.client.request('bank:withdraw', { bankSlot: slot, quantity });
  }

  /** Walks to a shopkeeper and opens its shop (shop:update fills `world.shop`). */
  openShop(npcId: string): Promise<Ack> {
    return this.client.request(
      'player:action',
      { action: 'openShop', npcId },
      { timeoutMs: this.walkTimeoutMs },
    );
  }

  /** Buys from the open shop; resolves with the ack `{ itemId, quantity, paid }`. */
  buy(itemId: string, quantity = 1): Promise<Ack> {
    return this.client.request('shop:buy', { itemId, quantity });
  }

  /** Sells `quantity` of an item (by id) to the open shop. */
  sell(itemId: string, quantity = 1): Promise<Ack> {
    const slot = this.world.slotOf(itemId);
    if (slot === undefined) return Promise.reject(new ActionError('not_carried', `no ${itemId} to sell`));
    return this.client.request('shop:sell', { slot, quantity });
  }

  /** Closes the open bank or shop. */
  closeInterface(): Promise<Ack> {
    return this.client.request('player:action', { action: 'closeInterface' });
  }

  /** Eats the first food carried (or the named item); rejects with ActionError `no_food` without any. */
  eat(itemIds: readonly string[] = DEFAULT_FOOD): Promise<Ack> {
    const slot = this.world.slotOf(...itemIds);
    if (slot === undefined) return Promise.reject(new ActionError('no_food', 'nothing to eat'));
    return this.client.request('inventory:use', { slot });
  }

  /** Talks to an NPC: resolves with the first dialogue node once the conversation opens. */
  async talk(npcId: string): Promise<ServerPayload<'dialogue:node'>> {
    const node = this.client.waitFor('dialogue:node', undefined, this.walkTimeoutMs);
    awaitedLater(node);
    await this.client.request('player:action', { action: 'talk', npcId }, { timeoutMs: this.walkTimeoutMs });
    return node;
  }

  /** Prays at an altar (prayer points restored in full). */
  pray(objectId: string): Promise<Ack> {
    return this.client.request(
      'player:action',
      { action: 'pray', objectId },
      { timeoutMs: this.walkTimeoutMs },
    );
  }

  /** Casts home teleport and resolves on landing (rejects if the cast is cancelled). */
  async homeTeleport(options: ActionOptions = {}): Promise<ServerPayload<'teleport:completed'>> {
    const me = this.client.welcome?.playerId;
    const timeout = options.timeoutMs ?? this.walkTimeoutMs;
    const landed = this.client.waitFor('teleport:completed', undefined, timeout);
    const cancelled = this.client.waitFor('teleport:cancelled', (c) => c.playerId === me, timeout);
    awaitedLater(landed);
    awaitedLater(cancelled);
    await this.client.request('player:action', { action: 'homeTeleport' });
    return Promise.race([
      landed,
      cancelled.then((c) =>
        Promise.reject(new ActionError('teleport_cancelled', `home teleport cancelled: ${c.reason}`)),
      ),
    ]);
  }

  /** Asks a player within 2 tiles to trade. */
  requestTrade(targetPlayerId: string): Promise<Ack> {
    return this.client.request('tradeRequest', { targetPlayerId });
  }

  /** Accepts or declines an incoming trade request (tradeIncoming). */
  respondTrade(tradeId: string, accept: boolean): Promise<Ack> {
    return this.client.request('tradeRequestRespond', { tradeId, accept });
  }

  /** Offers `quantity` of an item (by id) in an open trade. */
  offer(tradeId: string, itemId: string, quantity = 1): Promise<Ack> {
    const slot = this.world.slotOf(itemId);
    if (slot === undefined) return Promise.reject(new ActionError('not_carried', `no ${itemId} to offer`));
    return this.client.request('tradeAddItem', { tradeId, inventorySlot: slot, quantity });
  }

  /** Accepts the current trade screen (call once per screen). */
  acceptTrade(tradeId: string): Promise<Ack> {
    return this.client.request('tradeAccept', { tradeId });
  }

  cancelTrade(tradeId: string): Promise<Ack> {
    return this.client.request('tradeCancel', { tradeId });
  }

  /** Says something in public chat. */
  say(message: string): Promise<Ack> {
    return this.client.request('player:chat', { message });
  }

  /** Stops walking, fighting and activities. */
  stop(): Promise<Ack> {
    return this.client.request('player:action', { action: 'stop' });
  }

  private async untilStopped(
    activity: 'gather' | 'make' | 'firemaking',
    timeoutMs: number | undefined,
    start: () => Promise<Ack>,
  ): Promise<string> {
    const stopped = this.client.waitFor(
      'activity:stopped',
      (a) => a.activity === activity,
      timeoutMs ?? this.walkTimeoutMs * 5,
    );
    awaitedLater(stopped);
    await start();
    return (await stopped).reason;
  }
}

/**
 * Marks a wait started before its request (so its event cannot be missed) and awaited after it:
 * when the request fails first, the wait is never awaited, and its later rejection (a timeout) is
 * expected and must not surface as an unhandled rejection. Awaited, it rejects as usual.
 */
function awaitedLater(wait: Promise<unknown>): void {
  wait.then(settled, settled);
}

function settled(): void {
  // The outcome is read where the wait is awaited (see awaitedLater).
}
