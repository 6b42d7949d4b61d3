import { CLOSE_CODES, PROTOCOL_VERSION, type ClientMessage, type Rid } from '@tilerealm/protocol';
import type { CharacterRow } from '../../storage';
import type { OutEvent } from '../../sim/core/types';
import { LEASE_LOST_REASON, type PlayerSink } from '../../world/world-host';
import { isSocialMessage } from '../../social/service';
import type { SocialLink } from '../../social/types';
import { AdminGate, adminAnswer } from './admin-gate';
import { agentRunningRefusal } from './agent-guard';
import { AddressLimits } from './address-limits';
import type { Connection } from './connection';
import { chooseCharacter } from './guest';
import { WS_LIMITS } from './limits';
import { SessionRids } from './session-rids';
import { Spectators } from './spectators';
import { WireTraffic } from './traffic';
import { loadRecord } from './player-record';
import { loginIdentity } from './login-identity';
import type { Attached, DeleteOutcome, GatewayDeps, LoginQuery } from './gateway-types';
import { deleteUnderLease, leaseForLogin, WORLD_FULL_REASON } from './leases';

export type { CrossWorld, DeleteOutcome, GatewayDeps, LoginQuery } from './gateway-types';

/**
 * Connects WebSocket sessions to players in the world. One live session per character: a new login
 * takes the character over (close 4000 to the old one) without leaving the world; a dropped one
 * stays in the world for the reconnect grace; a login is refused while the previous save is pending
 * (4004), another world holds the lease (4011), the world is full (4012) or the character is a running
 * agent's (4013); per-address limits ({@link AddressLimits}) come first. A session receives only its
 * own answers ({@link SessionRids}); its events go out as one frame per tick (`flush`).
 * A `spectate` login is a read-only watcher of the account's character instead ({@link Spectators}).
 */
export class Gateway implements PlayerSink, SocialLink {
  private readonly byCharacter = new Map<string, Attached>();
  private readonly loading = new Set<string>();
  /** Characters being deleted: a login waits for nothing, it is refused. */
  private readonly deleting = new Set<string>();
  private readonly admin: AdminGate;
  readonly limits: AddressLimits; // per address: connection cap (the route's), refused tokens, new identities
  /** The last internal request id handed out (unique across sessions). */
  private lastRid = 0;
  /** Connections still logging in (not yet attached to a character). */
  private readonly accepting = new Set<Connection>();
  private closing = false; // draining ({@link refuseLogins}, {@link closeAll}): no new session
  /** Messages, bytes and connections of this gateway's sockets, for the metrics. */
  readonly traffic = new WireTraffic();
  /** Read-only spectate sessions, which mirror what their character's session is delivered. */
  readonly spectators: Spectators;

  constructor(private readonly deps: GatewayDeps) {
    this.admin = new AdminGate(deps.adminCode);
    this.limits = new AddressLimits(deps);
    this.spectators = new Spectators(deps, this.limits);
    deps.host.attach(this);
    deps.social?.attach(this);
    deps.leases.watch({
      inUse: (id) => this.characterInUse(id) !== undefined,
      lost: (id) => this.endLostLease(id),
    });
  }

  get connected(): number {
    return this.byCharacter.size;
  }

  /** Authenticates a connection and puts its character in the world (or resumes it); 1001 once closing. */
  async accept(connection: Connection, query: LoginQuery, authHeader: string | undefined): Promise<void> {
    if (this.closing) return connection.close(CLOSE_CODES.goingAway, 'server shutting down');
    this.accepting.add(connection);
    try {
      if (await this.limits.closeIfOverAuthLimit(connection)) return;
      if (query.spectate !== undefined)
        await this.spectators.accept(connection, query.spectate, query.token, authHeader);
      else await this.login(connection, query, authHeader);
    } finally {
      this.accepting.delete(connection);
    }
  }

  private async login(
    connection: Connection,
    query: LoginQuery,
    authHeader: string | undefined,
  ): Promise<void> {
    const { deps } = this;
    const who = await loginIdentity(deps, connection, query, authHeader, this.limits);
    if (!who.ok) return connection.close(who.code, who.reason);
    const { accountId, issuedToken, agentId: tokenAgentId } = who;
    const character = await chooseCharacter(
      deps.repos,
      deps.content,
      accountId,
      query.characterId,
      issuedToken !== undefined || deps.anonymousMode,
    );
    if (!character)
      return connection.close(
        CLOSE_CODES.characterUnavailable,
        'no such character on this account: create one with POST /api/v1/player',
      );
    const refusal = await agentRunningRefusal(deps.repos, character, tokenAgentId);
    if (refusal !== undefined) return connection.close(CLOSE_CODES.agentRunning, refusal);
    if (!connection.isOpen) return;
    await this.attach(connection, character, issuedToken, query.takeover === true);
  }

