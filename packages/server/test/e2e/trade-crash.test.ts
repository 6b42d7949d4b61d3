import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { realtimeWorld } from './realtime-harness';
import { launchServer as launch, wsOf } from './server-process-harness';
import {
  afterTrade,
  connect,
  GAVE_A,
  GAVE_B,
  holdings,
  idOf,
  offerBothWays,
  openTrade,
  standApart,
  sumOf,
  toConfirmScreen,
} from './trade-helpers';

/**
 * Crash safety of a trade: two players trade items and coins both ways, both accept the
 * confirmation screen, and the server process is killed (SIGKILL) inside the swap's transaction
 * just before it commits, or right after. After a restart on the same database every item and
 * coin exists exactly once: before the commit both hold what they had before the trade, after it
 * exactly the swapped holdings.
 */
describe.each([
  { failpoint: 'trade:beforeCommit', swapped: false },
  { failpoint: 'trade:afterCommit', swapped: true },
])('a server crash at $failpoint', ({ failpoint, swapped }) => {
  it(`neither loses nor duplicates an item or coin (${swapped ? 'swapped' : 'unchanged'})`, async () => {
    const rw = await realtimeWorld({ RECONNECT_GRACE_MS: '200' });
    let proc = await launch({ ...rw.env, FAILPOINTS: failpoint });
    try {
      const a = await connect(wsOf(proc.url));
      const b = await connect(wsOf(proc.url));
      const [tokenA, tokenB] = [a.token ?? '', b.token ?? ''];
      await standApart(a, b, -10, -8);
      const startA = await holdings(a);
      const startB = await holdings(b);
      expect(startA).toMatchObject({ bronze_axe: 1, tinderbox: 1, bread: 1, coins: 25 });

      const tradeId = await openTrade(a, b);
      await offerBothWays(a, b, tradeId);
      await toConfirmScreen(a, b, tradeId);
      expect(await a.request('tradeAccept', { tradeId })).toMatchObject({
        result: { screen: 2, completed: false },
      });
      // b's acceptance makes the swap; its save reaches the fail point, which kills the process.
      b.send('tradeAccept', { tradeId });
      const wait = new AbortController();
      const still = sleep(20_000, 'still running', { signal: wait.signal }).catch(() => 'aborted');
      const outcome = await Promise.race([proc.exited, still]);
      wait.abort();
      expect(outcome).toBe('SIGKILL');
      await a.close().catch(() => undefined);
      await b.close().catch(() => undefined);

      proc = await launch(rw.env);
      const a2 = await connect(wsOf(proc.url), tokenA);
      const b2 = await connect(wsOf(proc.url), tokenB);
      try {
        expect([a2.welcome?.playerId, b2.welcome?.playerId]).toEqual([idOf(a), idOf(b)]);
        const endA = await holdings(a2);
        const endB = await holdings(b2);
        expect(sumOf(endA, endB)).toEqual(sumOf(startA, startB));
        if (swapped) {
          expect(endA).toEqual(afterTrade(startA, GAVE_A, GAVE_B));
          expect(endB).toEqual(afterTrade(startB, GAVE_B, GAVE_A));
        } else {
          expect(endA).toEqual(startA);
          expect(endB).toEqual(startB);
        }
      } finally {
        await a2.close();
        await b2.close();
      }
    } finally {
      proc.child.kill('SIGTERM');
      await proc.exited;
      await rw.cleanup();
    }
  }, 180_000);
});
