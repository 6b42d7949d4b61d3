import { applyMove, moveStep, type EntityMove } from '@tilerealm/protocol';
import { describe, expect, it } from 'vitest';
import { CHAT_LIMIT_MESSAGES } from '../../src/sim/features/chat/chat';
import { HEAD_RADIUS, HEAD_STRIDE } from '../../src/sim/features/sync/scan';
import { VIEW_SETS } from '../../src/sim/features/sync/view-sets';
import { RUN_DRAIN_PER_TICK } from '../../src/sim/features/movement/movement';
import { record, TestWorld } from './test-world';

/** A `player:chat` command from `playerId`. */
const say = (playerId: string, message: string, rid?: number) => ({
  type: 'client' as const,
  playerId,
  rid,
  message: { event: 'player:chat' as const, data: { message } },
});

const move = (playerId: string, x: number, z: number, run?: boolean, rid?: number) => ({
  type: 'client' as const,
  playerId,
  rid,
  message: { event: 'player:move' as const, data: { x, z, ...(run !== undefined ? { run } : {}) } },
});

describe('movement', () => {
  it('walks one tile per tick along a server path and acknowledges with the path length', async () => {
    const tw = await TestWorld.create();
    tw.login(record('w'));
    tw.advance();
    expect(tw.events('w', 'player:sync')).toHaveLength(1);
    tw.enqueue(move('w', 3, 0, false, 1));
    tw.advance();
    const p = tw.world.players.get('w')!;
    expect(tw.events('w', 'ack')[0]).toMatchObject({
      rid: 1,
      data: { event: 'player:move', result: { steps: 3, reachedTarget: true } },
    });
    expect(p.x).toBe(1);
    tw.advance(2);
    expect([p.x, p.z]).toEqual([3, 0]);
    tw.advance();
    expect([p.x, p.z]).toEqual([3, 0]);
  });

  it('runs two tiles per tick, draining run energy', async () => {
    const tw = await TestWorld.create();
    tw.login(record('r'));
    tw.advance();
    tw.enqueue(move('r', 4, 0, true));
    tw.advance();
    const p = tw.world.players.get('r')!;
    expect(p.x).toBe(2);
    expect(p.runEnergy).toBe(10_000 - RUN_DRAIN_PER_TICK);
  });

  it('rejects a target more than 200 tiles away and leaves the player where it was', async () => {
    const tw = await TestWorld.create();
    tw.login(record('f'));
    tw.advance();
    tw.enqueue(move('f', 201, 0, false, 9));
    tw.advance(3);
    const err = tw.events('f', 'error')[0];
    expect(err).toMatchObject({ rid: 9, data: { code: 'path_too_far', rid: 9 } });
    expect(tw.world.players.get('f')).toMatchObject({ x: 0, z: 0 });
  });

  it('stops on request', async () => {
    const tw = await TestWorld.create();
    tw.login(record('s'));
    tw.advance();
    tw.enqueue(move('s', 10, 0));
    tw.advance();
    tw.enqueue({
      type: 'client',
      playerId: 's',
      rid: undefined,
      message: { event: 'player:action', data: { action: 'stop' } },
    });
    tw.advance(3);
    expect(tw.world.players.get('s')?.x).toBe(1);
  });

  it('a stop in the same tick as a move request wins: the move is acked superseded and never starts', async () => {
    const tw = await TestWorld.create();
    tw.login(record('s'));
    tw.advance();
    tw.enqueue(move('s', 10, 0, false, 7));
    tw.enqueue({
      type: 'client',
      playerId: 's',
      rid: 8,
      message: { event: 'player:action', data: { action: 'stop' } },
    });
    tw.advance(3);
    expect(tw.world.players.get('s')?.x).toBe(0);
    expect(tw.events('s', 'ack').map((e) => e.data)).toEqual([
      { event: 'player:move', result: { superseded: true } },
      { event: 'player:action' },
    ]);
  });
});

