import { CLOSE_CODES } from '@tilerealm/protocol';
import type { KeyedLimiter } from '../../redis/keyed-limiter';
import { AUTH_LIMIT, authAttemptKey } from '../http/plugins/rate-limit';
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
 * The limits a `/ws` login is held to per client address (`request.ip`, the address the HTTP
 * limits key on), all of them only while rate limits are on:
 *
 * - `connections`: at most `connectionsPerAddress` sockets open at once (more: 4015, before
 *   anything else is read; the route takes and releases the slots);
 * - the authentication limit (10 a minute, AUTH_LIMIT): every login whose token is refused counts,
 *   in the HTTP authentication endpoints' own counter (`authAttempts`, shared by every world with
 *   REDIS_URL), so the HTTP sign-ins and the socket's refused tokens use up one budget. A login
 *   from an address that has used it up is closed with 4002 before its token is looked at. A valid
 *   token never counts;
 * - `newIdentities`: anonymous identities created over the socket (10 a minute; 4002).
 */
export class AddressLimits {
  readonly connections: ConnectionSlots;
  readonly newIdentities: KeyedLimiter;
  /** The authentication limit's counters; undefined with rate limits off. */
  private readonly authAttempts: CounterTable | undefined;

  constructor(
    deps: Pick<GatewayDeps, 'rateLimitEnabled' | 'connectionsPerAddress' | 'authAttempts' | 'newIdentities'>,
  ) {
    const on = deps.rateLimitEnabled === true;
    this.connections = new ConnectionSlots(on ? (deps.connectionsPerAddress ?? 0) : 0);
    this.newIdentities = deps.newIdentities ?? new AttemptLimiter(ADMIN_ATTEMPTS_PER_MINUTE, 60_000);
    this.authAttempts = on ? (deps.authAttempts ?? new Counters()) : undefined;
  }

  /**
   * Closes the connection with 4002 when its address has used up the authentication limit in the
   * current window (its token is then never checked); true when it did.
   */
  async closeIfOverAuthLimit(connection: Connection): Promise<boolean> {
    if (this.authAttempts === undefined) return false;
    const key = authAttemptKey(connection.remoteAddress);
    const used = await this.authAttempts.peek(key, AUTH_LIMIT.timeWindow);
    if (used.current < AUTH_LIMIT.max) return false;
    connection.close(
      CLOSE_CODES.rateLimited,
      `too many authentication attempts from this address: retry in ${Math.max(1, Math.ceil(used.ttl / 1000))} s`,
    );
    return true;
  }

  /** Counts a login from `address` whose token was refused against the authentication limit. */
  async tokenRefused(address: string): Promise<void> {
    if (this.authAttempts !== undefined)
      await this.authAttempts.incr(authAttemptKey(address), AUTH_LIMIT.timeWindow);
  }
}
