import type { ClientEventName, Rid, ServerEventName, ServerPayload } from '@tilerealm/protocol';
import { GameError, TimeoutError } from './errors';
import { replyRidOf, type ServerMessage } from './inbound';

/**
 * Client events the server answers with a dedicated event instead of `ack`. Every other
 * request is answered with `ack {event, result?}` once the world has applied it.
 */
export const DIRECT_REPLIES = {
  ping: 'pong',
  'player:requestSync': 'player:sync',
} as const satisfies Partial<Record<ClientEventName, ServerEventName>>;

/** The server event that answers a request of client event `E`. */
export type ReplyEvent<E extends ClientEventName> = E extends keyof typeof DIRECT_REPLIES
  ? (typeof DIRECT_REPLIES)[E]
  : 'ack';

/** What `request(E, ...)` resolves with: the payload of the reply event. */
export type RequestResult<E extends ClientEventName> = ServerPayload<ReplyEvent<E>>;

export function replyEventOf<E extends ClientEventName>(event: E): ReplyEvent<E> {
  const direct: Partial<Record<ClientEventName, ServerEventName>> = DIRECT_REPLIES;
  // DIRECT_REPLIES is the single table ReplyEvent is computed from, so the lookup has that type.
  return (direct[event] ?? 'ack') as ReplyEvent<E>;
}

interface Pending {
  event: ClientEventName;
  expect: ServerEventName;
  resolve(data: unknown): void;
  reject(err: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Tracks requests in flight by rid. rids are small increasing integers, unique per client (not
 * per connection), so a late reply from a dropped connection can never settle a newer request.
 */
export class PendingRequests {
  private nextRid = 1;
  private readonly pending = new Map<Rid, Pending>();

  /** Registers a request; the promise settles on its reply, its error, a timeout or `rejectAll`. */
  create<E extends ClientEventName>(
    event: E,
    timeoutMs: number,
  ): { rid: number; promise: Promise<RequestResult<E>> } {
    const rid = this.nextRid++;
    const expect = replyEventOf(event);
    const promise = new Promise<RequestResult<E>>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(rid);
        reject(new TimeoutError('request', event, timeoutMs));
      }, timeoutMs);
      this.pending.set(rid, {
        event,
        expect,
        // Only called by settle() with the payload of an `expect` event, validated by its schema.
        resolve: (data) => resolve(data as RequestResult<E>),
        reject,
        timer,
      });
    });
    return { rid, promise };
  }

  /**
   * Settles the request a message answers, if any: `error` (or `tradeError`, which answers the
   * trade events) rejects with a GameError, the expected
   * reply event resolves. Other events that happen to carry the rid are left to the listeners.
   */
  settle(message: ServerMessage): boolean {
    const rid = replyRidOf(message);
    if (rid === undefined) return false;
    const entry = this.pending.get(rid);
    if (!entry) return false;
    if (message.event === 'error' || message.event === 'tradeError') {
      this.finish(rid, entry);
      entry.reject(new GameError(message.data.code, message.data.message, rid, entry.event));
      return true;
    }
    if (message.event !== entry.expect) return false;
    this.finish(rid, entry);
    entry.resolve(message.data);
    return true;
  }

  /** Fails every request in flight (the connection they were sent on is gone). */
  rejectAll(err: Error): void {
    for (const [rid, entry] of [...this.pending]) {
      this.finish(rid, entry);
      entry.reject(err);
    }
  }

  /** Cancels a request that could not be sent. */
  cancel(rid: Rid): void {
    const entry = this.pending.get(rid);
    if (entry) this.finish(rid, entry);
  }

  get size(): number {
    return this.pending.size;
  }

  private finish(rid: Rid, entry: Pending): void {
    clearTimeout(entry.timer);
    this.pending.delete(rid);
  }
}
