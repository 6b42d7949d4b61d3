import type { ServerPayload } from '@tilerealm/protocol';
import { GameClient } from '@tilerealm/sdk';
import { describe, expect, it } from 'vitest';
import { realtimeWorld } from './realtime-harness';
import { launchServer as launch, wsOf } from './server-process-harness';

const ADMIN = '/admin let-me-in-please';

/** Every item a character has, wherever it is: worn, carried, or in its gravestones. */
function totals(
  sync: ServerPayload<'player:sync'>['player'],
  graves: ServerPayload<'gravestone:update'>['gravestones'],
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of [...sync.inventory, ...sync.equipment, ...graves.flatMap((g) => g.items)])
    out[s.itemId] = (out[s.itemId] ?? 0) + s.quantity;
  return out;
}

async function holdings(url: string, token: string): Promise<Record<string, number>> {
  // Gravestones are announced in the tick the player joins, right with the welcome: subscribe first.
  let graves: ServerPayload<'gravestone:update'>['gravestones'] = [];
  const c = await GameClient.connect({
    url: wsOf(url),
    token,
    reconnect: false,
    beforeConnect: (client) => {
      client.on('gravestone:update', (g) => {
        graves = g.gravestones;
      });
    },
  });
  try {
    // Asked after joining, so the answer comes after any announcement of the join tick.
    const sync = await c.request('player:requestSync', {});
    return totals(sync.player, graves);
  } finally {
    await c.close();
  }
}

/**
 * Crash safety of a death: the server process is killed (SIGKILL) at each step of a death (while
 * dying, just before and just after the death's transaction commits, just before and just after a
 * gravestone reclaim commits); after a restart on the same database every item the character had
 * exists exactly once, carried, worn or in a gravestone.
 */
describe.each([
  { step: 'while dying', failpoint: undefined },
  { step: 'death:beforeCommit', failpoint: 'death:beforeCommit' },
  { step: 'death:afterCommit', failpoint: 'death:afterCommit' },
  { step: 'reclaim:beforeCommit', failpoint: 'reclaim:beforeCommit' },
  { step: 'reclaim:afterCommit', failpoint: 'reclaim:afterCommit' },
])('a server crash $step', ({ step, failpoint }) => {
  it('neither loses nor duplicates an item', async () => {
    const rw = await realtimeWorld({ RECONNECT_GRACE_MS: '200' });
    const env = { ...rw.env, ...(failpoint ? { FAILPOINTS: failpoint } : {}) };
    let proc = await launch(env);
    try {
      const c = await GameClient.connect({ url: wsOf(proc.url), reconnect: false });
      const token = c.welcome?.token ?? '';
      const start = totals((await c.request('player:requestSync', {})).player, []);
      expect(Object.keys(start).length).toBeGreaterThan(3);
      await c.request('player:chat', { message: ADMIN });
      if (step === 'while dying') {
        const lethal = c.waitFor('combat:hit', (h) => h.targetHealth === 0, 10_000);
        c.send('player:chat', { message: '/hit 1000' });
        await lethal;
        proc.child.kill('SIGKILL');
      } else if (step.startsWith('death:')) {
        c.send('player:chat', { message: '/hit 1000' });
      } else {
        const died = c.waitFor('player:died', () => true, 10_000);
        c.send('player:chat', { message: '/hit 1000' });
        const grave = (await died).gravestone;
        if (!grave) throw new Error('no gravestone');
        c.send('player:action', { action: 'reclaim', gravestoneId: grave.id });
      }
      expect(await proc.exited).toBe('SIGKILL');
      await c.close().catch(() => undefined);

      proc = await launch(rw.env);
      expect(await holdings(proc.url, token)).toEqual(start);
    } finally {
      proc.child.kill('SIGTERM');
      await proc.exited;
      await rw.cleanup();
    }
  }, 120_000);
});