  /** Players in the world or on their way in (logins being loaded count already). */
  private present(): number {
    let arriving = 0;
    for (const id of this.loading) if (!this.byCharacter.has(id)) arriving++;
    return Math.max(this.byCharacter.size, this.deps.host.playersOnline()) + arriving;
  }

  private async attach(
    connection: Connection,
    character: CharacterRow,
    issuedToken: string | undefined,
    takeover: boolean,
  ): Promise<void> {
    const { deps } = this;
    const id = character.id;
    if (this.deleting.has(id))
      return connection.close(CLOSE_CODES.characterUnavailable, 'this character is being deleted');
    if (this.loading.has(id))
      return connection.close(CLOSE_CODES.savePending, 'this character is logging in on another connection');
    const previous = this.byCharacter.get(id);
    // An attached session means the player is in the world or its login is queued for the next tick.
    const inWorld = previous !== undefined || deps.host.isOnline(id);
    // A player already in the world (a resume, a takeover) always gets back in.
    if (!inWorld && this.present() >= deps.world.capacity)
      return connection.close(CLOSE_CODES.worldFull, WORLD_FULL_REASON);
    if (!inWorld && deps.saves.isPending(id)) {
      return connection.close(
        CLOSE_CODES.savePending,
        'the previous session is still being saved: try again in a moment',
      );
    }
    this.loading.add(id);
    let attached: Attached | undefined;
    let leased = false;
    try {
      if (!(leased = await leaseForLogin(deps, connection, id, takeover))) return;
      // Held against deletion from here on: it may have been deleted while this login read it.
      if (!previous && !(await deps.repos.characters.findById(id)))
        return connection.close(CLOSE_CODES.characterUnavailable, 'this character no longer exists');
      if (previous) {
        if (previous.graceTimer) clearTimeout(previous.graceTimer);
        await deps.repos.sessions.close(
          previous.sessionRowId,
          previous.connection.isOpen ? 'replaced' : 'reconnected',
        );
        previous.connection.close(CLOSE_CODES.replaced, 'logged in from another connection');
        previous.rids.clear();
      }
      // Loaded before the session is registered: from the welcome on, a disconnect (a kick, a
      // takeover) enqueues the logout, which must come after this login's command. Before the
      // session row too, so a read that fails leaves no row open.
      const record = inWorld ? undefined : await loadRecord(deps.repos, character, deps.host.tickMs);
      const row = await deps.repos.sessions.open({
        characterId: id,
        accountId: character.accountId,
        worldId: deps.world.id,
        ip: connection.remoteAddress,
        transport: `ws/${connection.format}`,
      });
      await deps.leases.attachSession(id, row.id);
      await deps.repos.users.touchLogin(character.accountId);
      await deps.repos.characters.update(id, { lastLoginAt: new Date() });
      if (!connection.isOpen) {
        await deps.repos.sessions.close(row.id, 'disconnected');
        return;
      }
      const rids = new SessionRids(() => ++this.lastRid, WS_LIMITS.requestsInFlight);
      const log = deps.logger.child({
        reqId: connection.requestId,
        sessionId: row.id,
        accountId: character.accountId,
        characterId: id,
      });
      attached = { connection, sessionRowId: row.id, rids, log };
      this.byCharacter.set(id, attached);
      connection.send([
        {
          event: 'session:welcome',
          data: {
            protocolVersion: PROTOCOL_VERSION,
            playerId: id,
            accountId: character.accountId,
            name: character.name,
            tick: deps.host.world.tick,
            tickMs: deps.host.tickMs,
            resumed: inWorld,
            ...(issuedToken ? { token: issuedToken } : {}),
          },
        },
      ]);
      if (inWorld) {
        // Still in the world (a resume, or a logout waiting for combat to end): keep it there.
        deps.host.enqueue({ type: 'attach', playerId: id });
        deps.host.enqueue({
          type: 'client',
          playerId: id,
          message: { event: 'player:requestSync', data: {} },
          rid: undefined,
        });
      } else if (record) {
        deps.saves.loaded(record);
        deps.host.enqueue({ type: 'login', record });
      }
      // Before the session's first message, so its lists arrive ahead of any social answer.
      void deps.social?.sessionStarted(character, previous !== undefined);
      void deps.agents?.sessionStarted(id);
      const ready = attached;
      connection.ready({
        message: (m, rid) => this.onMessage(id, ready, m, rid),
        closed: (code) => this.onClosed(id, ready, code),
      });
      log.info({ resumed: inWorld, takeover: previous !== undefined }, 'player connected');
    } catch (err) {
      this.abandonLogin(id, previous, attached);
      throw err;
    } finally {
      // A login that did not put the character here lets its lease go.
      if (leased && !this.byCharacter.has(id) && !deps.host.isOnline(id)) void deps.leases.release(id);
      this.loading.delete(id);
    }
  }

