import { CLOSE_CODES, PROTOCOL_VERSION, type ClientMessage, type Rid } from '@tilerealm/protocol';
import type { AgentService } from '../../agents/service';
import type { Authenticator } from '../../auth/authenticator';
import type { SessionTokens } from '../../auth/session-tokens';
import type { Content } from '../../content/load';
import type { CharacterRow, EquipmentSlot, ItemSlot, QuestProgressRow, Repositories } from '../../storage';
import type { OutEvent, PlayerRecord } from '../../sim/core/types';
import type { PlayerSink, WorldHost } from '../../world/world-host';
import type { SaveQueue } from '../../world/save-queue';
import { isSocialMessage, type SocialService } from '../../social/service';
import type { SocialLink } from '../../social/types';
import { ADMIN_ATTEMPTS_PER_MINUTE, AdminGate } from './admin-gate';
import { AttemptLimiter } from './attempt-limiter';
import type { Connection } from './connection';
import { guestCharacter } from './guest';
import { WS_LIMITS } from './limits';

export interface GatewayLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface GatewayDeps {
  host: WorldHost;
  repos: Repositories;
  content: Content;
  authenticator: Authenticator;
  sessions: SessionTokens;
  saves: SaveQueue;
  anonymousMode: boolean;
  adminCode: string | undefined;
  logger: GatewayLogger;
  reconnectGraceMs?: number;
  /** Count anonymous identities created over the socket by the authentication limit (per address). */
  rateLimitEnabled?: boolean;
  /** Answers the social events (friends, ignore lists, private messages) and sends presence. */
  social?: SocialService;
  /** Keeps agents' reports and tells an agent's session its goal state when it joins. */
  agents?: AgentService;
}

interface Attached {
  connection: Connection;
  sessionRowId: string;
  graceTimer?: NodeJS.Timeout;
}

/**
 * Connects WebSocket sessions to players in the world. One live session per character: a new login
 * takes the character over (the old connection gets close 4000) without leaving the world; a
 * dropped connection keeps its player in the world for the reconnect grace period; a login is
 * refused (4004) while the previous session's save is still being written.
 */
export class Gateway implements PlayerSink, SocialLink {
  private readonly byCharacter = new Map<string, Attached>();
  private readonly loading = new Set<string>();
  private readonly admin: AdminGate;
  private readonly newIdentities = new AttemptLimiter(ADMIN_ATTEMPTS_PER_MINUTE, 60_000);
  /** Connections still logging in (not yet attached to a character). */
  private readonly accepting = new Set<Connection>();
  /** Set by {@link closeAll}: the server is shutting down and takes no new session. */
  private closing = false;

  constructor(private readonly deps: GatewayDeps) {
    this.admin = new AdminGate(deps.adminCode);
    deps.host.attach(this);
    deps.social?.attach(this);
  }

  get connected(): number {
    return this.byCharacter.size;
  }

  /** Authenticates a connection and puts its character in the world (or resumes it); 1001 once closing. */
  async accept(
    connection: Connection,
    query: { token?: string; characterId?: string },
    authHeader: string | undefined,
  ): Promise<void> {
    if (this.closing) return connection.close(CLOSE_CODES.goingAway, 'server shutting down');
    this.accepting.add(connection);
    try {
      await this.login(connection, query, authHeader);
    } finally {
      this.accepting.delete(connection);
    }
  }

  private async login(
    connection: Connection,
    query: { token?: string; characterId?: string },
    authHeader: string | undefined,
  ): Promise<void> {
    const { deps } = this;
    let token = query.token;
    let issuedToken: string | undefined;
    let accountId: string;
    if (token === undefined && authHeader === undefined) {
      if (!deps.anonymousMode) return connection.close(CLOSE_CODES.unauthorized, 'a token is required');
      if (deps.rateLimitEnabled && !this.newIdentities.take(connection.remoteAddress)) {
        return connection.close(
          CLOSE_CODES.rateLimited,
          'too many new identities from this address: reconnect with your token',
        );
      }
      const user = await deps.repos.users.createAnonymous();
      accountId = user.id;
      issuedToken = (await deps.sessions.sign({ accountId, anonymous: true })).token;
      token = issuedToken;
    } else {
      const outcome =
        token !== undefined
          ? await deps.authenticator.fromToken(token)
          : await deps.authenticator.fromHeader(authHeader);
      if (!outcome.ok) return connection.close(CLOSE_CODES.unauthorized, outcome.message);
      accountId = outcome.auth.accountId;
    }
    const character = await this.chooseCharacter(
      accountId,
      query.characterId,
      issuedToken !== undefined || deps.anonymousMode,
    );
    if (!character)
      return connection.close(
        CLOSE_CODES.characterUnavailable,
        'no such character on this account: create one with POST /api/v1/player',
      );
    if (!connection.isOpen) return;
    await this.attach(connection, character, issuedToken);
  }