describe('chat', () => {
  it('is heard within hearing range only, with the server-set sender', async () => {
    const tw = await TestWorld.create();
    tw.login(record('talker', 0, 0, 'Talker'));
    tw.login(record('near', 3, 3, 'Near'));
    tw.login(record('far', 20, 20, 'Far'));
    tw.advance();
    tw.enqueue(say('talker', '  hello\u0007 \u202eworld  '));
    tw.advance();
    for (const id of ['talker', 'near']) {
      expect(tw.events(id, 'chat:message')[0]?.data).toMatchObject({
        channel: 'public',
        from: { id: 'talker', name: 'Talker' },
        message: 'hello world',
      });
    }
    expect(tw.events('far', 'chat:message')).toHaveLength(0);
  });

  it("is heard no farther than a listener's view reaches when a crowd shrank it", async () => {
    const tw = await TestWorld.create();
    tw.login(record('talker', 0, 0, 'Talker'));
    tw.login(record('crowded', 8, 0, 'Crowded'));
    tw.login(record('clear', 0, 8, 'Clear'));
    tw.advance();
    // As a crowd around it would (sync.ts): the view of `crowded` reaches 5 tiles.
    const crowded = tw.world.players.get('crowded')!;
    VIEW_SETS.of(tw.world).heads[crowded.idx * HEAD_STRIDE + HEAD_RADIUS] = 5;
    tw.enqueue(say('talker', 'over here'));
    tw.advance();
    expect(tw.events('crowded', 'chat:message')).toHaveLength(0);
    const heard = tw.events('clear', 'chat:message').map((e) => e.data);
    expect(heard).toMatchObject([{ from: { id: 'talker' }, message: 'over here' }]);
    // Every listener gets the same line (encoded once by the delivery).
    expect(tw.events('talker', 'chat:message')[0]?.data).toBe(heard[0]);
  });

  it('is heard at the edge of hearing range, not a tile beyond, nor by a listener ignoring the speaker', async () => {
    const tw = await TestWorld.create();
    tw.login(record('talker', 0, 0, 'Talker'));
    tw.login(record('edge', 15, -15, 'Edge'));
    tw.login(record('beyond', 0, 16, 'Beyond'));
    tw.login(record('deaf', 2, 0, 'Deaf'));
    tw.advance();
    tw.enqueue({ type: 'ignores', playerId: 'deaf', ignored: ['talker'] });
    tw.enqueue(say('talker', 'can you hear me'));
    tw.advance();
    expect(tw.events('edge', 'chat:message').map((e) => e.data)).toMatchObject([
      { message: 'can you hear me' },
    ]);
    expect(tw.events('beyond', 'chat:message')).toHaveLength(0);
    expect(tw.events('deaf', 'chat:message')).toHaveLength(0);
    expect(tw.events('talker', 'chat:message')).toHaveLength(1);
    // Once the list is empty again, the listener hears the speaker.
    tw.clearEvents();
    tw.enqueue({ type: 'ignores', playerId: 'deaf', ignored: [] });
    tw.enqueue(say('talker', 'and now', 1));
    tw.advance();
    expect(tw.events('deaf', 'chat:message').map((e) => e.data)).toMatchObject([{ message: 'and now' }]);
  });

  it('rate-limits a player and refuses empty messages', async () => {
    const tw = await TestWorld.create();
    tw.login(record('spam'));
    tw.advance();
    for (let i = 0; i <= CHAT_LIMIT_MESSAGES; i++) {
      tw.enqueue(say('spam', `m${i}`, i));
    }
    tw.enqueue(say('spam', '\u0000\u0001', 99));
    tw.advance();
    expect(tw.events('spam', 'chat:message')).toHaveLength(CHAT_LIMIT_MESSAGES);
    const codes = tw.events('spam', 'error').map((e) => (e.data as { code: string }).code);
    expect(codes).toEqual(['chat_rate_limited', 'chat_empty']);
  });

  it('runs admin commands only for elevated players', async () => {
    const tw = await TestWorld.create();
    tw.login(record('adm', 0, 0, 'Adm'));
    tw.login(record('other', 1, 1, 'Other'));
    tw.advance();
    tw.enqueue(say('adm', '/tele 5 5', 1));
    tw.advance();
    expect(tw.events('adm', 'error')[0]?.data).toMatchObject({ code: 'not_admin' });
    tw.enqueue({ type: 'elevate', playerId: 'adm' });
    tw.enqueue(say('adm', '/tele 5 5 Other', 2));
    tw.enqueue(say('adm', '/kick Other', 3));
    tw.enqueue(say('adm', '/nope', 4));
    tw.advance();
    expect(tw.world.players.get('other')).toMatchObject({ x: 5, z: 5 });
    expect(tw.world.drainEffects()).toContainEqual(
      expect.objectContaining({ type: 'disconnect', playerId: 'other' }),
    );
    expect(tw.events('adm', 'error').at(-1)?.data).toMatchObject({ code: 'unknown_command' });
  });

  it('drops admin rights when a new session attaches to the character (takeover or resume)', async () => {
    const tw = await TestWorld.create();
    const tele = (rid: number) => ({
      type: 'client' as const,
      playerId: 'adm',
      rid,
      message: { event: 'player:chat' as const, data: { message: '/tele 4 4' } },
    });
    tw.login(record('adm', 0, 0, 'Adm'));
    tw.advance();
    tw.enqueue({ type: 'elevate', playerId: 'adm' });
    tw.advance();
    expect(tw.world.players.get('adm')?.isAdmin).toBe(true);
    tw.enqueue({ type: 'attach', playerId: 'adm' });
    tw.enqueue(tele(1));
    tw.advance();
    expect(tw.world.players.get('adm')).toMatchObject({ isAdmin: false, x: 0, z: 0 });
    expect(tw.events('adm', 'error').at(-1)).toMatchObject({ rid: 1, data: { code: 'not_admin' } });

    // An elevation still waiting for the login to be applied does not outlive a takeover either.
    tw.login(record('late', 1, 1, 'Late'));
    tw.enqueue({ type: 'elevate', playerId: 'late' });
    tw.enqueue({ type: 'attach', playerId: 'late' });
    tw.advance(2);
    expect(tw.world.players.get('late')?.isAdmin).toBe(false);
  });
});

