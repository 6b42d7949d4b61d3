import {
  CLOSE_CODES,
  type ClientEventName,
  type ClientPayload,
  type ServerEventName,
  type ServerPayload,
  type WireFormat,
} from '@tilerealm/protocol';
import { reconnectPolicyOf, shouldRetry, type ReconnectPolicy } from './backoff';
import type {
  ClientState,
  GameClientOptions,
  LifecycleEvents,
  MessageMeta,
  ServerEventArgs,
} from './client-types';
import { Connection, type Welcome } from './connection';
import { connectionClosedError, ConnectionClosedError, NotConnectedError, TimeoutError } from './errors';
import { retryConnect, type RetryOutcome } from './reconnect';
import { TypedEmitter, type Handler } from './emitter';
import type { ServerMessage } from './inbound';
import { PendingRequests, type RequestResult } from './requests';
import { resolveWebSocket, type SocketTarget, type WebSocketCtor } from './transport';
import { isRefreshDue } from './token';
import { tokenRefreshPolicyOf, type TokenRefreshPolicy } from './token-refresh';
import type { WorldEntry } from './worlds';

interface Settings {
  ctor: WebSocketCtor;
  target: Omit<SocketTarget, 'token'>;
  policy: ReconnectPolicy | null;
  requestTimeoutMs: number;
  connectTimeoutMs: number;
  tokenRefresh: TokenRefreshPolicy | null;
}

/** Emits a validated message to its event's handlers (ServerMessage pairs each event with its payload). */
function dispatch<E extends ServerEventName>(
  emitter: TypedEmitter<ServerEventArgs>,
  event: E,
  data: ServerPayload<E>,
  meta: MessageMeta,
): void {
  // ServerEventArgs[E] is exactly [ServerPayload<E>, MessageMeta]; TypeScript cannot reduce the indexed mapped type.
  const args = [data, meta] as ServerEventArgs[E];
  emitter.emit(event, ...args);
}

/**
 * A typed connection to a tilerealm game server, for browsers, agents and tests. Resolves
 * `connect` only once the server has sent `session:welcome`, matches replies to requests by rid,
 * and reconnects with the same token after a drop so the player resumes where it was. Keeps that
 * token fresh: renews it through `POST /api/auth/refresh` once at most a fifth of its lifetime is
 * left (see `tokenRefresh`), so a long-running client never reconnects with an expired token.
 */
export class GameClient {
  /** Connection lifecycle events (`reconnecting`, `reconnected`, `disconnected`, `invalidMessage`). */
  readonly lifecycle = new TypedEmitter<LifecycleEvents>();
  private readonly events = new TypedEmitter<ServerEventArgs>();
  private readonly requests = new PendingRequests();
  private readonly waiters = new Set<(err: Error) => void>();
  private connection: Connection | null = null;
  private currentToken: string | undefined;
  private lastWelcome: Welcome | undefined;
  private lastTick = 0;
  private currentState: ClientState = 'connecting';
  private closedByClient = false;
  private cancelSleep: (() => void) | null = null;
  private refreshTimer: ReturnType<typeof setTimeout> | undefined;
  private refreshing: Promise<boolean> | null = null;

  private constructor(
    private readonly settings: Settings,
    token: string | undefined,
  ) {
    this.currentToken = token;
  }

  /**
   * Connects and resolves after `session:welcome`; rejects with ConnectionClosedError if refused
   * (LoggedInElsewhereError for 4011, WorldFullError for 4012).
   */
  static async connect(options: GameClientOptions): Promise<GameClient> {
    const { ctor, tokenIn } = await resolveWebSocket(options.WebSocket, options.headers);
    const client = new GameClient(
      {
        ctor,
        target: {
          url: options.url,
          characterId: options.characterId,
          format: options.format ?? 'msgpack',
          tokenIn: options.tokenIn ?? tokenIn,
          takeover: options.takeover === true,
          ...(options.spectate !== undefined ? { spectate: options.spectate } : {}),
          world: options.world,
          headers: { ...options.headers },
        },
        policy: reconnectPolicyOf(options.reconnect),
        requestTimeoutMs: options.requestTimeoutMs ?? 10_000,
        connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
        tokenRefresh: tokenRefreshPolicyOf(options.tokenRefresh, options.url),
      },
      options.token,
    );
    options.beforeConnect?.(client);
    await client.start();
    return client;
  }

  /**
   * Connects to a world of the list (`RestClient.listWorlds`) at its `address`. A refusal names
   * the world: WorldFullError (4012) carries `world.id`, LoggedInElsewhereError (4011) the world
   * holding the character. The session token works on every world of the deployment.
   */
  static connectToWorld(
    world: WorldEntry,
    options: Omit<GameClientOptions, 'url' | 'world'>,
  ): Promise<GameClient> {
    return GameClient.connect({ ...options, url: world.address, world: world.id });
  }

