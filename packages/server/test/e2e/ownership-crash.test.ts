/**
 * Items that change owner survive a crash of the server process (SIGKILL) exactly once: a trade
 * the players were told completed is in the database, and a pile one player dropped and another
 * picked up exists once, however long the auto-save interval.
 */
import type { GameClient } from '@tilerealm/sdk';
import { describe, expect, it } from 'vitest';
import { realtimeWorld } from './realtime-harness';
import { launchServer, wsOf, type ServerProcess } from './server-process-harness';
import {
  afterTrade,
  connect,
  GAVE_A,
  GAVE_B,
  holdings,
  idOf,
  offerBothWays,
  openTrade,
  slotOf,
  standApart,
  sumOf,
  toConfirmScreen,
  tradeHistory,
  WAIT_MS,
} from './trade-helpers';

/** Kills the server at once (no shutdown, no flush) and waits until it is gone. */
async function crash(proc: ServerProcess): Promise<void> {
  proc.child.kill('SIGKILL');
  expect(await proc.exited).toBe('SIGKILL');
}

async function closeAll(...clients: GameClient[]): Promise<void> {
  // The server is gone or going: a close that fails has nothing left to close.
  await Promise.allSettled(clients.map((c) => c.close()));
}

/**
 * Two new players on a real server process (auto-save far longer than the test: nobody is saved
 * unless an action saves them): `act` plays them up to a crash, which it causes with `crash(proc)`;
 * then the server starts again on the same world and database, both log back in, and `check`
 * reads what they came back with. `act`'s result is handed to `check`.
 */
async function acrossACrash<T>(
  act: (a: GameClient, b: GameClient, proc: ServerProcess) => Promise<T>,
  check: (a: GameClient, b: GameClient, proc: ServerProcess, acted: T) => Promise<void>,
): Promise<void> {
  const rw = await realtimeWorld({ RECONNECT_GRACE_MS: '200', SAVE_INTERVAL: '300' });
  let proc = await launchServer(rw.env);
  try {
    const a = await connect(wsOf(proc.url));
    const b = await connect(wsOf(proc.url));
    const acted = await act(a, b, proc);
    expect(proc.child.exitCode !== null || proc.child.signalCode !== null).toBe(true);
    await closeAll(a, b);
    proc = await launchServer(rw.env);
    const a2 = await connect(wsOf(proc.url), a.token ?? '');
    const b2 = await connect(wsOf(proc.url), b.token ?? '');
    try {
      expect([idOf(a2), idOf(b2)]).toEqual([idOf(a), idOf(b)]);
      await check(a2, b2, proc, acted);
    } finally {
      await closeAll(a2, b2);
    }
  } finally {
    proc.child.kill('SIGKILL');
    await proc.exited;
    await rw.cleanup();
  }
}

describe('a crash after items changed owner', () => {
  it('keeps a trade whose tradeCompleted arrived, even when killed the instant it arrived', async () => {
    await acrossACrash(
      async (a, b, proc) => {
        await standApart(a, b, -10, -8);
        const startA = await holdings(a);
        const startB = await holdings(b);
        const tradeId = await openTrade(a, b);
        await offerBothWays(a, b, tradeId);
        await toConfirmScreen(a, b, tradeId);
        await a.request('tradeAccept', { tradeId });
        const completed = a.waitFor('tradeCompleted', (e) => e.tradeId === tradeId, WAIT_MS);
        b.send('tradeAccept', { tradeId });
        await completed;
        await crash(proc);
        return { startA, startB, tradeId };
      },
      async (a2, b2, proc, { startA, startB, tradeId }) => {
        expect(await holdings(a2)).toEqual(afterTrade(startA, GAVE_A, GAVE_B));
        expect(await holdings(b2)).toEqual(afterTrade(startB, GAVE_B, GAVE_A));
        const res = await fetch(`${proc.url}/api/player/${idOf(a2)}/trades`, {
          headers: { authorization: `Bearer ${a2.token ?? ''}` },
        });
        expect(tradeHistory.parse(await res.json()).trades.map((t) => t.id)).toContain(tradeId);
      },
    );
  }, 90_000);

  it('keeps one copy of a pile dropped by one player and taken by another who logged out', async () => {
    await acrossACrash(
      async (a, b, proc) => {
        await standApart(a, b, -10, -8, 0);
        const before = sumOf(await holdings(a), await holdings(b));
        const seen = b.waitFor(
          'world:update',
          (u) => (u.itemsAdded ?? []).some((g) => g.itemId === 'bread'),
          // The drop is the dropper's alone for 100 ticks (5 s at test speed) before b may see it.
          30_000,
        );
        const dropped = await a.request('inventory:drop', { slot: await slotOf(a, 'bread') });
        const pileId = String(dropped.result?.['groundItemId'] ?? '');
        await seen;
        await b.request('player:action', { action: 'pickup', groundItemId: pileId });
        expect(await holdings(b)).toMatchObject({ bread: 2 });
        await b.close();
        // b's logout save (its reconnect grace is 200 ms) has committed once its saved inventory shows it.
        await expect
          .poll(
            async () => {
              const res = await fetch(`${proc.url}/api/character/${idOf(b)}/inventory`, {
                headers: { authorization: `Bearer ${b.token ?? ''}` },
              });
              const body = (await res.json()) as { slots: Array<{ itemId: string }> };
              return body.slots.filter((s) => s.itemId === 'bread').length;
            },
            { timeout: 20_000, interval: 100 },
          )
          .toBe(2);
        // The dropper was never saved after its drop: only the drop's own save holds it.
        await crash(proc);
        return before;
      },
      async (a2, b2, _proc, before) => {
        expect(sumOf(await holdings(a2), await holdings(b2))).toEqual(before);
        expect((await holdings(a2))['bread']).toBeUndefined();
      },
    );
  }, 90_000);
});
