import { GameClient } from '../client';
import type { GameClientOptions } from '../client-types';
import { AgentActions } from './actions';
import { WorldModel } from './world-model';
import type { WorldPlaces } from './places';

export interface BotOptions extends GameClientOptions {
  /** The public map (world-areas.json) for finding trees, banks and shops by placement. */
  places?: WorldPlaces;
  /** Timeout of actions that involve walking (default 2 minutes). */
  walkTimeoutMs?: number;
}

/**
 * An agent's handle on the game: the connected client, the world model it keeps and the awaitable
 * actions, wired so no event is missed (the model attaches before the socket opens). The client
 * reconnects by itself after a drop; the server then sends a fresh `player:sync` the model applies.
 *
 * @example
 * ```ts
 * const bot = await Bot.connect({ url: 'ws://localhost:5555/ws', token });
 * await bot.actions.walkTo(5, -3);
 * console.log(bot.world.position, bot.world.freeSlots);
 * ```
 */
export class Bot {
  private constructor(
    readonly client: GameClient,
    readonly world: WorldModel,
    readonly actions: AgentActions,
    readonly places: WorldPlaces | undefined,
  ) {}

  /** Connects, waits for the first `player:sync`, and returns the ready bot. */
  static async connect(options: BotOptions): Promise<Bot> {
    const world = new WorldModel();
    const client = await GameClient.connect({
      ...options,
      beforeConnect: (c) => {
        world.attach(c);
        options.beforeConnect?.(c);
      },
    });
    if (!world.player) await client.request('player:requestSync', {});
    return new Bot(client, world, new AgentActions(client, world, options.walkTimeoutMs), options.places);
  }

  /** The character id this bot plays. */
  get playerId(): string {
    return this.client.welcome?.playerId ?? '';
  }

  /** Closes the connection for good. */
  close(): Promise<void> {
    return this.client.close();
  }
}
