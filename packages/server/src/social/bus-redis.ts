import type { Redis } from 'ioredis';
import type { OutEvent } from '../sim/core/types';
import type { BusReceiver, Reached, SocialBus } from './bus';
import { parseBusMessage, type BusMessage } from './bus-messages';
import { closeRedis, createRedis } from '../redis/client';
import type { Log } from '../app/logger';

/** How long a character's presence lives without its world renewing it (a crashed world's fade). */
export const PRESENCE_TTL_MS = 30_000;
/** How long a request to another world waits for its answer before it counts as `unavailable`. */
export const BUS_REQUEST_TIMEOUT_MS = 2000;

/** Pause before subscribing again after a SUBSCRIBE that timed out. */
const SUBSCRIBE_RETRY_MS = 500;

const PREFIX = 'tilerealm:';
const presenceKey = (characterId: string) => `${PREFIX}presence:${characterId}`;
const worldChannel = (worldId: number) => `${PREFIX}world:${worldId}`;
const ALL_CHANNEL = `${PREFIX}all`;

/** Deletes a presence key only while it still names this world (the character may have moved on). */
const CLEAR_PRESENCE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

type Outbound =
  | Exclude<BusMessage, { kind: 'deliver' }>
  | (Omit<Extract<BusMessage, { kind: 'deliver' }>, 'events'> & { events: OutEvent[] });

/**
 * The Redis bus (REDIS_URL): presence is a key per online character holding its world, with a TTL
 * the world renews for all its sessions every third of it; messages go through pub/sub, one
 * channel per world plus one for broadcasts. Requests that need an answer (a private message, a
 * kick, a takeover) carry a reply address and time out as `unavailable`. Two connections: one for
 * commands and publishing, one subscribed. After a reconnection the world re-subscribes and
 * announces every local session again, so presence comes back by itself.
 */
export class RedisSocialBus implements SocialBus {
  private readonly redis: Redis;
  private readonly sub: Redis;
  private receiver: BusReceiver | undefined;
  private readonly pending = new Map<number, { settle: (r: Reached) => void; timer: NodeJS.Timeout }>();
  private lastRequest = 0;
  private renewal: NodeJS.Timeout | undefined;
  /**
   * The characters whose presence this world set and has not cleared: announced again after a
   * reconnection and every third of the TTL, withdrawn at close (a shutdown ends no session one
   * by one). Kept while Redis is away too, so the return restores exactly what holds then.
   */
  private readonly present = new Set<string>();
  private closed = false;
  /**
   * The subscriber connection listens on this world's channels. Its 'ready' comes before the
   * SUBSCRIBE is answered; until then a request to this world finds no listener and would count
   * it as offline, so the bus is available only once subscribed.
   */
  private subscribed = false;

  constructor(
    readonly worldId: number,
    url: string,
    private readonly logger: Log,
  ) {
    this.redis = createRedis(url, logger, `bus-${worldId}`);
    this.sub = createRedis(url, logger, `bus-sub-${worldId}`);
    this.redis.defineCommand('clearPresence', { numberOfKeys: 1, lua: CLEAR_PRESENCE });
  }

  /** The command connection, shared with the limits of this process. */
  get client(): Redis {
    return this.redis;
  }

  get available(): boolean {
    return this.redis.status === 'ready' && this.sub.status === 'ready' && this.subscribed;
  }

  start(receiver: BusReceiver): Promise<void> {
    this.receiver = receiver;
    this.sub.on('message', (channel: string, raw: string) => this.onMessage(channel, raw));
    this.sub.on('ready', () => void this.subscribe());
    this.sub.on('close', () => (this.subscribed = false));
    this.redis.on('ready', () => void this.announce());
    if (this.sub.status === 'ready') void this.subscribe();
    if (this.redis.status === 'ready') void this.announce();
    this.renewal = setInterval(() => void this.announce(), PRESENCE_TTL_MS / 3);
    this.renewal.unref();
    return Promise.resolve();
  }

  /** Resolves once both connections are up (or after `timeoutMs`); false when they are not. */
  waitUntilAvailable(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    return new Promise((resolve) => {
      const check = () => {
        if (this.available) return resolve(true);
        if (Date.now() >= deadline || this.closed) return resolve(false);
        setTimeout(check, 25).unref();
      };
      check();
    });
  }

  setPresence(characterId: string): void {
    this.present.add(characterId);
    this.run('setting presence', () =>
      this.redis.set(presenceKey(characterId), String(this.worldId), 'PX', PRESENCE_TTL_MS),
    );
  }

  clearPresence(characterId: string): void {
    this.present.delete(characterId);
    this.run('clearing presence', () => this.clearKey(characterId));
  }

  async worldsOf(ids: readonly string[]): Promise<Map<string, number> | undefined> {
    const found = new Map<string, number>();
    if (ids.length === 0) return found;
    if (!this.available) return undefined;
    let values: Array<string | null>;
    try {
      values = await this.redis.mget(ids.map(presenceKey));
    } catch (err) {
      this.logger.warn({ err: errorText(err) }, 'presence lookup failed');
      return undefined;
    }
    ids.forEach((id, i) => {
      const world = Number(values[i]);
      if (Number.isInteger(world) && world > 0) found.set(id, world);
    });
    return found;
  }

  deliver(
    worldId: number,
    characterId: string,
    events: OutEvent[],
    connectedOnly: boolean,
  ): Promise<Reached> {
    return this.request(worldId, (reply) => ({
      kind: 'deliver',
      to: characterId,
      events,
      connectedOnly,
      reply,
    }));
  }

  notify(worldId: number, characterId: string, events: OutEvent[]): void {
    this.run('sending a notice to another world', () =>
      this.publish(worldChannel(worldId), { kind: 'deliver', to: characterId, events, connectedOnly: false }),
    );
  }