  /**
   * A login failed half-way (the database went away): the new session, if registered, never became
   * ready, so it is unregistered; a dropped session it was taking over gets its grace period back.
   */
  private abandonLogin(id: string, previous: Attached | undefined, attached: Attached | undefined): void {
    if (attached && this.byCharacter.get(id) === attached) {
      this.byCharacter.delete(id);
      this.deps.repos.sessions.close(attached.sessionRowId, 'disconnected').catch((err: unknown) => {
        attached.log.warn({ err }, 'could not close the session row of a failed login');
      });
    }
    if (previous && this.byCharacter.get(id) === previous && !previous.connection.isOpen) {
      this.onClosed(id, previous, CLOSE_CODES.replaced);
    }
  }

  private onMessage(
    playerId: string,
    attached: Attached,
    message: ClientMessage,
    clientRid: Rid | undefined,
  ): void {
    if (this.byCharacter.get(playerId) !== attached) return;
    // From here on the request carries the internal rid; deliver() maps its answers back.
    const rid = clientRid === undefined ? undefined : attached.rids.inbound(clientRid);
    if (message.event === 'player:chat' && /^\/admin(\s|$)/i.test(message.data.message.trim())) {
      void this.admin.check(playerId, message.data.message.trim().slice(6).trim()).then((ok) => {
        // Admin rights belong to the session that entered the code, not to one that took over.
        if (this.byCharacter.get(playerId) !== attached) return;
        if (ok) this.deps.host.enqueue({ type: 'elevate', playerId });
        this.deliver(playerId, adminAnswer(ok, this.deps.host.world.tick, rid));
      });
      return;
    }
    if (this.deps.social && isSocialMessage(message)) {
      void this.deps.social.handle(playerId, message, rid);
      return;
    }
    if (message.event === 'agent:report') {
      void this.deps.agents?.report(playerId, message.data.goal, rid);
      return;
    }
    this.deps.host.enqueue({ type: 'client', playerId, message, rid });
  }

  private onClosed(playerId: string, attached: Attached, code: number): void {
    attached.rids.clear();
    if (this.byCharacter.get(playerId) !== attached) return; // replaced: the new session owns the character
    const tooSlow = code === CLOSE_CODES.tooSlow;
    if (tooSlow) {
      attached.log.warn(
        { unsentBytes: attached.connection.unsentBytes },
        'closed a connection that stopped reading its messages (4008)',
      );
    }
    void this.closeSessionRow(attached, tooSlow ? 'too_slow' : 'disconnected');
    this.deps.host.enqueue({ type: 'detach', playerId });
    const grace = this.deps.reconnectGraceMs ?? WS_LIMITS.reconnectGraceMs;
    attached.graceTimer = setTimeout(() => {
      if (this.byCharacter.get(playerId) !== attached) return;
      this.byCharacter.delete(playerId);
      void this.deps.social?.sessionEnded(playerId);
      this.deps.host.enqueue({ type: 'logout', playerId, reason: 'disconnected' });
    }, grace);
    attached.graceTimer.unref();
  }

  /** Queues events for the player's next frame (`flush`); answers to another session's requests are dropped. */
  deliver(playerId: string, events: OutEvent[]): void {
    this.spectators.mirror(playerId, events);
    const attached = this.byCharacter.get(playerId);
    if (attached?.connection.isOpen)
      attached.connection.queue(events.flatMap((e) => attached.rids.outbound(e) ?? []));
  }

