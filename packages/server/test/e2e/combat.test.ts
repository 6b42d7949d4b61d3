import type { ServerPayload } from '@tilerealm/protocol';
import { GameClient } from '@tilerealm/sdk';
import { describe, expect, it } from 'vitest';
import { useRealtimeServer, wsUrl } from './realtime-harness';

const noReconnect = { reconnect: false } as const;
type Snapshot = NonNullable<ServerPayload<'world:update'>['entered']>[number];

/** Collects the NPCs a client has seen enter its view, by id. */
function trackEntities(c: GameClient): Map<string, Snapshot> {
  const seen = new Map<string, Snapshot>();
  c.on('world:update', (u) => {
    for (const e of u.entered ?? []) seen.set(e.id, e);
  });
  return seen;
}

async function admin(c: GameClient, command: string): Promise<void> {
  await c.request('player:chat', { message: command });
}

/**
 * The end-to-end fight: an SDK client walks to an NPC, kills it with the right experience,
 * loots its drop, dies to an aggressive NPC and reclaims its gravestone; and a PvP kill drops items.
 */
describe('combat over WebSocket (SDK clients)', () => {
  const live = useRealtimeServer();

  it('kills a goblin with the right experience, loots it, dies to a skeleton and reclaims the gravestone', async () => {
    const c = await GameClient.connect({ url: wsUrl(live.server), ...noReconnect });
    const me = c.welcome?.playerId ?? '';
    try {
      const seen = trackEntities(c);
      const hits: Array<ServerPayload<'combat:hit'>> = [];
      c.on('combat:hit', (h) => hits.push(h));
      const xp: Array<ServerPayload<'skill:xp'>> = [];
      c.on('skill:xp', (e) => xp.push(e));
      await admin(c, '/admin let-me-in-please');
      await admin(c, '/tele -2 -34');
      await c.request('player:requestSync', {});
      const goblin = [...seen.values()].find((e) => e.npcId === 'goblin');
      expect(goblin).toBeDefined();
      const ack = await c.request('player:action', { action: 'attack', targetId: goblin?.id ?? '' });
      expect(ack).toMatchObject({ result: { targetId: goblin?.id } });
      // A goblin that wanders somewhere out of reach for a while ends the attack: attack again.
      const off = c.on('error', (e) => {
        if (e.code === 'target_out_of_reach')
          c.send('player:action', { action: 'attack', targetId: goblin?.id ?? '' });
      });
      const death = await c.waitFor('combat:death', (d) => d.id === goblin?.id, 60_000);
      off();
      expect(death.killerId).toBe(me);
      const dealt = hits.filter((h) => h.attackerId === me && h.targetId === goblin?.id);
      const total = dealt.reduce((s, h) => s + h.damage, 0);
      expect(total).toBe(50); // a goblin has 50 life points
      // The bronze sword's first style is stab (accurate): 0.4 attack xp per point of damage.
      const attackXp = xp.filter((e) => e.skill === 'attack').reduce((s, e) => s + e.amount, 0);
      expect(attackXp).toBeCloseTo(Math.floor(4 * total) / 10, 5);
      const conTenths = dealt.reduce((s, h) => s + Math.floor((4 * h.damage) / 3), 0);
      const conXp = xp.filter((e) => e.skill === 'constitution').reduce((s, e) => s + e.amount, 0);
      expect(Math.round(conXp * 10)).toBeLessThanOrEqual(conTenths);
      expect(Math.round(conXp * 10)).toBeGreaterThan(conTenths - 10);

      // Its bones appear for us, and we pick them up.
      const drop = await c.waitFor(
        'world:update',
        (u) => (u.itemsAdded ?? []).some((i) => i.itemId === 'bones'),
        10_000,
      );
      const bones = drop.itemsAdded?.find((i) => i.itemId === 'bones');
      const picked = await c.request('player:action', { action: 'pickup', groundItemId: bones?.id ?? '' });
      expect(picked).toMatchObject({ result: { itemId: 'bones', quantity: 1 } });

      // Off to the dungeon, where aggressive skeletons kill a level-3 adventurer.
      await c.request('player:action', { action: 'setAutoRetaliate', enabled: false });
      await admin(c, '/tele 313 333');
      const died = await c.waitFor('player:died', () => true, 60_000);
      expect(died.killerId).toMatch(/skeleton|giant_rat|zombie|spider|bat|giant|warden/);
      expect(died.kept).toHaveLength(3);
      expect(died.gravestone).not.toBeNull();
      const lost = died.lost.reduce((s, i) => s + i.quantity, 0);
      expect(lost).toBeGreaterThan(0);
      const grave = died.gravestone;
      if (!grave) throw new Error('no gravestone');
      // The death lock is in the database, holding exactly the lost items.
      await expect
        .poll(async () => (await live.server.repos.deaths.listActiveFor(me)).map((d) => d.items), {
          timeout: 5_000,
        })
        .toEqual([died.lost]);

      // Back next to the gravestone: reclaim everything.
      await admin(c, `/tele ${grave.x} ${grave.z}`);
      const reclaimed = await c.request('player:action', { action: 'reclaim', gravestoneId: grave.id });
      expect(reclaimed).toMatchObject({ result: { gravestoneId: grave.id, remaining: [] } });
      const sync = await c.request('player:requestSync', {});
      const held = [...sync.player.inventory, ...sync.player.equipment].reduce((s, i) => s + i.quantity, 0);
      expect(held).toBe(lost + 3);
      await expect
        .poll(async () => (await live.server.repos.deaths.listActiveFor(me)).length, { timeout: 5_000 })
        .toBe(0);
    } finally {
      await c.close();
    }
  }, 120_000);

  it('a PvP kill in the wilds drops the victim items for the killer', async () => {
    const killer = await GameClient.connect({ url: wsUrl(live.server), ...noReconnect });
    const victim = await GameClient.connect({ url: wsUrl(live.server), ...noReconnect });
    try {
      const victimId = victim.welcome?.playerId ?? '';
      await admin(killer, '/admin let-me-in-please');
      await admin(killer, '/tele 0 -100');
      await admin(killer, `/tele 1 -100 ${(await victim.request('player:requestSync', {})).player.name}`);
      await victim.request('player:action', { action: 'setAutoRetaliate', enabled: false });
      const carried = new Set(
        (await victim.request('player:requestSync', {})).player.inventory.map((slot) => slot.itemId),
      );
      // Waiting from before the attack: the drop can reach the killer in the tick of the death,
      // before the victim's player:died is read here.
      const dropSeen = killer.waitFor(
        'world:update',
        (u) => (u.itemsAdded ?? []).some((i) => carried.has(i.itemId)),
        70_000,
      );
      await killer.request('player:action', { action: 'attack', targetId: victimId });
      const died = await victim.waitFor('player:died', () => true, 60_000);
      expect(died).toMatchObject({ killerId: killer.welcome?.playerId, droppedForKiller: true });
      const loot = await dropSeen;
      const pile = loot.itemsAdded?.find((i) => died.lost.some((l) => l.itemId === i.itemId));
      const got = await killer.request('player:action', { action: 'pickup', groundItemId: pile?.id ?? '' });
      expect(got).toMatchObject({ result: { itemId: pile?.itemId } });
    } finally {
      await killer.close();
      await victim.close();
    }
  }, 120_000);

  it('answers bad combat requests with clear errors', async () => {
    const c = await GameClient.connect({ url: wsUrl(live.server), ...noReconnect });
    try {
      await expect(
        c.request('player:action', { action: 'attack', targetId: 'oakhaven:0:guide_lina:0' }),
      ).rejects.toMatchObject({ code: 'not_attackable' });
      await expect(
        c.request('player:action', { action: 'attack', targetId: 'the_wilds:0:wolf:0' }),
      ).rejects.toMatchObject({ code: 'target_gone' });
      await expect(
        c.request('player:action', { action: 'setStyle', styleId: 'rapid' }),
      ).rejects.toMatchObject({
        code: 'invalid_style',
      });
      await expect(c.request('equipment:equip', { inventorySlot: 27 })).rejects.toMatchObject({
        code: 'empty_slot',
      });
      await expect(c.request('inventory:use', { slot: 20 })).rejects.toMatchObject({ code: 'empty_slot' });
      await expect(
        c.request('player:action', { action: 'reclaim', gravestoneId: 'someone:1' }),
      ).rejects.toMatchObject({ code: 'gravestone_gone' });
    } finally {
      await c.close();
    }
  }, 30_000);
});