describe('interest management', () => {
  it('reports entities entering, moving and leaving the view, and nothing beyond it', async () => {
    const tw = await TestWorld.create();
    tw.login(record('a', 0, 0));
    tw.login(record('b', 2, 0));
    tw.login(record('c', 0, 20));
    tw.advance();
    const first = tw.events('a', 'world:update')[0]?.data as {
      entered?: Array<{ id: string; idx: number; kind: string }>;
    };
    expect(first.entered?.filter((e) => e.kind === 'player').map((e) => e.id)).toEqual(['b']);
    const bIdx = first.entered?.find((e) => e.id === 'b')?.idx;
    tw.clearEvents();
    tw.enqueue(move('b', 3, 0));
    tw.advance();
    const moved = tw.events('a', 'world:update')[0]?.data as { moved?: EntityMove[] };
    const step = moved.moved?.find((m) => m[0] === bIdx);
    // One tile east of where a knew b: a short step, its ground height only if it changed.
    expect(step?.slice(0, 2)).toEqual([bIdx, moveStep(1, 0, false)]);
    expect(applyMove({ x: 2, z: 0, y: 0 }, step ?? [0, 0])).toMatchObject({ x: 3, z: 0, running: false });
    tw.clearEvents();
    tw.enqueue({ type: 'logout', playerId: 'b', reason: 'test' });
    tw.advance();
    expect((tw.events('a', 'world:update')[0]?.data as { left?: number[] }).left).toContain(bIdx);
    expect(tw.world.drainEffects()).toContainEqual(
      expect.objectContaining({ type: 'save', reason: 'logout' }),
    );
  });
});