  /** Sends every session's queued events as one frame each (after each tick). */
  flush(): void {
    const limits = this.deps.outbound ?? WS_LIMITS.outbound;
    for (const attached of this.byCharacter.values()) attached.connection.flush(limits);
    this.spectators.flush(limits);
  }

  /** Why a character may not be deleted now (logging in, a session, in the world, a save pending). */
  characterInUse(characterId: string): 'character_online' | 'save_pending' | undefined {
    const { host, saves } = this.deps;
    if (this.loading.has(characterId) || this.deleting.has(characterId)) return 'character_online';
    if (this.byCharacter.has(characterId) || host.isOnline(characterId)) return 'character_online';
    if (saves.isPending(characterId)) return 'save_pending';
    return undefined;
  }

  /**
   * Deletes a character with `remove` unless it is in use here ({@link characterInUse}) or on another
   * world; holding its lease (which goes with it) while no login here starts, so none on any world can.
   */
  async deleteCharacter(characterId: string, remove: () => Promise<void>): Promise<DeleteOutcome> {
    const busy = this.characterInUse(characterId);
    if (busy) return { status: busy };
    this.deleting.add(characterId);
    try {
      return await deleteUnderLease(this.deps.leases, characterId, remove);
    } finally {
      this.deleting.delete(characterId);
    }
  }

  /** A takeover from another world: the session ends (4000), the character logs out; false when not here. */
  logoutForTakeover(characterId: string): boolean {
    if (!this.byCharacter.has(characterId)) return this.deps.host.isOnline(characterId);
    this.disconnect(characterId, CLOSE_CODES.replaced, 'logged in on another world', 'disconnected');
    return true;
  }

  /** Another world took the character's lease over: nothing played here can be saved any more. */
  private endLostLease(id: string): void {
    if (this.byCharacter.has(id)) this.disconnect(id, CLOSE_CODES.loggedInElsewhere, LEASE_LOST_REASON);
    else this.deps.host.enqueue({ type: 'logout', playerId: id, reason: 'lease_lost' });
  }

  /** Online: the character has a session (a dropped one counts until its grace period ends). */
  isOnline(characterId: string): boolean {
    return this.byCharacter.has(characterId);
  }

  /** The character's session has an open connection right now. */
  isConnected(characterId: string): boolean {
    return this.byCharacter.get(characterId)?.connection.isOpen === true;
  }

  /** Ends the character's session (close `code`) and logs it out (`logoutReason`, default `reason`). */
  disconnect(playerId: string, code: number, reason: string, logoutReason = reason): void {
    const attached = this.byCharacter.get(playerId);
    if (!attached) return;
    this.byCharacter.delete(playerId);
    void this.deps.social?.sessionEnded(playerId);
    if (attached.graceTimer) clearTimeout(attached.graceTimer);
    attached.connection.close(code, reason);
    void this.closeSessionRow(attached, reason);
    this.deps.host.enqueue({ type: 'logout', playerId, reason: logoutReason });
  }

  /** Ends a session row (its history); a failure leaves the row open, which is logged, never thrown. */
  private closeSessionRow(attached: Attached, reason: string): Promise<void> {
    return this.deps.repos.sessions.close(attached.sessionRowId, reason).then(
      () => undefined,
      (err: unknown) => attached.log.warn({ err, reason }, 'closing a session row failed'),
    );
  }

  /** A drain's first step: no session starts from now on (logins closed with 1001); sessions go on. */
  refuseLogins(reason: string): void {
    this.closing = true;
    for (const connection of this.accepting) connection.close(CLOSE_CODES.goingAway, reason);
  }

  /**
   * Graceful shutdown: every connection, logged in or logging in, is told why (`session:closing`) and
   * closed at once, before the session rows are written (the next start closes rows left open).
   */
  async closeAll(code: number, reason: string): Promise<void> {
    this.closing = true;
    for (const connection of this.accepting) connection.close(code, reason);
    this.spectators.closeAll(code, reason);
    const rows: Array<Promise<unknown>> = [];
    for (const [id, attached] of this.byCharacter) {
      if (attached.graceTimer) clearTimeout(attached.graceTimer);
      attached.connection.close(code, reason);
      this.byCharacter.delete(id);
      rows.push(this.closeSessionRow(attached, 'server_shutdown'));
    }
    await Promise.all(rows);
  }
}
