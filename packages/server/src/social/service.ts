import {
  isSocialClientEventName,
  type ClientMessage,
  type GameErrorCode,
  type Rid,
  type SocialClientEventName,
} from '@tilerealm/protocol';
import type { KeyedLimiter } from '../redis/keyed-limiter';
import type { OutEvent } from '../sim/core/types';
import type { Repositories } from '../storage';
import type { SocialBus } from './bus';
import { MemorySocialBus } from './bus-memory';
import { cancelFriendRequest, removeFriend, requestFriend, respondToFriend } from './friends';
import { addIgnore, removeIgnore } from './ignores';
import { PmRateLimiter } from './limits';
import { readSocialState, type SocialState } from './lists';
import { sendPrivateMessage } from './pm';
import { presenceNotices } from './presence';
import { locate, sendNotices } from './reach';
import { SerialQueue } from './serial';
import type { Actor, Notice, SocialContext, SocialLink, SocialOutcome, SocialWorld } from './types';
import type { Log } from '../app/logger';

/** A client message the social service answers (never enqueued into the world). */
export type SocialMessage = Extract<ClientMessage, { event: SocialClientEventName }>;

/** Whether the gateway should hand a message to the social service instead of the world. */
export function isSocialMessage(message: ClientMessage): message is SocialMessage {
  return isSocialClientEventName(message.event);
}

export interface SocialServiceDeps {
  repos: Repositories;
  /** Receives the `ignores` command after an ignore list change. */
  world: SocialWorld;
  logger: Log;
  /** Clock of the private message limit (tests pass their own). */
  now?: () => number;
  /** Presence and delivery across worlds; default an in-process bus with this world alone (world 1). */
  bus?: SocialBus;
  /** The private message limit; default in memory (PmRateLimiter), shared over Redis with REDIS_URL. */
  pmLimiter?: KeyedLimiter & { forget?(senderId: string): void };
}

/** Until a gateway attaches, nobody is online and nothing is delivered. */
const NOBODY_ONLINE: SocialLink = {
  isOnline: () => false,
  isConnected: () => false,
  deliver: () => undefined,
};

/**
 * Friends, ignore lists, private messages and presence. This is account and character data in
 * the database, not world state, so it lives beside the simulation rather than in it: the
 * gateway routes the social events here, and the service answers over the gateway itself
 * (`ack` with the request's rid, or `error`), pushes `social:state` to every online character a
 * change touched, and tells the world when an ignore list changed. Characters on other worlds
 * are reached through the {@link SocialBus}. Requests and session changes run one at a time
 * through one queue (see {@link SerialQueue}).
 */
export class SocialService {
  private link: SocialLink = NOBODY_ONLINE;
  private readonly queue = new SerialQueue();
  private readonly limiter: KeyedLimiter & { forget?(senderId: string): void };
  readonly bus: SocialBus;

  constructor(private readonly deps: SocialServiceDeps) {
    this.limiter = deps.pmLimiter ?? new PmRateLimiter(deps.now);
    this.bus = deps.bus ?? new MemorySocialBus(1);
  }

  /** Connects the service to the gateway, which knows who is online and delivers events. */
  attach(link: SocialLink): void {
    this.link = link;
  }

  /** The character's lists as `social:state` carries them (also the REST reads). */
  stateOf(character: { id: string; accountId: string }): Promise<SocialState> {
    return readSocialState(
      this.deps.repos,
      character,
      async (ids) => (await locate(this.context(), ids)).worlds,
    );
  }

  /** The bus asks for a character here: its lists changed on another world. */
  refreshLocal(characterId: string): Promise<void> {
    return this.queue.run(async () => {
      try {
        if (!this.link.isOnline(characterId)) return;
        const row = await this.deps.repos.characters.findById(characterId);
        if (row) this.reply(characterId, { event: 'social:state', data: await this.stateOf(row) });
      } catch (err) {
        this.deps.logger.error({ err, characterId }, 'refreshing lists for another world failed');
      }
    });
  }

  /**
   * Events the bus brought for a character here (a notice or a private message from another
   * world); with `connectedOnly`, only while its connection is open. True when handed over.
   */
  deliverLocal(characterId: string, events: OutEvent[], connectedOnly: boolean): boolean {
    const reachable = connectedOnly ? this.link.isConnected(characterId) : this.link.isOnline(characterId);
    if (reachable) this.link.deliver(characterId, events);
    return reachable;
  }

