import { WorldModel } from '@tilerealm/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { viewHandles } from '../../src/sim/features/sync/view-sets';
import { VIEW_CHANNEL, type ScanChannel } from '../../src/sim/features/sync/scan-channel';
import { startViewThread, stopViewThread, type ViewThreadOptions } from '../../src/world/view-thread';
import type { Command } from '../../src/sim/core/types';
import { randomInputs, record, TestWorld } from './test-world';

/**
 * The views scanned on a worker thread (world/view-thread.ts) against the world's own thread: the same
 * updates, tick by tick, through crowds, look changes, logouts and handles taken over; and a worker
 * that fails or stops answering leaves every client with an exact picture.
 */
const SETTINGS = { viewDistance: 8, viewCrowd: 10 };
const PLAYERS = Array.from({ length: 60 }, (_, i) => `p${i}`);

/** Logins at tick 0, then moves and chat, an equipment change now and then, a logout and a login every fifth tick. */
function script(ticks: number): Command[][] {
  const inputs = randomInputs(7, PLAYERS, ticks);
  for (let t = 5; t < ticks; t += 5) {
    const id = PLAYERS[(t * 7) % PLAYERS.length] ?? 'p0';
    inputs[t]?.push({ type: 'logout', playerId: id, reason: 'test' });
    inputs[t + 1]?.push({ type: 'login', record: record(id, (t % 9) - 4, (t % 5) - 2) });
  }
  return inputs;
}

function applyTick(tw: TestWorld, commands: Command[], t: number): void {
  for (const c of commands) tw.enqueue(c);
  if (t % 3 === 1) {
    const p = tw.world.players.get(PLAYERS[(t * 11) % PLAYERS.length] ?? '');
    p?.equipment.set(
      'weapon',
      p.equipment.itemId('weapon') ? undefined : { itemId: 'bronze_sword', quantity: 1 },
    );
  }
}

/** A world whose views a worker scans (up before it returns). */
async function threaded(options: ViewThreadOptions = {}): Promise<{ tw: TestWorld; thread: ScanChannel }> {
  const tw = await TestWorld.create(1, SETTINGS);
  const thread = startViewThread(tw.world, options);
  worlds.push(tw);
  expect(await thread.up).toBe(true);
  return { tw, thread };
}

const worlds: TestWorld[] = [];
afterEach(async () => {
  for (const tw of worlds.splice(0)) await stopViewThread(tw.world);
});

describe('views scanned on a worker thread', () => {
  for (const share of [false, true])
    it(`sends every player the same updates as views scanned on the world thread, tick by tick (${share ? 'both threads scanning' : 'the worker scanning'})`, async () => {
      const plain = await TestWorld.create(1, SETTINGS);
      // A short output array: the worker stops short and the world's thread takes over, many times.
      const { tw, thread } = await threaded({ output: 256, share });
      // Never given up on here, however loaded the machine (giving up is tested below).
      thread.timeoutMs = 60_000;
      const ticks = 40;
      const inputs = script(ticks);
      let updates = 0;
      for (let t = 0; t < ticks; t++) {
        for (const w of [plain, tw]) applyTick(w, inputs[t] ?? [], t);
        plain.world.step();
        tw.world.step();
        const expected = [...plain.world.drainOutbox()];
        expect([...tw.world.drainOutbox()]).toEqual(expected);
        for (const [, events] of expected) updates += events.filter((e) => e.event === 'world:update').length;
      }
      // Every tick went through the channel, and there was much to tell.
      expect(thread.ticks).toBe(ticks);
      expect(thread.usable).toBe(true);
      if (!share) expect(thread.chunksThere).toBeGreaterThan(ticks);
      expect(updates).toBeGreaterThan(ticks * 30);
      for (const id of PLAYERS) {
        const p = tw.world.players.get(id);
        if (p)
          expect(viewHandles(tw.world, p)).toEqual(viewHandles(plain.world, plain.world.players.get(id)!));
      }
    });

  // A worker that takes the first chunk of viewers and publishes a failure (as one whose scan
  // throws does), and one that never answers; the world's thread waits for it (share: false).
  const FAILING = `const { parentPort } = require('node:worker_threads');
parentPort.on('message', (q) => {
  Atomics.compareExchange(q.owners, 0, q.generation * 4, q.generation * 4 + 1);
  Atomics.store(q.ctl, 2, q.generation * 8 + 4);
  Atomics.add(q.ctl, 0, 1);
  Atomics.notify(q.ctl, 0);
});
parentPort.postMessage('ready');`;
  const SILENT = `const { parentPort } = require('node:worker_threads');
parentPort.on('message', () => undefined);
parentPort.postMessage('ready');`;

  for (const [name, source] of [
    ['fails', FAILING],
    ['stops answering', SILENT],
  ] as const) {
    it(`keeps every client's picture exact when the worker ${name}: the views start afresh on the world thread`, async () => {
      const { tw, thread } = await threaded({ source, share: false });
      // A worker that fails says so, and must be dropped on its word, never by waiting for it; only
      // silence is detected by the give-up time, shortened here (a slower machine only waits longer).
      thread.timeoutMs = source === SILENT ? 50 : 60_000;
      // The first ticks on the world's thread; the worker is handed the views at tick FAIL.
      VIEW_CHANNEL.of(tw.world).channel = undefined;
      const FAIL = 4;
      const ticks = 12;
      const inputs = script(ticks);
      const models = new Map<string, WorldModel>();
      for (let t = 0; t < ticks; t++) {
        if (t === FAIL) VIEW_CHANNEL.of(tw.world).channel = thread;
        applyTick(tw, inputs[t] ?? [], t);
        tw.advance();
        for (const id of PLAYERS) {
          const p = tw.world.players.get(id);
          if (!p) {
            models.delete(id);
            continue;
          }
          const model = models.get(id) ?? new WorldModel();
          models.set(id, model);
          const events = tw.events(id).map((e) => e.event);
          // The tick the worker failed in: a full sync, then the whole view as entering; otherwise
          // a sync only on entering the world.
          const entered = (inputs[t] ?? []).some((c) => c.type === 'login' && c.record.id === id);
          if (t === FAIL) expect(events).toContain('player:sync');
          else if (!entered) expect(events).not.toContain('player:sync');
          for (const e of tw.events(id))
            model.apply({ ...e, rid: undefined } as Parameters<WorldModel['apply']>[0]);
          const seen = [...model.entities.keys()].sort((a, b) => a - b);
          expect(seen).toEqual(viewHandles(tw.world, p).sort((a, b) => a - b));
          for (const idx of seen) {
            const o = tw.world.byIdx[idx]!;
            expect([model.entities.get(idx)?.x, model.entities.get(idx)?.z]).toEqual([o.x, o.z]);
          }
        }
        tw.clearEvents();
      }
      expect(thread.usable).toBe(false);
      expect(thread.ticks).toBe(0);
    });
  }
});
