/**
 * Runs async jobs one at a time, in the order they were queued. The social service puts every
 * request and presence change through one queue, so checks and writes never interleave (two
 * characters asking each other at the same moment become friends once, a list never passes its
 * limit) and events reach clients in the order the changes happened.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  /** Queues `job`; the promise settles with its result once it has run. */
  run<T>(job: () => Promise<T>): Promise<T> {
    const result = this.tail.then(job);
    // The next job waits for this one whether it succeeded or failed.
    this.tail = whenSettled(result);
    return result;
  }
}

/**
 * Resolves once `p` settles, whichever way: what the next job of a queue waits for. It never
 * rejects, and that hides nothing: `p`'s failure goes to whoever awaits `p` itself.
 */
export function whenSettled(p: Promise<unknown>): Promise<void> {
  return p.then(settledAnyway, settledAnyway);
}

function settledAnyway(): void {
  // Only the settling matters here (see whenSettled).
}
