import { CLOSE_CODES } from '@tilerealm/protocol';
import type { KeyedLimiter } from '../../redis/keyed-limiter';
import { runtimeSecretMatches } from '../../auth/runtime-secret';
import { AUTH_LIMIT } from '../http/plugins/rate-limit';
import { Counters, type CounterTable } from '../http/plugins/rate-limit-store';
import { ADMIN_ATTEMPTS_PER_MINUTE } from './admin-gate';
import { AttemptLimiter } from './attempt-limiter';
import type { Connection } from './connection';
import type { GatewayDeps } from './gateway-types';

/**
 * The WebSocket connections open per client address, up to a cap: `take` a slot when a socket
 * opens, `release` it when the socket closes. An address holding none is forgotten, so the table
 * holds only addresses with an open socket. A cap of 0 counts nothing and refuses nothing.
 */
export class ConnectionSlots {
  private readonly open = new Map<string, number>();
  /** Addresses refused since they last gave a slot back (each at its cap, so also in `open`). */
  private readonly refused = new Set<string>();

  constructor(readonly max: number) {}

  /** Takes a slot for a new socket from `address`; false when the address holds `max` already. */
  take(address: string): boolean {
    if (this.max <= 0) return true;
    const held = this.open.get(address) ?? 0;
    if (held >= this.max) return false;
    this.open.set(address, held + 1);
    return true;
  }

  /**
   * After a refused `take`: true for the address's first refusal since it last gave a slot back,
   * so a client churning against its cap is reported once, not once per socket.
   */
  firstRefusal(address: string): boolean {
    if (this.refused.has(address)) return false;
    this.refused.add(address);
    return true;
  }

  /** Gives back the slot of a socket from `address` that closed (once per successful `take`). */
  release(address: string): void {
    if (this.max <= 0) return;
    this.refused.delete(address);
    const left = (this.open.get(address) ?? 0) - 1;
    if (left <= 0) this.open.delete(address);
    else this.open.set(address, left);
  }

  /** The sockets `address` holds now. */
  heldBy(address: string): number {
    return this.open.get(address) ?? 0;
  }

  /** The addresses holding at least one socket. */
  get addresses(): number {
    return this.open.size;
  }
}

/**
 * The key a WebSocket login whose token was refused counts under in the authentication limit's
 * table (AUTH_COUNTER_TABLE): the address with a suffix of its own, so the socket's refused tokens
 * have their own budget beside the HTTP authentication endpoints' (`authAttemptKey`, which ends in
 * `auth`): sign-ins over HTTP never lock an address's WebSocket logins, nor the reverse.
 */
export const wsTokenRefusalKey = (address: string): string => `ip:${address}ws-token`;

/** Whether a socket takes a connection slot: `taken` (release it on close), `exempt`, `refused`. */
export type Admission = 'taken' | 'exempt' | 'refused';

/**
 * The limits a `/ws` login is held to per client address (`request.ip`, the address the HTTP
 * limits key on), all of them only while rate limits are on:
 *
 * - `connections`: at most `connectionsPerAddress` sockets open at once (more: 4015, before
 *   anything else is read; the route `admit`s a socket and releases its slot). The agent runtime's
 *   sockets, whose upgrade carries AGENT_RUNTIME_SECRET, are exempt: it plays every agent of its
 *   world from its one address;
 * - refused tokens (10 a minute, AUTH_LIMIT): every login whose token is refused counts, under
 *   {@link wsTokenRefusalKey} in the authentication limit's counter table (`authAttempts`, shared
 *   by every world with REDIS_URL), apart from the address's HTTP sign-ins. A login from an
 *   address that has used it up is closed with 4002 before its token is looked at. A valid token
 *   never counts;
 * - `newIdentities`: anonymous identities created over the socket (10 a minute; 4002).
 */
export class AddressLimits {
  readonly connections: ConnectionSlots;
  readonly newIdentities: KeyedLimiter;
  /** The refused tokens' counters; undefined with rate limits off. */
  private readonly authAttempts: CounterTable | undefined;
  private readonly agentRuntimeSecret: string | undefined;

  constructor(
    deps: Pick<
      GatewayDeps,
      'rateLimitEnabled' | 'connectionsPerAddress' | 'authAttempts' | 'newIdentities' | 'agentRuntimeSecret'
    >,
  ) {
    const on = deps.rateLimitEnabled === true;
    this.connections = new ConnectionSlots(on ? (deps.connectionsPerAddress ?? 0) : 0);
    this.newIdentities = deps.newIdentities ?? new AttemptLimiter(ADMIN_ATTEMPTS_PER_MINUTE, 60_000);
    this.authAttempts = on ? (deps.authAttempts ?? new Counters()) : undefined;
    this.agentRuntimeSecret = deps.agentRuntimeSecret;
  }

  /**
   * Admits a new socket from `address` under the connection cap: `taken` when it took a slot (give
   * it back with `connections.release` when the socket closes), `refused` when the address holds
   * the most it may (close it with 4015), `exempt` for the agent runtime's socket (`agentRuntime`:
   * its upgrade carried the secret, {@link isAgentRuntime}), which takes no slot and gives none
   * back. A wrong or missing secret is no error: the socket is counted like any other. With no cap,
   * every socket is `taken` (and releasing is a no-op).
   */
  admit(address: string, agentRuntime: boolean): Admission {
    if (this.connections.max <= 0) return 'taken';
    if (agentRuntime) return 'exempt';
    return this.connections.take(address) ? 'taken' : 'refused';
  }

  /**
   * Whether an upgrade's X-Agent-Runtime-Secret is the configured AGENT_RUNTIME_SECRET: the agent
   * runtime's socket (`Connection.agentRuntime`), exempt from every limit per address.
   */
  isAgentRuntime(runtimeSecret: string | string[] | undefined): boolean {
    return typeof runtimeSecret === 'string' && runtimeSecretMatches(runtimeSecret, this.agentRuntimeSecret);
  }

  /**
   * Closes the connection with 4002 when its address has used up its refused tokens' budget in the
   * current window (its token is then never checked); true when it did. The agent runtime's
   * sockets are never closed for it: someone sharing its address cannot lock its agents out.
   */
  async closeIfOverAuthLimit(connection: Connection): Promise<boolean> {
    if (this.authAttempts === undefined || connection.agentRuntime) return false;
    const key = wsTokenRefusalKey(connection.remoteAddress);
    const used = await this.authAttempts.peek(key, AUTH_LIMIT.timeWindow);
    if (used.current < AUTH_LIMIT.max) return false;
    connection.close(
      CLOSE_CODES.rateLimited,
      `too many refused tokens from this address: retry in ${Math.max(1, Math.ceil(used.ttl / 1000))} s`,
    );
    return true;
  }

  /**
   * Counts a login whose token was refused against its address's refused tokens' budget (not the
   * agent runtime's: its refused tokens are its own to mend, not its neighbours' to pay for).
   */
  async tokenRefused(connection: Connection): Promise<void> {
    if (this.authAttempts !== undefined && !connection.agentRuntime)
      await this.authAttempts.incr(wsTokenRefusalKey(connection.remoteAddress), AUTH_LIMIT.timeWindow);
  }
}
