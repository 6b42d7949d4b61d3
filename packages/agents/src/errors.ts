/** The text of a thrown value, for log lines. */
export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** A line in the runtime's own log (the process output), for failures no agent's activity log shows. */
export function warn(message: string, err: unknown): void {
  console.warn(`[agents] ${message}: ${errorText(err)}`);
}

/**
 * Resolves once `p` settles, whichever way: what the next job of a chain waits for. It never
 * rejects, and that hides nothing: `p`'s failure goes to whoever awaits `p` itself.
 */
export function whenSettled(p: Promise<unknown>): Promise<void> {
  return p.then(settled, settled);
}

/**
 * Marks a promise whose rejection is observed elsewhere or no longer matters: a wait started
 * before its request (so the event cannot be missed) and awaited after it, which a step that ends
 * early never awaits; or a promise given up when the step was aborted. Its later rejection (a
 * timeout) must not surface as an unhandled rejection.
 */
export function handledElsewhere(p: Promise<unknown>): void {
  p.then(settled, settled);
}

function settled(): void {
  // Only the settling matters (see whenSettled and handledElsewhere).
}
