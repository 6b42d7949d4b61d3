import { describe, expect, it, vi } from 'vitest';
import type { SaveQueue } from '../../src/world/save-queue';
import { WorldHost } from '../../src/world/world-host';
import { bundledContent } from '../http-harness';
import { playerRecord } from '../records';
import { record, TestWorld } from './test-world';
import { silentLog } from '../support/memory-log';

const chat = (playerId: string, message: string, rid: number) => ({
  type: 'client' as const,
  playerId,
  rid,
  message: { event: 'player:chat' as const, data: { message } },
});

describe('admin commands beyond this world (the simulation stays pure)', () => {
  it('hands a broadcast heard here and a kick of a name nobody here has to the host', async () => {
    const tw = await TestWorld.create();
    tw.login(record('adm', 0, 0, 'Adm'));
    tw.login(record('other', 1, 1, 'Other'));
    tw.advance();
    tw.enqueue({ type: 'elevate', playerId: 'adm' });
    tw.enqueue(chat('adm', '/broadcast hello all', 1));
    tw.enqueue(chat('adm', '/kick Far Away', 2));
    tw.advance();
    for (const id of ['adm', 'other'])
      expect(tw.events(id, 'chat:message').map((e) => e.data)).toContainEqual(
        expect.objectContaining({ channel: 'broadcast', message: 'hello all' }),
      );
    const effects = tw.world.drainEffects();
    expect(effects).toContainEqual({ type: 'broadcast', message: 'hello all', adminId: 'adm' });
    expect(effects).toContainEqual({ type: 'remoteKick', name: 'Far Away', adminId: 'adm', rid: 2 });
    // The broadcast is answered at once; the kick by the host, once the other worlds answered.
    expect(tw.events('adm', 'ack').map((e) => e.rid)).toEqual([1]);
    expect(tw.events('adm', 'error')).toEqual([]);
  });

  it('hears a broadcast from another world as a command', async () => {
    const tw = await TestWorld.create();
    tw.login(record('a'));
    tw.login(record('b', 2, 2));
    tw.advance();
    tw.enqueue({ type: 'broadcast', message: 'from world 2' });
    tw.advance();
    for (const id of ['a', 'b'])
      expect(tw.events(id, 'chat:message').map((e) => e.data)).toEqual([
        { tick: tw.world.tick, channel: 'broadcast', from: null, message: 'from world 2' },
      ]);
  });

  it('answers a kick of a name nobody here has when the host has no other worlds', async () => {
    const delivered: Array<{ id: string; event: string; data: unknown; rid?: unknown }> = [];
    const host = new WorldHost({
      content: await bundledContent(),
      seed: 1,
      tickMs: 600,
      saves: {
        push: vi.fn(),
        pushLock: vi.fn(),
        pushRecord: vi.fn(),
        listen: vi.fn(),
      } as unknown as SaveQueue,
      logger: silentLog(),
    });
    host.attach({
      deliver: (id, events) => delivered.push(...events.map((e) => ({ id, ...e }))),
      flush: () => undefined,
      disconnect: () => undefined,
    });
    host.enqueue({ type: 'login', record: playerRecord('adm', { name: 'Adm' }) });
    host.tick();
    host.enqueue({ type: 'elevate', playerId: 'adm' });
    host.enqueue(chat('adm', '/kick Ghost', 7));
    host.tick();
    await vi.waitFor(() => expect(delivered.some((e) => e.rid === 7)).toBe(true));
    expect(delivered.find((e) => e.rid === 7)).toEqual({
      id: 'adm',
      event: 'error',
      data: { code: 'invalid_command', message: 'no player named Ghost is online', rid: 7 },
      rid: 7,
    });
  });
});