  /** The last `session:welcome` (replaced on every reconnect). */
  get welcome(): Welcome | undefined {
    return this.lastWelcome;
  }

  /** The session token: the one given, or the one an anonymous-mode server issued in the welcome. */
  get token(): string | undefined {
    return this.currentToken;
  }

  /**
   * Replaces the session token used by the next connection attempt (a reconnect), e.g. after the
   * caller renewed it itself. The open connection is not affected: it was authenticated at login.
   */
  setToken(token: string): void {
    this.currentToken = token;
  }

  /**
   * Renews the session token through `POST /api/auth/refresh` when it is due (at most the
   * `tokenRefresh` threshold of its lifetime left); resolves true when it was renewed. Never
   * rejects: a failure is reported as lifecycle `tokenRefreshFailed` and the current token kept (it
   * is tried again at the next check). Concurrent calls share one renewal.
   */
  refreshTokenIfDue(): Promise<boolean> {
    const policy = this.settings.tokenRefresh;
    const token = this.currentToken;
    if (!policy || token === undefined || !isRefreshDue(token, policy.now(), policy.threshold))
      return Promise.resolve(false);
    this.refreshing ??= policy
      .renew(token)
      .then((fresh) => {
        // A token given meanwhile (setToken, a welcome) is newer than the one renewed: keep it.
        if (this.currentToken === token) this.currentToken = fresh.token;
        this.lifecycle.emit('tokenRefreshed', { token: fresh.token, expiresAt: fresh.expiresAt });
        return true;
      })
      .catch((err: unknown) => {
        const error = err instanceof Error ? err : new Error(String(err));
        this.lifecycle.emit('tokenRefreshFailed', { error });
        return false;
      })
      .finally(() => {
        this.refreshing = null;
      });
    return this.refreshing;
  }

  /** The latest server tick seen in any message. */
  get tick(): number {
    return this.lastTick;
  }

  get state(): ClientState {
    return this.currentState;
  }

  /** The negotiated wire format of the current connection. */
  get format(): WireFormat {
    return this.connection?.format ?? this.settings.target.format;
  }

  /** Subscribes to a server event; returns the unsubscribe function. */
  on<E extends ServerEventName>(event: E, handler: Handler<ServerEventArgs[E]>): () => void {
    return this.events.on(event, handler);
  }

  off<E extends ServerEventName>(event: E, handler: Handler<ServerEventArgs[E]>): void {
    this.events.off(event, handler);
  }

  once<E extends ServerEventName>(event: E, handler: Handler<ServerEventArgs[E]>): () => void {
    return this.events.once(event, handler);
  }

  /**
   * The next `event` whose payload satisfies `predicate`. Rejects with a TimeoutError after
   * `timeoutMs` (no limit when omitted) and with ConnectionClosedError if the client closes for good.
   * Survives reconnects: events from the new connection count.
   */
  waitFor<E extends ServerEventName>(
    event: E,
    predicate?: (data: ServerPayload<E>) => boolean,
    timeoutMs?: number,
  ): Promise<ServerPayload<E>> {
    if (this.currentState === 'closed') return Promise.reject(new NotConnectedError(event));
    return new Promise((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const cleanup = (): void => {
        off();
        clearTimeout(timer);
        this.waiters.delete(fail);
      };
      const fail = (err: Error): void => {
        cleanup();
        reject(err);
      };
      const off = this.events.on(event, (...args: ServerEventArgs[E]) => {
        const [data] = args;
        try {
          if (predicate && !predicate(data)) return;
        } catch (err) {
          fail(err instanceof Error ? err : new Error(String(err)));
          return;
        }
        cleanup();
        resolve(data);
      });
      this.waiters.add(fail);
      if (timeoutMs !== undefined)
        timer = setTimeout(() => fail(new TimeoutError('wait', event, timeoutMs)), timeoutMs);
    });
  }

  /** Sends an event without a rid: no reply, errors (if any) arrive as rid-less `error` events. */
  send<E extends ClientEventName>(event: E, data: ClientPayload<E>): void {
    if (!this.connection || this.currentState !== 'open') throw new NotConnectedError(event);
    this.connection.send({ event, data });
  }

  /**
   * Sends an event with a fresh rid and resolves with the reply's payload (`ack`, or `pong` for
   * ping, `player:sync` for player:requestSync). Rejects with GameError when the server answers
   * `error`, TimeoutError after `timeoutMs`, ConnectionClosedError if the connection drops first.
   */
  request<E extends ClientEventName>(
    event: E,
    data: ClientPayload<E>,
    options: { timeoutMs?: number } = {},
  ): Promise<RequestResult<E>> {
    if (!this.connection || this.currentState !== 'open') return Promise.reject(new NotConnectedError(event));
    const { rid, promise } = this.requests.create(event, options.timeoutMs ?? this.settings.requestTimeoutMs);
    try {
      this.connection.send({ event, data, rid });
    } catch (err) {
      this.requests.cancel(rid);
      return Promise.reject(err);
    }
    return promise;
  }

