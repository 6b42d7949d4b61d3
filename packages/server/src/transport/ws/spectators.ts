import { CLOSE_CODES, PROTOCOL_VERSION, type ClientMessage, type Rid } from '@tilerealm/protocol';
import type { OutEvent } from '../../sim/core/types';
import type { Log } from '../../app/logger';
import type { AddressLimits } from './address-limits';
import { AttemptLimiter } from './attempt-limiter';
import type { Connection } from './connection';
import type { GatewayDeps } from './gateway-types';
import { WS_LIMITS, type OutboundLimits } from './limits';

/** One spectate session: a connection watching one character (docs/decisions/0020). */
interface Spectator {
  readonly connection: Connection;
  readonly characterId: string;
  readonly accountId: string;
  readonly name: string;
  /** Mirroring: true from the character's next full `player:sync` on, until it leaves the world. */
  synced: boolean;
  /** Whether the last `spectate:status` said the character is in this world. */
  inWorld: boolean;
  readonly log: Log;
}

/**
 * Answers to the watched player's own requests: meaningless to a spectator (its rids are not the
 * spectator's), so they are not mirrored. Everything else its player receives is.
 */
const NOT_MIRRORED: ReadonlySet<string> = new Set(['ack', 'pong', 'error']);

/**
 * Read-only spectate sessions (`/ws?spectate=<characterId>`, docs/decisions/0020): the owner of a
 * character (an agent's, typically) watches what it sees. A spectate session takes no character
 * lease, no session row and no place in the world; it mirrors the watched player's outbound stream
 * (what the gateway delivers to it, so the world's interest management is not duplicated),
 * starting at a full `player:sync` it asks the world for on joining; it refuses every game input
 * (`spectator_read_only`) and follows the character across its logouts and logins
 * (`spectate:status`). Bounded per character and per account (close 4014), logins per address
 * rate-limited (close 4002) when rate limits are on; a refused token counts against the address's
 * budget of refused tokens, as a player login's does.
 */
export class Spectators {
  private readonly byCharacter = new Map<string, Set<Spectator>>();
  private readonly perAccount = new Map<string, number>();
  private readonly attempts = new AttemptLimiter(WS_LIMITS.spectateAttemptsPerMinute, 60_000);

  constructor(
    private readonly deps: GatewayDeps,
    /** The gateway's per-address limits: a refused token counts against the address's budget. */
    private readonly limits: AddressLimits,
  ) {}

  /** Open spectate sessions. */
  get count(): number {
    let n = 0;
    for (const set of this.byCharacter.values()) n += set.size;
    return n;
  }

  /** Authorises and starts a spectate session of `characterId`; refusals close the connection. */
  async accept(
    connection: Connection,
    characterId: string,
    token: string | undefined,
    authHeader: string | undefined,
  ): Promise<void> {
    const { deps } = this;
    if (deps.rateLimitEnabled && !this.attempts.take(connection.remoteAddress))
      return connection.close(CLOSE_CODES.rateLimited, 'too many spectate logins from this address: wait');
    if (token === undefined && authHeader === undefined)
      return connection.close(CLOSE_CODES.unauthorized, 'a token is required to spectate');
    const outcome =
      token !== undefined
        ? await deps.authenticator.fromToken(token)
        : await deps.authenticator.fromHeader(authHeader);
    if (!outcome.ok) {
      await this.limits.tokenRefused(connection);
      return connection.close(CLOSE_CODES.unauthorized, outcome.message);
    }
    // An agent's token plays its agent's character and nothing else.
    if (outcome.auth.agentId !== undefined)
      return connection.close(CLOSE_CODES.unauthorized, "an agent's token cannot spectate: use its owner's");
    const accountId = outcome.auth.accountId;
    const character = await deps.repos.characters.findById(characterId);
    if (!character || character.accountId !== accountId)
      return connection.close(
        CLOSE_CODES.characterUnavailable,
        'no such character on this account: only its owner may spectate it',
      );
    if (!connection.isOpen) return;
    const watchers = this.byCharacter.get(characterId) ?? new Set<Spectator>();
    if (watchers.size >= WS_LIMITS.spectatorsPerCharacter)
      return connection.close(
        CLOSE_CODES.spectatorLimit,
        `spectator_limit: ${character.name} has ${WS_LIMITS.spectatorsPerCharacter} spectators already`,
      );
    if ((this.perAccount.get(accountId) ?? 0) >= WS_LIMITS.spectatorsPerAccount)
      return connection.close(
        CLOSE_CODES.spectatorLimit,
        `spectator_limit: this account spectates with ${WS_LIMITS.spectatorsPerAccount} sessions already`,
      );
    this.start(connection, characterId, accountId, character.name, watchers);
  }