  /** Answers one social request; resolves once the answer and every resulting event are sent. */
  handle(playerId: string, message: SocialMessage, rid: Rid | undefined): Promise<void> {
    return this.queue.run(async () => {
      try {
        const actor = await this.deps.repos.characters.findById(playerId);
        const outcome: SocialOutcome = actor
          ? await this.dispatch(actor, message)
          : { ok: false, code: 'player_not_found', message: 'your character no longer exists' };
        if (!outcome.ok) return this.reply(playerId, errorEvent(outcome.code, outcome.message, rid));
        await this.publish(outcome.refresh, outcome.notices, outcome.ignoresOf);
        if (rid !== undefined) {
          const data = { event: message.event, ...(outcome.result ? { result: outcome.result } : {}) };
          this.reply(playerId, { event: 'ack', data, rid });
        }
      } catch (err) {
        this.deps.logger.error({ err, playerId, event: message.event }, 'social request failed');
        this.reply(playerId, errorEvent('internal_error', 'the request failed on the server', rid));
      }
    });
  }

  /**
   * A session attached to a character: it gets its lists. A new session (not a resume within
   * the reconnect grace period, not a takeover) is also announced to the character's online friends.
   */
  sessionStarted(character: Actor, resumed: boolean): Promise<void> {
    this.bus.setPresence(character.id);
    return this.queue.run(async () => {
      try {
        const notices: Notice[] = resumed ? [] : await presenceNotices(this.context(), character, true);
        this.reply(character.id, { event: 'social:state', data: await this.stateOf(character) });
        await this.send(notices);
      } catch (err) {
        this.deps.logger.error({ err, characterId: character.id }, 'social session start failed');
      }
    });
  }

  /** A character's session really ended (grace expired, kicked, logged out): friends are told. */
  sessionEnded(characterId: string): Promise<void> {
    this.limiter.forget?.(characterId);
    this.bus.clearPresence(characterId);
    return this.queue.run(async () => {
      try {
        const row = await this.deps.repos.characters.findById(characterId);
        if (row) await this.send(await presenceNotices(this.context(), row, false));
      } catch (err) {
        this.deps.logger.error({ err, characterId }, 'social session end failed');
      }
    });
  }

  /** Resolves once every request and session change queued so far has run (shutdown, tests). */
  idle(): Promise<void> {
    return this.queue.run(async () => undefined);
  }

  private context(): SocialContext {
    return { repos: this.deps.repos, link: this.link, bus: this.bus };
  }

  private dispatch(actor: Actor, message: SocialMessage): Promise<SocialOutcome> {
    const ctx = this.context();
    switch (message.event) {
      case 'friends:request':
        return requestFriend(ctx, actor, message.data.name);
      case 'friends:respond':
        return respondToFriend(ctx, actor, message.data.playerId, message.data.accept);
      case 'friends:cancel':
        return cancelFriendRequest(ctx, actor, message.data.playerId);
      case 'friends:remove':
        return removeFriend(ctx, actor, message.data.playerId);
      case 'ignore:add':
        return addIgnore(ctx, actor, message.data.name);
      case 'ignore:remove':
        return removeIgnore(ctx, actor, message.data.playerId);
      case 'pm:send':
        return sendPrivateMessage(ctx, this.limiter, actor, message.data.toPlayerId, message.data.message);
    }
  }

  /**
   * After a committed change: the world's ignore sets, fresh lists (characters on other worlds
   * get theirs from their world), then the notices.
   */
  private async publish(refresh: string[], notices: Notice[], ignoresOf: string | undefined): Promise<void> {
    const { repos, world } = this.deps;
    if (ignoresOf !== undefined) {
      // Every character of the account, not only those with a session: one still in the world
      // without a session (a logout waiting for combat to end) must be shielded too; the world
      // drops the command for a character it does not hold.
      const ignored = await repos.social.listIgnored(ignoresOf);
      for (const c of await repos.characters.listByAccount(ignoresOf))
        world.enqueue({ type: 'ignores', playerId: c.id, ignored: [...ignored] });
    }
    const { worlds } = await locate(this.context(), refresh);
    for (const [id, world] of worlds) {
      if (world !== this.bus.worldId) {
        this.bus.refresh(world, id);
        continue;
      }
      const row = await repos.characters.findById(id);
      if (row) this.reply(id, { event: 'social:state', data: await this.stateOf(row) });
    }
    await this.send(notices);
  }

  private send(notices: Notice[]): Promise<void> {
    return sendNotices(this.context(), notices);
  }

  private reply(characterId: string, event: OutEvent): void {
    this.link.deliver(characterId, [event]);
  }
}

/** The `error` envelope the world sends too: the rid in the envelope and in the payload. */
function errorEvent(code: GameErrorCode, message: string, rid: Rid | undefined): OutEvent {
  if (rid === undefined) return { event: 'error', data: { code, message } };
  return { event: 'error', data: { code, message, rid }, rid };
}
