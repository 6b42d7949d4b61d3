import { retryDelayMs, shouldRetry, type ReconnectPolicy } from './backoff';
import type { LifecycleEvents } from './client-types';
import type { Welcome } from './connection';
import { ConnectionClosedError } from './errors';

/** What the reconnect loop needs from the client. */
export interface RetryHooks {
  policy: ReconnectPolicy;
  /** One connection attempt with the current token. */
  attempt(): Promise<Welcome>;
  /** Waits before an attempt; `close()` cuts the wait short. */
  sleep(ms: number): Promise<void>;
  /** True once `close()` was called: the loop stops quietly. */
  cancelled(): boolean;
  onReconnecting(info: LifecycleEvents['reconnecting'][0]): void;
  onReconnected(info: LifecycleEvents['reconnected'][0]): void;
}

export type RetryOutcome =
  { ok: true; cancelled: boolean } | { ok: false; code: number; reason: string; error: Error };

/**
 * Reconnect attempts with backoff until one is welcomed, a close code that forbids retrying
 * arrives, or the attempts run out. `code`/`reason` are those of the drop that started it; a
 * refused attempt's close code replaces them (a 4004 refusal lengthens the next delay).
 */
export async function retryConnect(hooks: RetryHooks, code: number, reason: string): Promise<RetryOutcome> {
  let error: Error = new ConnectionClosedError(code, reason, 'connected');
  for (let attempt = 1; attempt <= hooks.policy.maxAttempts; attempt++) {
    const delayMs = retryDelayMs(hooks.policy, attempt, code);
    hooks.onReconnecting({ attempt, delayMs, code, reason });
    await hooks.sleep(delayMs);
    if (hooks.cancelled()) return { ok: true, cancelled: true };
    try {
      const welcome = await hooks.attempt();
      if (hooks.cancelled()) return { ok: true, cancelled: true };
      hooks.onReconnected({ attempt, welcome });
      return { ok: true, cancelled: false };
    } catch (err) {
      if (hooks.cancelled()) return { ok: true, cancelled: true };
      error = err instanceof Error ? err : new Error(String(err));
      if (err instanceof ConnectionClosedError) {
        code = err.code;
        reason = err.reason;
        if (!shouldRetry(code)) break;
      }
    }
  }
  return { ok: false, code, reason, error };
}
