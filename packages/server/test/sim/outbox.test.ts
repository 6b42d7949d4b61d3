import { describe, expect, it } from 'vitest';
import { playerRecord } from '../records';
import { TestWorld } from './test-world';

const line = (message: string) => ({ tick: 0, channel: 'system' as const, from: null, message });
const messages = (events: Array<{ event: string; data: unknown }> | undefined) =>
  (events ?? [])
    .filter((e) => e.event === 'chat:message')
    .map((e) => (e.data as { message: string }).message);

describe("the world's outbox", () => {
  it('sends to a player by id or at hand into one list, in order, and by id once it has left', async () => {
    const tw = await TestWorld.create();
    tw.login(playerRecord('a', { x: 3200, z: 3200 }));
    tw.advance();
    tw.world.drainOutbox();
    const p = tw.world.players.get('a')!;
    tw.world.send('a', 'chat:message', line('by id'));
    tw.world.send(p, 'chat:message', line('at hand'));
    tw.world.send('a', 'chat:message', line('by id again'));
    expect(messages(tw.world.drainOutbox().get('a'))).toEqual(['by id', 'at hand', 'by id again']);
    // Out of the world: the player object held by a hook still reaches its id, after what it had.
    tw.world.send(p, 'chat:message', line('before leaving'));
    tw.world.removePlayer(p);
    tw.world.send(p, 'chat:message', line('after leaving'));
    tw.world.send('a', 'chat:message', line('by id after leaving'));
    // A new session's player enters within the same tick's events: it goes on with the same list.
    tw.login(playerRecord('a', { x: 3200, z: 3200 }));
    tw.world.step();
    const again = tw.world.players.get('a')!;
    expect(again).not.toBe(p);
    tw.world.send(again, 'chat:message', line('back'));
    const out = tw.world.drainOutbox();
    expect(messages(out.get('a'))).toEqual([
      'before leaving',
      'after leaving',
      'by id after leaving',
      'back',
    ]);
    expect(out.get('a')!.some((e) => e.event === 'player:sync')).toBe(true);
    expect(p.outbox).toBeUndefined();
    expect(again.outbox).toBeUndefined();
  });
});