  private start(
    connection: Connection,
    characterId: string,
    accountId: string,
    name: string,
    watchers: Set<Spectator>,
  ): void {
    const { host } = this.deps;
    const inWorld = host.isOnline(characterId);
    const log = this.deps.logger.child({ reqId: connection.requestId, accountId, spectating: characterId });
    const s: Spectator = { connection, characterId, accountId, name, synced: false, inWorld, log };
    watchers.add(s);
    this.byCharacter.set(characterId, watchers);
    this.perAccount.set(accountId, (this.perAccount.get(accountId) ?? 0) + 1);
    const tick = host.world.tick;
    connection.send([
      {
        event: 'session:welcome',
        data: {
          protocolVersion: PROTOCOL_VERSION,
          playerId: characterId,
          accountId,
          name,
          tick,
          tickMs: host.tickMs,
          resumed: false,
          spectating: true,
        },
      },
    ]);
    connection.queue([this.status(s)]);
    // The character's next frame starts with a full sync (its own client gets it too, as on a
    // resume); the mirror begins there. Not in the world: its next login's sync begins it.
    if (inWorld)
      host.enqueue({
        type: 'client',
        playerId: characterId,
        message: { event: 'player:requestSync', data: {} },
        rid: undefined,
      });
    connection.ready({
      message: (m, rid) => this.refuse(s, m, rid),
      closed: () => this.remove(s),
    });
    log.info({ inWorld }, 'spectator connected');
  }

  /** A spectator's message: ping is answered; any game input changes nothing and is refused. */
  private refuse(s: Spectator, message: ClientMessage, rid: Rid | undefined): void {
    const tick = this.deps.host.world.tick;
    const ridField = rid === undefined ? {} : { rid };
    if (message.event === 'ping') {
      const t = message.data.t;
      s.connection.queue([{ event: 'pong', data: { ...(t !== undefined ? { t } : {}), tick }, ...ridField }]);
      return;
    }
    s.connection.queue([
      {
        event: 'error',
        data: {
          code: 'spectator_read_only',
          message: `${message.event}: this session spectates ${s.name} and accepts no game input`,
          ...ridField,
        },
        ...ridField,
      },
    ]);
  }

  private remove(s: Spectator): void {
    const watchers = this.byCharacter.get(s.characterId);
    if (!watchers?.delete(s)) return;
    if (watchers.size === 0) this.byCharacter.delete(s.characterId);
    const left = (this.perAccount.get(s.accountId) ?? 1) - 1;
    if (left <= 0) this.perAccount.delete(s.accountId);
    else this.perAccount.set(s.accountId, left);
    s.log.info({}, 'spectator disconnected');
  }

  private status(s: Spectator): OutEvent<'spectate:status'> {
    const data = {
      characterId: s.characterId,
      name: s.name,
      inWorld: s.inWorld,
      tick: this.deps.host.world.tick,
    };
    return { event: 'spectate:status', data };
  }

  /**
   * Mirrors events delivered to `playerId` to its spectators, without the answers to its own
   * requests and without rids; a spectator not yet synced starts at the first `player:sync`.
   */
  mirror(playerId: string, events: readonly OutEvent[]): void {
    const watchers = this.byCharacter.get(playerId);
    if (!watchers) return;
    for (const s of watchers) {
      let from = 0;
      if (!s.synced) {
        from = events.findIndex((e) => e.event === 'player:sync');
        if (from < 0) continue;
        s.synced = true;
        if (!s.inWorld) {
          s.inWorld = true;
          s.connection.queue([this.status(s)]);
        }
      }
      const out: OutEvent[] = [];
      for (let i = from; i < events.length; i++) {
        const e = events[i];
        if (!e || NOT_MIRRORED.has(e.event)) continue;
        out.push(e.rid === undefined ? e : ({ event: e.event, data: e.data } as OutEvent));
      }
      s.connection.queue(out);
    }
  }

  /** After each tick: tells spectators whose character left or entered, then sends their frames. */
  flush(limits: OutboundLimits): void {
    for (const [characterId, watchers] of this.byCharacter) {
      const inWorld = this.deps.host.isOnline(characterId);
      for (const s of watchers) {
        if (s.inWorld !== inWorld) {
          s.inWorld = inWorld;
          // Left: the mirror waits for the next login's full sync.
          if (!inWorld) s.synced = false;
          s.connection.queue([this.status(s)]);
        }
        s.connection.flush(limits);
      }
    }
  }

  /** Closes every spectate session (shutdown). */
  closeAll(code: number, reason: string): void {
    for (const watchers of [...this.byCharacter.values()])
      for (const s of [...watchers]) s.connection.close(code, reason);
  }
}
