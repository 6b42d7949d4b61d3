import type { ServerPayload } from '@tilerealm/protocol';
import type { GameClient } from '@tilerealm/sdk';
import { describe, expect, it } from 'vitest';
import { xpForLevel } from '../../src/sim/features/skills/xp-table';
import { useRealtimeServer, wsUrl } from './realtime-harness';
import { connect, idOf, WAIT_MS } from './trade-helpers';

const ALTAR = 'oakhaven:s4';
const BANK_BOOTH = 'oakhaven:s0';
type Hit = ServerPayload<'combat:hit'>;

async function chat(c: GameClient, message: string): Promise<void> {
  await c.request('player:chat', { message });
}

/**
 * Attacks goblins near the scrubland until one of this player's swings lands (or misses) after
 * `from` swings were seen; returns that swing. A goblin that dies or wanders off is replaced.
 */
async function nextSwing(c: GameClient, hits: Hit[], from: number, goblins: Set<string>): Promise<Hit> {
  const me = idOf(c);
  const mine = () => hits.filter((h) => h.attackerId === me);
  for (let attempt = 0; attempt < 20; attempt++) {
    for (const id of goblins) {
      try {
        await c.request('player:action', { action: 'attack', targetId: id });
        break;
      } catch {
        goblins.delete(id); // dead, gone or out of sight: try the next one
      }
    }
    const seen = await c
      .waitFor('combat:hit', (h) => h.attackerId === me && mine().length > from, 5_000)
      .catch(() => undefined);
    if (seen) break;
    await c.request('player:requestSync', {}); // re-enter the goblins in view
  }
  const swing = mine()[from];
  if (!swing) throw new Error('no swing seen');
  return swing;
}

/**
 * The prayer case end to end: bury bones for a level, pray through a fight with the bonus
 * visible in the hit figures, drain to nothing, recharge at an altar, and find the active prayer
 * again after a reconnect to a restarted server. Bad inputs give clear errors on the way.
 */
describe('prayer over WebSocket (SDK clients)', () => {
  const live = useRealtimeServer();

  it('buries, prays through a fight, drains, recharges at an altar and keeps its prayers', async () => {
    // A guest character, trained while offline: 4 xp short of prayer level 4, 60 strength, 3 bones.
    const first = await connect(wsUrl(live.server));
    const me = idOf(first);
    const token = first.token ?? '';
    await first.close();
    let server = await live.restart();
    await server.repos.characters.update(me, {
      prayerLevel: 3,
      prayerXp: xpForLevel(4) - 4,
      prayerPoints: 3,
      strengthLevel: 60,
      strengthXp: xpForLevel(60),
      constitutionLevel: 40,
      constitutionXp: xpForLevel(40),
      health: 400,
    });
    await server.repos.inventory.replaceAll(me, [
      { slot: 0, itemId: 'bones', quantity: 1 },
      { slot: 1, itemId: 'bones', quantity: 1 },
    ]);

    let c = await connect(wsUrl(server), token);
    try {
      const start = await c.request('player:requestSync', {});
      expect(start.player.prayer).toEqual({ points: 3, active: [] });

      // Bury: 4.5 xp reaches level 4, which adds a point.
      const levelled = c.waitFor('prayer:update', (u) => u.maxPoints === 4, WAIT_MS);
      const buried = await c.request('inventory:use', { slot: 0 });
      expect(buried).toMatchObject({ result: { itemId: 'bones', xp: 4.5, prayerLevel: 4 } });
      expect(await levelled).toMatchObject({ points: 4, maxPoints: 4, active: [] });

      // Bad inputs.
      await expect(c.request('prayer:toggle', { prayerId: 'nope', active: true })).rejects.toMatchObject({
        code: 'unknown_prayer',
      });
      await expect(
        c.request('prayer:toggle', { prayerId: 'keen_focus', active: true }),
      ).rejects.toMatchObject({
        code: 'level_too_low',
        message: 'you need prayer level 7 to use Keen Focus',
      });

      // A fight with and without Surge of Might: the max hit the swings show rises.
      const goblins = new Set<string>();
      c.on('world:update', (u) => {
        for (const e of u.entered ?? []) if (e.npcId === 'goblin') goblins.add(e.id);
      });
      const hits: Hit[] = [];
      c.on('combat:hit', (h) => hits.push(h));
      await chat(c, '/admin let-me-in-please');
      await chat(c, '/tele -2 -34');
      await c.request('player:requestSync', {});
      const plain = await nextSwing(c, hits, 0, goblins);
      const on = await c.request('prayer:toggle', { prayerId: 'surge_of_might', active: true });
      expect(on).toMatchObject({ result: { active: true, activePrayers: ['surge_of_might'] } });
      const seenSoFar = hits.filter((h) => h.attackerId === me).length;
      const prayed = await nextSwing(c, hits, seenSoFar, goblins);
      // Bronze sword, accurate, 60 strength: floor((68 x 69 + 320) / 640) = 7; with +5%: 71 -> 8.
      expect(plain.maxHit).toBe(70);
      expect(prayed.maxHit).toBe(80);
      await c.request('player:action', { action: 'stop' });

      // Drain: one point a minute of ticks for Surge of Might; two prayers on drain twice as fast.
      await c.waitFor('prayer:update', (u) => u.points === 3, WAIT_MS);
      await c.request('prayer:toggle', { prayerId: 'hardened_hide', active: true });
      const empty = await c.waitFor('prayer:update', (u) => u.points === 0, 4 * WAIT_MS);
      expect(empty.active).toEqual([]);
      await expect(
        c.request('prayer:toggle', { prayerId: 'surge_of_might', active: true }),
      ).rejects.toMatchObject({ code: 'no_prayer_points' });

      // Recharge at the chapel altar (after two bad tries).
      await chat(c, '/tele 5 5');
      await expect(
        c.request('player:action', { action: 'pray', objectId: BANK_BOOTH }),
      ).rejects.toMatchObject({ code: 'not_an_altar' });
      await expect(
        c.request('player:action', { action: 'pray', objectId: 'the_wilds:s1' }),
      ).rejects.toMatchObject({ code: 'object_gone' });
      const prayedAt = await c.request('player:action', { action: 'pray', objectId: ALTAR });
      expect(prayedAt).toMatchObject({ result: { objectId: ALTAR, points: 4, restored: 4 } });
      await c.request('prayer:toggle', { prayerId: 'surge_of_might', active: true });
    } finally {
      await c.close();
    }

    // A reconnect to a restarted server: the prayer is still on, read back from the database.
    server = await live.restart();
    expect((await server.repos.characters.findById(me))?.activePrayers).toEqual(['surge_of_might']);
    c = await connect(wsUrl(server), token);
    try {
      const again = await c.request('player:requestSync', {});
      expect(again.player.prayer.active).toEqual(['surge_of_might']);
      expect(again.player.prayer.points).toBeGreaterThan(0);
      expect(again.player.skills.prayer?.level).toBe(4);
    } finally {
      await c.close();
    }
  }, 120_000);
});