  /** Closes the connection for good (no reconnect); resolves once the socket is closed. */
  async close(code: number = CLOSE_CODES.normal, reason = 'client closed'): Promise<void> {
    if (this.currentState === 'closed') return;
    this.closedByClient = true;
    this.cancelSleep?.();
    const connection = this.connection;
    this.connection = null;
    this.finish(code, reason, true);
    if (connection) await connection.close(code, reason);
  }

  private async start(): Promise<void> {
    try {
      await this.refreshTokenIfDue();
      await this.attempt();
      this.scheduleRefresh();
    } catch (err) {
      const policy = this.settings.policy;
      if (policy && err instanceof ConnectionClosedError && err.code === CLOSE_CODES.savePending) {
        const outcome = await this.retry(policy, err.code, err.reason);
        if (!outcome.ok) {
          this.currentState = 'closed';
          throw outcome.error;
        }
        this.scheduleRefresh();
        return;
      }
      this.currentState = 'closed';
      throw err;
    }
  }

  /** One connection attempt with the current token; resolves with its welcome. */
  private async attempt(): Promise<Welcome> {
    const connection: Connection = new Connection(
      this.settings.ctor,
      { ...this.settings.target, token: this.currentToken },
      {
        onMessage: (message) => this.handleMessage(message),
        onInvalid: (reason, event) => this.lifecycle.emit('invalidMessage', { reason, event }),
        onDrop: (code, reason) => {
          if (this.connection === connection) this.handleDrop(code, reason);
        },
      },
      this.settings.connectTimeoutMs,
    );
    this.connection = connection;
    try {
      const welcome = await connection.welcome;
      if (this.connection === connection) this.currentState = 'open';
      // A takeover is asked once: a reconnect must not take the character back from a later login.
      this.settings.target.takeover = false;
      return welcome;
    } catch (err) {
      if (this.connection === connection) this.connection = null;
      throw err;
    }
  }

  private handleMessage(message: ServerMessage): void {
    const data = message.data;
    if ('tick' in data && typeof data.tick === 'number') this.lastTick = data.tick;
    if (message.event === 'session:welcome') {
      this.lastWelcome = message.data;
      if (message.data.token !== undefined) this.currentToken = message.data.token;
    }
    this.requests.settle(message);
    dispatch(this.events, message.event, message.data, { rid: message.rid });
  }

  private handleDrop(code: number, reason: string): void {
    this.connection = null;
    this.requests.rejectAll(connectionClosedError(code, reason, 'connected', this.settings.target.world));
    if (this.closedByClient) return;
    const policy = this.settings.policy;
    if (!policy || !shouldRetry(code)) {
      this.finish(code, reason, false);
      return;
    }
    void this.retry(policy, code, reason).then((outcome) => {
      if (!outcome.ok && !this.closedByClient) this.finish(outcome.code, outcome.reason, false);
    });
  }

  /** Runs the reconnect loop of reconnect.ts against this client. */
  private retry(policy: ReconnectPolicy, code: number, reason: string): Promise<RetryOutcome> {
    this.currentState = 'reconnecting';
    return retryConnect(
      {
        policy,
        attempt: async () => {
          await this.refreshTokenIfDue();
          return this.attempt();
        },
        sleep: (ms) => this.sleep(ms),
        cancelled: () => this.closedByClient,
        onReconnecting: (info) => this.lifecycle.emit('reconnecting', info),
        onReconnected: (info) => this.lifecycle.emit('reconnected', info),
      },
      code,
      reason,
    );
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.cancelSleep = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.cancelSleep = done;
    });
  }

  /** Checks the token every `intervalMs` until the client closes (the timer never keeps Node alive). */
  private scheduleRefresh(): void {
    const policy = this.settings.tokenRefresh;
    if (!policy || this.currentState === 'closed') return;
    clearTimeout(this.refreshTimer);
    const timer = setTimeout(() => {
      void this.refreshTokenIfDue().then(() => this.scheduleRefresh());
    }, policy.intervalMs);
    if (typeof timer === 'object' && 'unref' in timer) timer.unref();
    this.refreshTimer = timer;
  }

  private finish(code: number, reason: string, byClient: boolean): void {
    clearTimeout(this.refreshTimer);
    this.refreshTimer = undefined;
    this.currentState = 'closed';
    const err = connectionClosedError(code, reason, 'connected', this.settings.target.world);
    this.requests.rejectAll(err);
    for (const fail of [...this.waiters]) fail(err);
    this.lifecycle.emit('disconnected', { code, reason, byClient });
  }
}
