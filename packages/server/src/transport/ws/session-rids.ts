import type { Rid } from '@tilerealm/protocol';
import type { OutEvent } from '../../sim/core/types';

/** The events that answer a request (the SDK's replies): once sent, the request is done. */
const FINAL_REPLIES: ReadonlySet<string> = new Set(['ack', 'error', 'tradeError', 'pong', 'player:sync']);

function isError(e: OutEvent): e is OutEvent<'error'> {
  return e.event === 'error';
}

function isTradeError(e: OutEvent): e is OutEvent<'tradeError'> {
  return e.event === 'tradeError';
}

/** The rid an event answers: the envelope's, or for `error`/`tradeError` the one in its payload. */
function ridOf(e: OutEvent): Rid | undefined {
  if (e.rid !== undefined) return e.rid;
  return isError(e) || isTradeError(e) ? e.data.rid : undefined;
}

/** The event with `rid` in place of the internal rid, wherever that stood (envelope, payload). */
function withRid(e: OutEvent, rid: Rid): OutEvent {
  const envelope = e.rid !== undefined ? { rid } : {};
  if (isError(e) && e.data.rid !== undefined)
    return { event: e.event, data: { ...e.data, rid }, ...envelope };
  if (isTradeError(e) && e.data.rid !== undefined)
    return { event: e.event, data: { ...e.data, rid }, ...envelope };
  return { ...e, ...envelope };
}

/**
 * One session's requests in flight. Each request id a client sends is replaced by an id unique
 * in the whole gateway before the request goes to the world (or the social and agent services),
 * and every answer is mapped back on its way out. The world answers by player, so after a
 * takeover the answers to the old session's requests (a walk that ends later, a pickup on
 * arrival) reach the player's new session: they carry an id the new session never issued, and
 * are dropped. Bounded: beyond `max` requests waiting, the oldest one's answer is dropped too.
 */
export class SessionRids {
  private readonly byInternal = new Map<number, Rid>();

  constructor(
    private readonly nextInternal: () => number,
    private readonly max: number,
  ) {}

  /** The internal rid that stands for the client's `rid` until its answer is sent. */
  inbound(rid: Rid): number {
    if (this.byInternal.size >= this.max) {
      const oldest = this.byInternal.keys().next();
      if (!oldest.done) this.byInternal.delete(oldest.value);
    }
    const internal = this.nextInternal();
    this.byInternal.set(internal, rid);
    return internal;
  }

  /**
   * The event as this session's client must see it: with the rid it chose. Undefined when the
   * event answers a request this session did not make (or no longer waits for): drop it.
   */
  outbound(e: OutEvent): OutEvent | undefined {
    const internal = ridOf(e);
    if (internal === undefined) return e;
    // Internal rids are numbers; a string one cannot be this gateway's.
    if (typeof internal !== 'number') return undefined;
    const rid = this.byInternal.get(internal);
    if (rid === undefined) return undefined;
    if (FINAL_REPLIES.has(e.event)) this.byInternal.delete(internal);
    return withRid(e, rid);
  }

  /** The session ended: nothing it asked for is answered any more. */
  clear(): void {
    this.byInternal.clear();
  }

  get size(): number {
    return this.byInternal.size;
  }
}
