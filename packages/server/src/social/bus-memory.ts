import type { OutEvent } from '../sim/core/types';
import type { BusReceiver, Reached, SocialBus } from './bus';

/**
 * The worlds of one process and who is on which: what {@link MemorySocialBus} instances share. A
 * server has a hub of its own with its one world; tests put several worlds on one hub.
 */
export class MemorySocialHub {
  readonly worlds = new Map<number, BusReceiver>();
  readonly presence = new Map<string, number>();
}

/**
 * The in-process bus (the default, without REDIS_URL): presence is a map and delivery a call, so
 * it is always available and one world behaves as if there were no bus at all.
 */
export class MemorySocialBus implements SocialBus {
  readonly available = true;

  constructor(
    readonly worldId: number,
    private readonly hub = new MemorySocialHub(),
  ) {}

  start(receiver: BusReceiver): Promise<void> {
    this.hub.worlds.set(this.worldId, receiver);
    return Promise.resolve();
  }

  setPresence(characterId: string): void {
    this.hub.presence.set(characterId, this.worldId);
  }

  clearPresence(characterId: string): void {
    if (this.hub.presence.get(characterId) === this.worldId) this.hub.presence.delete(characterId);
  }

  worldsOf(ids: readonly string[]): Promise<Map<string, number>> {
    const found = new Map<string, number>();
    for (const id of ids) {
      const world = this.hub.presence.get(id);
      if (world !== undefined) found.set(id, world);
    }
    return Promise.resolve(found);
  }

  deliver(
    worldId: number,
    characterId: string,
    events: OutEvent[],
    connectedOnly: boolean,
  ): Promise<Reached> {
    const world = this.hub.worlds.get(worldId);
    return Promise.resolve(world?.deliver(characterId, events, connectedOnly) ? 'done' : 'offline');
  }

  notify(worldId: number, characterId: string, events: OutEvent[]): void {
    this.hub.worlds.get(worldId)?.deliver(characterId, events, false);
  }

  refresh(worldId: number, characterId: string): void {
    this.hub.worlds.get(worldId)?.refresh(characterId);
  }

  broadcast(message: string): Promise<boolean> {
    for (const [id, world] of this.hub.worlds) if (id !== this.worldId) world.broadcast(message);
    return Promise.resolve(true);
  }

  kick(worldId: number, characterId: string): Promise<Reached> {
    return Promise.resolve(this.hub.worlds.get(worldId)?.kick(characterId) ? 'done' : 'offline');
  }

  async requestLogout(characterId: string, worldId: number): Promise<Reached> {
    return (await this.hub.worlds.get(worldId)?.logoutForTakeover(characterId)) ? 'done' : 'offline';
  }

  close(): Promise<void> {
    this.hub.worlds.delete(this.worldId);
    for (const [id, world] of this.hub.presence) if (world === this.worldId) this.hub.presence.delete(id);
    return Promise.resolve();
  }
}
