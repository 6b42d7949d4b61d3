/**
 * A minimal typed event emitter that works the same in Node and browsers (no `node:events`).
 * `Events` maps each event name to the argument tuple its handlers receive.
 */
export type Handler<Args extends unknown[]> = (...args: Args) => void;

type HandlerSets<Events extends { [K in keyof Events]: unknown[] }> = {
  [K in keyof Events]?: Set<Handler<Events[K]>>;
};

export class TypedEmitter<Events extends { [K in keyof Events]: unknown[] }> {
  private readonly handlers: HandlerSets<Events> = {};

  /** Subscribes `handler`; returns a function that unsubscribes it. */
  on<K extends keyof Events>(event: K, handler: Handler<Events[K]>): () => void {
    const set: Set<Handler<Events[K]>> = this.handlers[event] ?? new Set();
    this.handlers[event] = set;
    set.add(handler);
    return () => this.off(event, handler);
  }

  /** Removes a handler added with `on` (a `once` handler is removed through the function `once` returns). */
  off<K extends keyof Events>(event: K, handler: Handler<Events[K]>): void {
    const set = this.handlers[event];
    if (!set) return;
    set.delete(handler);
    if (set.size === 0) delete this.handlers[event];
  }

  /** Subscribes `handler` for the next emission only; returns a function that cancels it. */
  once<K extends keyof Events>(event: K, handler: Handler<Events[K]>): () => void {
    const wrapper: Handler<Events[K]> = (...args) => {
      this.off(event, wrapper);
      handler(...args);
    };
    return this.on(event, wrapper);
  }

  /**
   * Calls every handler of `event` in subscription order. A throwing handler is reported through
   * `onHandlerError` and does not stop the others, so one faulty listener cannot break the client.
   */
  emit<K extends keyof Events>(event: K, ...args: Events[K]): void {
    const set = this.handlers[event];
    if (!set) return;
    for (const handler of [...set]) {
      try {
        handler(...args);
      } catch (err) {
        this.onHandlerError(err, String(event));
      }
    }
  }

  /** Number of handlers of `event` (used by tests and to skip work nobody listens to). */
  listenerCount(event: keyof Events): number {
    return this.handlers[event]?.size ?? 0;
  }

  /** Where handler exceptions go; defaults to the console so they are seen but never crash the client. */
  onHandlerError: (err: unknown, event: string) => void = (err, event) => {
    console.error(`tilerealm sdk: a ${event} handler threw`, err);
  };
}
