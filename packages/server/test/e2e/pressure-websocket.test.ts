import { describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { useRealtimeServer, wsUrl } from './realtime-harness';

/** What a WebSocket upgrade was answered: 101 (opened) or an HTTP status with its headers and body. */
interface UpgradeAnswer {
  status: number;
  retryAfter?: string | undefined;
  body?: string;
}

function attemptUpgrade(url: string): Promise<UpgradeAnswer> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => {
      ws.terminate();
      resolve({ status: 101 });
    });
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'], body });
        ws.terminate();
      });
    });
    ws.once('error', (err) => reject(err));
  });
}

function blockLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy: nothing else runs meanwhile
  }
}

describe('a WebSocket login under event-loop pressure', () => {
  const live = useRealtimeServer({
    PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '50',
    PRESSURE_RETRY_AFTER_SECONDS: '7',
  });

  it('is refused before the upgrade with 503 overloaded and Retry-After, and allowed once the pressure passes', async () => {
    const app = live.server.app as typeof live.server.app & { isUnderPressure(): boolean };
    // Block the loop until the plugin's sample sees the delay; then try while it still does (the
    // state checked before and after the attempt, so nothing here depends on timing).
    const refused = await vi.waitFor(
      async () => {
        if (!app.isUnderPressure()) {
          blockLoop(300);
          throw new Error('not under pressure yet');
        }
        const answer = await attemptUpgrade(wsUrl(live.server));
        if (!app.isUnderPressure()) throw new Error('the pressure passed during the attempt: again');
        return answer;
      },
      { timeout: 30_000, interval: 50 },
    );
    expect(refused.status).toBe(503);
    expect(refused.retryAfter).toBe('7');
    expect(JSON.parse(refused.body ?? '')).toMatchObject({ error: { code: 'overloaded' } });

    // Once the loop runs on time again, the same upgrade opens (tried again should a loaded machine
    // bring the pressure back meanwhile).
    const opened = await vi.waitFor(
      async () => {
        if (app.isUnderPressure()) throw new Error('still under pressure');
        const answer = await attemptUpgrade(wsUrl(live.server));
        if (answer.status !== 101 && app.isUnderPressure()) throw new Error('under pressure again');
        return answer;
      },
      { timeout: 30_000, interval: 50 },
    );
    expect(opened).toEqual({ status: 101 });
  }, 60_000);
});