describe('moves a viewer is told of', () => {
  it('reports a teleport within view whole, and a walk as short steps from the last place', async () => {
    const tw = await TestWorld.create();
    tw.login(record('a', 0, 0));
    tw.login(record('b', 2, 0));
    tw.advance(2);
    const b = tw.world.players.get('b');
    if (!b) throw new Error('no b');
    b.isAdmin = true;
    tw.clearEvents();
    const chat = (message: string) =>
      tw.enqueue({
        type: 'client',
        playerId: 'b',
        rid: undefined,
        message: { event: 'player:chat', data: { message } },
      });
    chat('/tele 6 5');
    tw.advance();
    const jumps = tw
      .events('a', 'world:update')
      .flatMap((u) => (u.data as { moved?: EntityMove[] }).moved ?? []);
    expect(jumps.filter((m) => m[0] === b.idx)).toEqual([[b.idx, 6, 5, tw.world.heightAt(6, 5), 0]]);
    tw.clearEvents();
    tw.enqueue(move('b', 4, 5, true));
    tw.advance(2);
    let at = { x: 6, z: 5, y: tw.world.heightAt(6, 5) };
    for (const u of tw.events('a', 'world:update'))
      for (const m of (u.data as { moved?: EntityMove[] }).moved ?? [])
        if (m[0] === b.idx) {
          expect(m.length).toBeLessThan(5);
          at = applyMove(at, m);
        }
    expect(at).toMatchObject({ x: 4, z: 5, y: tw.world.heightAt(4, 5) });
  });
});

describe('a logout with its own login', () => {
  it('lets the character enter, then logs it out and saves it (never left in the world without a session)', async () => {
    const tw = await TestWorld.create();
    tw.login(record('brief'));
    tw.enqueue({ type: 'logout', playerId: 'brief', reason: 'replaced' });
    tw.advance();
    tw.advance();
    expect(tw.world.players.has('brief')).toBe(false);
    expect(tw.world.drainEffects()).toContainEqual(
      expect.objectContaining({
        type: 'save',
        reason: 'logout',
        snapshot: expect.objectContaining({ id: 'brief' }),
      }),
    );
    // A logout of a character neither here nor entering is dropped, not kept for ever.
    tw.enqueue({ type: 'logout', playerId: 'nobody', reason: 'test' });
    tw.advance();
    expect(tw.world.pendingLogouts).toEqual([]);
  });
});

describe('auto-save hand-off', () => {
  it('hands a snapshot of each player to the host once every autosaveTicks ticks, the players spread over the interval', async () => {
    const { content, map } = await (await import('./test-world')).bundledWorld();
    const tw = new TestWorld(content, map, 1, { autosaveTicks: 5 });
    const ids = ['s1', 's2', 's3', 's4', 's5'];
    ids.forEach((id, i) => tw.login(record(id, i, 0)));
    tw.advance();
    tw.world.drainEffects();
    // Five players on five handles: one of them saved in each tick, each one every fifth tick.
    const savedAt = new Map<string, number[]>(ids.map((id) => [id, []]));
    for (let t = 0; t < 20; t++) {
      tw.advance();
      const saves = tw.world.drainEffects().filter((e) => e.type === 'save');
      expect(saves).toHaveLength(1);
      for (const e of saves) {
        expect(e.type === 'save' && e.reason).toBe('autosave');
        if (e.type === 'save') savedAt.get(e.snapshot.id)?.push(tw.world.tick);
      }
    }
    for (const id of ids) {
      const ticks = savedAt.get(id) ?? [];
      expect(ticks).toHaveLength(4);
      expect(ticks.slice(1).map((tick, i) => tick - (ticks[i] ?? 0))).toEqual([5, 5, 5]);
    }
  });
});