  refresh(worldId: number, characterId: string): void {
    this.run('asking for a list refresh', () =>
      this.publish(worldChannel(worldId), { kind: 'refresh', to: characterId }),
    );
  }

  async broadcast(message: string): Promise<boolean> {
    if (!this.available) return false;
    try {
      await this.publish(ALL_CHANNEL, { kind: 'broadcast', from: this.worldId, message });
      return true;
    } catch (err) {
      this.logger.warn({ err: errorText(err) }, 'publishing a broadcast failed');
      return false;
    }
  }

  kick(worldId: number, characterId: string): Promise<Reached> {
    return this.request(worldId, (reply) => ({ kind: 'kick', to: characterId, reply }));
  }

  requestLogout(characterId: string, worldId: number): Promise<Reached> {
    return this.request(worldId, (reply) => ({ kind: 'logout', to: characterId, reply }));
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.renewal) clearInterval(this.renewal);
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.settle('unavailable');
      this.pending.delete(id);
    }
    if (this.redis.status === 'ready')
      await Promise.allSettled([...this.present].map((id) => this.clearKey(id)));
    this.present.clear();
    await Promise.all([closeRedis(this.sub), closeRedis(this.redis)]);
  }

  private clearKey(characterId: string): Promise<unknown> {
    // Defined in the constructor with defineCommand; ioredis adds it to the instance untyped.
    const client = this.redis as Redis & { clearPresence(key: string, world: string): Promise<number> };
    return client.clearPresence(presenceKey(characterId), String(this.worldId));
  }

  /** Sets presence for every session here (after a reconnection, and every third of the TTL). */
  private async announce(): Promise<void> {
    const ids = [...this.present];
    if (ids.length === 0 || this.redis.status !== 'ready') return;
    const batch = this.redis.pipeline();
    for (const id of ids) batch.set(presenceKey(id), String(this.worldId), 'PX', PRESENCE_TTL_MS);
    try {
      await batch.exec();
    } catch (err) {
      this.logger.warn({ err: errorText(err), sessions: ids.length }, 'announcing presence failed');
    }
  }

  private async subscribe(): Promise<void> {
    try {
      await this.sub.subscribe(worldChannel(this.worldId), ALL_CHANNEL);
      this.subscribed = this.sub.status === 'ready';
    } catch (err) {
      // Lost connection: the next 'ready' subscribes again. Timed out on a loaded Redis: the
      // SUBSCRIBE may still take effect, but only an answer makes the bus available, so ask again
      // (subscribing twice to a channel is harmless).
      this.logger.warn({ err: errorText(err) }, 'subscribing to the bus failed; trying again');
      if (!this.closed && this.sub.status === 'ready')
        setTimeout(() => void this.subscribe(), SUBSCRIBE_RETRY_MS).unref();
    }
  }

  private publish(channel: string, message: Outbound): Promise<number> {
    return this.redis.publish(channel, JSON.stringify(message));
  }

  /** Sends a request to a world and waits (bounded) for its answer. */
  private async request(
    worldId: number,
    make: (reply: { world: number; id: number }) => Outbound,
  ): Promise<Reached> {
    if (!this.available) return 'unavailable';
    const id = ++this.lastRequest;
    const answered = new Promise<Reached>((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        resolve('unavailable');
      }, BUS_REQUEST_TIMEOUT_MS);
      timer.unref();
      this.pending.set(id, { settle: resolve, timer });
    });
    try {
      // Nobody listening: that world is not running, so the character is not on it.
      if ((await this.publish(worldChannel(worldId), make({ world: this.worldId, id }))) === 0)
        this.answer(id, 'offline');
    } catch (err) {
      this.logger.warn({ err: errorText(err), worldId }, 'a request to another world failed');
      this.answer(id, 'unavailable');
    }
    return answered;
  }

  private answer(id: number, result: Reached): void {
    const p = this.pending.get(id);
    if (!p) return; // answered late, after its timeout: the asker has moved on
    clearTimeout(p.timer);
    this.pending.delete(id);
    p.settle(result);
  }

  private onMessage(channel: string, raw: string): void {
    const message = parseBusMessage(raw);
    if (!message) return this.logger.warn({ channel, bytes: raw.length }, 'dropped a malformed bus message');
    const receiver = this.receiver;
    if (!receiver) return;
    switch (message.kind) {
      case 'reply':
        return this.answer(message.id, message.done ? 'done' : 'offline');
      case 'broadcast':
        if (message.from !== this.worldId) receiver.broadcast(message.message);
        return;
      case 'refresh':
        return receiver.refresh(message.to);
      case 'deliver': {
        const done = receiver.deliver(message.to, message.events, message.connectedOnly);
        if (message.reply) this.reply(message.reply, done);
        return;
      }
      case 'kick':
        return this.reply(message.reply, receiver.kick(message.to));
      case 'logout':
        receiver.logoutForTakeover(message.to).then(
          (done) => this.reply(message.reply, done),
          (err: unknown) => {
            this.logger.error(
              { err, characterId: message.to },
              'logging a character out for another world failed',
            );
            this.reply(message.reply, false);
          },
        );
        return;
    }
  }

  private reply(to: { world: number; id: number }, done: boolean): void {
    this.run('answering another world', () =>
      this.publish(worldChannel(to.world), { kind: 'reply', id: to.id, done }),
    );
  }

  /** Fire and forget: a failure is logged (the bus is best effort), never thrown. */
  private run(what: string, command: () => Promise<unknown>): void {
    if (this.redis.status !== 'ready') return; // down: the reconnection re-announces presence
    command().catch((err: unknown) => this.logger.warn({ err: errorText(err) }, `${what} failed`));
  }
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
