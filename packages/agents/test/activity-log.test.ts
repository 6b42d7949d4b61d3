import { ApiError } from '@tilerealm/sdk';
import { describe, expect, it } from 'vitest';
import { ActivityLog, type ActivityBatch } from '../src/activity-log';

/** A sink that fails while `down` is set (with `failure`), recording every batch it takes. */
function fakeSink() {
  const sink = {
    down: false,
    failure: new Error('connect ECONNREFUSED') as Error,
    batches: [] as ActivityBatch[],
    async appendActivity(_agentId: string, batch: ActivityBatch) {
      if (sink.down) throw sink.failure;
      sink.batches.push(structuredClone(batch));
      return { appended: batch.entries.length };
    },
  };
  return sink;
}

// Long waits: the test sends with flush() itself, never through a timer.
const quiet = { flushMs: 1e9, retry: { baseMs: 1e9, maxMs: 1e9 } };

describe('ActivityLog', () => {
  it('keeps lines in memory and sends lines and goal changes in batches of at most 200', async () => {
    const sink = fakeSink();
    const log = new ActivityLog({ agentId: 'ag_1', sink, ...quiet, warn: () => undefined });
    for (let i = 0; i < 250; i++) log.add(`line ${i}`, i % 2 === 0 ? 'action' : 'xp', { i });
    log.goal({
      event: 'start',
      at: new Date().toISOString(),
      type: 'woodcutting',
      reason: 'r',
      setBy: 'agent',
      tick: 1,
    });
    expect(log.recent(2).map((e) => e.message)).toEqual(['line 248', 'line 249']);
    expect(await log.flush()).toBe(true);
    expect(sink.batches.map((b) => [b.entries.length, b.goals.length])).toEqual([
      [200, 1],
      [50, 0],
    ]);
    expect(sink.batches[0]?.entries[1]).toMatchObject({ kind: 'xp', message: 'line 1', data: { i: 1 } });
    expect(log.unsent).toBe(0);
  });

  it('never throws while the sink is down: logs once, keeps the lines, sends them when it is back', async () => {
    const sink = fakeSink();
    const warned: string[] = [];
    const log = new ActivityLog({ agentId: 'ag_2', sink, ...quiet, warn: (l) => void warned.push(l) });
    sink.down = true;
    log.add('first');
    expect(await log.flush()).toBe(false);
    log.add('second', 'error');
    expect(await log.flush()).toBe(false);
    expect(warned).toHaveLength(1);
    expect(warned[0]).toContain('could not save the activity of agent ag_2 (retrying): connect ECONNREFUSED');
    expect(log.unsent).toBe(2);
    sink.down = false;
    expect(await log.flush()).toBe(true);
    expect(sink.batches.flatMap((b) => b.entries.map((e) => e.message))).toEqual(['first', 'second']);
    expect(warned[1]).toContain('saved again');
  });

  it('holds at most maxPending items during an outage and records how many were lost', async () => {
    const sink = fakeSink();
    const log = new ActivityLog({ agentId: 'ag_3', sink, ...quiet, maxPending: 3, warn: () => undefined });
    sink.down = true;
    for (let i = 0; i < 5; i++) log.add(`line ${i}`);
    expect(await log.flush()).toBe(false);
    sink.down = false;
    expect(await log.flush()).toBe(true);
    expect(sink.batches.flatMap((b) => b.entries.map((e) => `${e.kind}: ${e.message}`))).toEqual([
      'error: 2 activity line(s) were lost while the database was unreachable',
      'action: line 2',
      'action: line 3',
      'action: line 4',
    ]);
  });

  it('drops a batch the server refuses for good (4xx) instead of retrying it forever', async () => {
    const sink = fakeSink();
    const warned: string[] = [];
    const log = new ActivityLog({ agentId: 'ag_4', sink, ...quiet, warn: (l) => void warned.push(l) });
    sink.down = true;
    sink.failure = new ApiError(404, 'not_found', 'no agent ag_4', undefined);
    log.add('orphan');
    expect(await log.flush()).toBe(true);
    expect(log.unsent).toBe(0);
    expect(warned.join('\n')).toContain('refused, 1 item(s) dropped');
  });

  it('keeps each request under the server body limit: long lines go in several batches', async () => {
    const sink = fakeSink();
    const log = new ActivityLog({ agentId: 'ag_6', sink, ...quiet });
    for (let i = 0; i < 120; i++) log.add('z'.repeat(490), 'action', { note: 'y'.repeat(290) });
    expect(await log.flush()).toBe(true);
    expect(sink.batches.length).toBeGreaterThan(1);
    for (const b of sink.batches) expect(JSON.stringify(b).length).toBeLessThan(64 * 1024);
    expect(sink.batches.reduce((n, b) => n + b.entries.length, 0)).toBe(120);
  });

  it('sends lines added during a send in the next batch, none twice and none lost', async () => {
    const sink = fakeSink();
    const log = new ActivityLog({ agentId: 'ag_7', sink, ...quiet });
    const append = sink.appendActivity.bind(sink);
    let once = true;
    sink.appendActivity = async (agentId, batch) => {
      if (once) {
        once = false;
        log.add('added while sending');
      }
      return append(agentId, batch);
    };
    log.add('first');
    expect(await log.flush()).toBe(true);
    expect(sink.batches.map((b) => b.entries.map((e) => e.message))).toEqual([
      ['first'],
      ['added while sending'],
    ]);
  });

  it('cuts long messages to the stored length and keeps memory-only logs without a sink', async () => {
    const log = new ActivityLog(2);
    log.add('x'.repeat(600));
    log.add('b');
    log.add('c');
    expect(log.recent().map((e) => e.message.length)).toEqual([1, 1]);
    expect(await log.flush()).toBe(true);
    const sink = fakeSink();
    const kept = new ActivityLog({ agentId: 'ag_5', sink, ...quiet });
    kept.add('y'.repeat(600));
    await kept.flush();
    expect(sink.batches[0]?.entries[0]?.message).toHaveLength(500);
  });
});