  private async chooseCharacter(
    accountId: string,
    characterId: string | undefined,
    mayCreate: boolean,
  ): Promise<CharacterRow | null> {
    const { repos, content } = this.deps;
    if (characterId !== undefined) {
      const row = await repos.characters.findById(characterId);
      return row && row.accountId === accountId ? row : null;
    }
    const last = await repos.characters.lastPlayed(accountId);
    if (last || !mayCreate) return last;
    return guestCharacter(repos, content, accountId);
  }

  private async attach(
    connection: Connection,
    character: CharacterRow,
    issuedToken: string | undefined,
  ): Promise<void> {
    const { deps } = this;
    const id = character.id;
    if (this.loading.has(id))
      return connection.close(CLOSE_CODES.savePending, 'this character is logging in on another connection');
    const previous = this.byCharacter.get(id);
    // An attached session means the player is in the world or its login is queued for the next tick.
    const inWorld = previous !== undefined || deps.host.isOnline(id);
    if (!inWorld && deps.saves.isPending(id)) {
      return connection.close(
        CLOSE_CODES.savePending,
        'the previous session is still being saved: try again in a moment',
      );
    }
    this.loading.add(id);
    try {
      if (previous) {
        if (previous.graceTimer) clearTimeout(previous.graceTimer);
        await deps.repos.sessions.close(
          previous.sessionRowId,
          previous.connection.isOpen ? 'replaced' : 'reconnected',
        );
        previous.connection.close(CLOSE_CODES.replaced, 'logged in from another connection');
      }
      const row = await deps.repos.sessions.open({
        characterId: id,
        accountId: character.accountId,
        ip: connection.remoteAddress,
        transport: `ws/${connection.format}`,
      });
      await deps.repos.users.touchLogin(character.accountId);
      await deps.repos.characters.update(id, { lastLoginAt: new Date() });
      if (!connection.isOpen) {
        await deps.repos.sessions.close(row.id, 'disconnected');
        return;
      }
      const attached: Attached = { connection, sessionRowId: row.id };
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
      } else {
        const [inventory, equipment, bank, ignored, quests] = await Promise.all([
          deps.repos.inventory.get(id),
          deps.repos.equipment.get(id),
          deps.repos.bank.get(id),
          deps.repos.social.listIgnored(character.accountId),
          deps.repos.quests.list(id),
        ]);
        const progress = { quests, nowMs: Date.now(), tickMs: deps.host.tickMs };
        const record = { ...toRecord(character, inventory, equipment, bank, progress), ignored };
        deps.host.enqueue({ type: 'login', record });
      }
      // Before the session's first message, so its lists arrive ahead of any social answer.
      void deps.social?.sessionStarted(character, previous !== undefined);
      void deps.agents?.sessionStarted(id);
      connection.ready({
        message: (m, rid) => this.onMessage(id, attached, m, rid),
        closed: () => this.onClosed(id, attached),
      });
      deps.logger.info(
        { characterId: id, resumed: inWorld, takeover: previous !== undefined },
        'player connected',
      );
    } finally {
      this.loading.delete(id);
    }
  }

  private onMessage(
    playerId: string,
    attached: Attached,
    message: ClientMessage,
    rid: Rid | undefined,
  ): void {
    if (this.byCharacter.get(playerId) !== attached) return;
    if (message.event === 'player:chat' && /^\/admin(\s|$)/i.test(message.data.message.trim())) {
      void this.admin.check(playerId, message.data.message.trim().slice(6).trim()).then((ok) => {
        if (ok) {
          this.deps.host.enqueue({ type: 'elevate', playerId });
          this.deliver(playerId, [
            {
              event: 'chat:message',
              data: {
                tick: this.deps.host.world.tick,
                channel: 'system',
                from: null,
                message: 'admin rights granted for this session',
              },
            },
          ]);
          if (rid !== undefined)
            this.deliver(playerId, [{ event: 'ack', data: { event: 'player:chat' }, rid }]);
        } else {
          this.deliver(playerId, [errorEvent('admin_code_invalid', 'wrong admin code', rid)]);
        }
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

  private onClosed(playerId: string, attached: Attached): void {
    if (this.byCharacter.get(playerId) !== attached) return; // replaced: the new session owns the character
    void this.deps.repos.sessions.close(attached.sessionRowId, 'disconnected').catch(() => undefined);
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

  deliver(playerId: string, events: OutEvent[]): void {
    this.byCharacter.get(playerId)?.connection.send(events);
  }

  /** Online: the character has a session (a dropped one counts until its grace period ends). */
  isOnline(characterId: string): boolean {
    return this.byCharacter.has(characterId);
  }

  /** The character's session has an open connection right now. */
  isConnected(characterId: string): boolean {
    return this.byCharacter.get(characterId)?.connection.isOpen === true;
  }

  disconnect(playerId: string, code: number, reason: string): void {
    const attached = this.byCharacter.get(playerId);
    if (!attached) return;
    this.byCharacter.delete(playerId);
    void this.deps.social?.sessionEnded(playerId);
    if (attached.graceTimer) clearTimeout(attached.graceTimer);
    attached.connection.close(code, reason);
    void this.deps.repos.sessions.close(attached.sessionRowId, reason).catch(() => undefined);
    this.deps.host.enqueue({ type: 'logout', playerId, reason });
  }

  /**
   * Graceful shutdown: no session starts from now on; every connection, logged in or logging in, is
   * told why and closed at once, before the session rows are written (a database that does not
   * answer delays only the rows; the next start closes rows left open).
   */
  async closeAll(code: number, reason: string): Promise<void> {
    this.closing = true;
    for (const connection of this.accepting) connection.close(code, reason);
    const rows: Array<Promise<unknown>> = [];
    for (const [id, attached] of this.byCharacter) {
      if (attached.graceTimer) clearTimeout(attached.graceTimer);
      attached.connection.close(code, reason);
      this.byCharacter.delete(id);
      rows.push(
        this.deps.repos.sessions
          .close(attached.sessionRowId, 'server_shutdown')
          .catch((err: unknown) =>
            this.deps.logger.warn({ err, characterId: id }, 'closing a session row at shutdown failed'),
          ),
      );
    }
    await Promise.all(rows);
  }
}

function errorEvent(code: 'admin_code_invalid', message: string, rid: Rid | undefined): OutEvent {
  const data = { code, message, ...(rid !== undefined ? { rid } : {}) };
  return rid === undefined ? { event: 'error', data } : { event: 'error', data, rid };
}

/** A character row (with its saved items: inventory, equipment and bank) as the world loads it. */
export function toRecord(
  c: CharacterRow,
  inventory: ItemSlot[],
  equipment: EquipmentSlot[],
  bank: ItemSlot[],
  progress: { quests: readonly QuestProgressRow[]; nowMs: number; tickMs: number } = {
    quests: [],
    nowMs: 0,
    tickMs: 600,
  },
): PlayerRecord {
  const cooldownMs = c.homeTeleportCooldownUntil ? c.homeTeleportCooldownUntil.getTime() - progress.nowMs : 0;
  return {
    id: c.id,
    accountId: c.accountId,
    name: c.name,
    x: Math.round(c.positionX),
    z: Math.round(c.positionZ),
    runEnergy: c.runEnergy,
    health: c.health,
    coins: c.coins,
    combatLevel: c.combatLevel,
    skills: {
      attack: { level: c.attackLevel, xp: c.attackXp },
      strength: { level: c.strengthLevel, xp: c.strengthXp },
      defense: { level: c.defenseLevel, xp: c.defenseXp },
      constitution: { level: c.constitutionLevel, xp: c.constitutionXp },
      ranged: { level: c.rangedLevel, xp: c.rangedXp },
      prayer: { level: c.prayerLevel, xp: c.prayerXp },
      woodcutting: { level: c.woodcuttingLevel, xp: c.woodcuttingXp },
      fishing: { level: c.fishingLevel, xp: c.fishingXp },
      firemaking: { level: c.firemakingLevel, xp: c.firemakingXp },
      cooking: { level: c.cookingLevel, xp: c.cookingXp },
      mining: { level: c.miningLevel, xp: c.miningXp },
      smithing: { level: c.smithingLevel, xp: c.smithingXp },
    },
    inventory,
    equipment,
    bank,
    prayerPoints: c.prayerPoints,
    activePrayers: Array.isArray(c.activePrayers) ? c.activePrayers.filter((x) => typeof x === 'string') : [],
    questPoints: c.questPoints,
    homeTeleportCooldownTicks: Math.max(0, Math.ceil(cooldownMs / progress.tickMs)),
    quests: progress.quests.flatMap((q) =>
      q.status === 'in_progress' || q.status === 'completed'
        ? [{ questId: q.questId, stage: q.stage, status: q.status, data: q.data }]
        : [],
    ),
  };
}
