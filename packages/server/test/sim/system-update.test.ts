import { describe, expect, it } from 'vitest';
import type { Effect } from '../../src/sim/core/types';
import { record, TestWorld } from './test-world';

const chat = (playerId: string, message: string, rid: number) => ({
  type: 'client' as const,
  playerId,
  rid,
  message: { event: 'player:chat' as const, data: { message } },
});

/** A world of 600 ms ticks with an administrator `adm` and a player `p` in it. */
async function worldWithAdmin(): Promise<TestWorld> {
  const tw = await TestWorld.create(1, { tickMs: 600 });
  tw.login(record('adm', 0, 0, 'Adm'));
  tw.login(record('p', 1, 1, 'Pat'));
  tw.advance();
  tw.enqueue({ type: 'elevate', playerId: 'adm' });
  tw.advance();
  tw.clearEvents();
  return tw;
}

const updates = (tw: TestWorld, id: string) => tw.events(id, 'world:systemUpdate').map((e) => e.data);
const systemLines = (tw: TestWorld, id: string) =>
  tw.events(id, 'chat:message').map((e) => (e.data as { message: string }).message);

describe('the system update countdown (/update)', () => {
  it('tells everyone, newcomers too, and asks for the shutdown once, at zero', async () => {
    const tw = await worldWithAdmin();
    const start = tw.world.tick;
    tw.enqueue(chat('adm', '/update 6', 1)); // 6 s = 10 ticks of 600 ms
    tw.advance();
    expect(tw.events('adm', 'ack')).toEqual([
      { event: 'ack', rid: 1, data: { event: 'player:chat', result: { seconds: 6, ticks: 10 } } },
    ]);
    for (const id of ['adm', 'p']) {
      expect(updates(tw, id)).toEqual([{ tick: start + 1, ticksLeft: 10, secondsLeft: 6 }]);
      expect(systemLines(tw, id)[0]).toMatch(/^System update in 6 seconds/);
    }
    // A player who logs in during the countdown is told at its first tick.
    tw.login(record('late', 2, 2, 'Late'));
    tw.advance();
    expect(updates(tw, 'late')).toEqual([{ tick: start + 2, ticksLeft: 9, secondsLeft: 6 }]);

    const effects: Effect[] = [];
    for (let i = 0; i < 12; i++) {
      tw.advance();
      effects.push(...tw.world.drainEffects().filter((e) => e.type === 'systemUpdate'));
      if (tw.world.tick === start + 10) expect(effects).toEqual([]);
    }
    // Exactly once, at the tick the countdown ends.
    expect(effects).toEqual([{ type: 'systemUpdate' }]);
    // The 5-second mark was announced to everyone (and the event sent again).
    expect(systemLines(tw, 'p')).toContainEqual(expect.stringMatching(/^System update in 5 seconds/));
    expect(updates(tw, 'p').map((u) => (u as { secondsLeft: number }).secondsLeft)).toEqual([6, 5]);
    // Once due it can no longer be cancelled or moved.
    tw.clearEvents();
    tw.enqueue(chat('adm', '/update cancel', 2));
    tw.advance();
    expect(tw.events('adm', 'error')).toMatchObject([{ data: { code: 'invalid_command' }, rid: 2 }]);
  });

  it('is cancelled: everyone told, no shutdown asked for', async () => {
    const tw = await worldWithAdmin();
    tw.enqueue(chat('adm', '/update 3', 1));
    tw.advance(2);
    tw.enqueue(chat('adm', '/update cancel', 2));
    tw.advance();
    for (const id of ['adm', 'p']) {
      expect(updates(tw, id).at(-1)).toMatchObject({ ticksLeft: null, secondsLeft: null });
      expect(systemLines(tw, id)).toContain('The system update was cancelled.');
    }
    tw.advance(20);
    expect(tw.world.drainEffects().filter((e) => e.type === 'systemUpdate')).toEqual([]);
    // Nothing to cancel now.
    tw.enqueue(chat('adm', '/update cancel', 3));
    tw.advance();
    expect(tw.events('adm', 'error')).toMatchObject([{ data: { code: 'invalid_command' }, rid: 3 }]);
  });

  it('is for administrators only, with its arguments checked', async () => {
    const tw = await worldWithAdmin();
    tw.enqueue(chat('p', '/update 60', 1));
    tw.enqueue(chat('adm', '/update soon', 2));
    tw.enqueue(chat('adm', '/update 0', 3));
    tw.enqueue(chat('adm', '/update 3601', 4));
    tw.advance();
    expect(tw.events('p', 'error')).toMatchObject([{ data: { code: 'not_admin' }, rid: 1 }]);
    expect(tw.events('adm', 'error').map((e) => [e.rid, (e.data as { code: string }).code])).toEqual([
      [2, 'invalid_command'],
      [3, 'invalid_command'],
      [4, 'invalid_command'],
    ]);
    expect(updates(tw, 'p')).toEqual([]);
  });
});
