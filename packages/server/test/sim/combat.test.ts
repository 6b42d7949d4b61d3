import { describe, expect, it } from 'vitest';
import type { Npc } from '../../src/sim/core/npc';
import type { Command, Effect, PlayerRecord } from '../../src/sim/core/types';
import { record, TestWorld } from './test-world';
import { GROUND_ITEMS } from '../../src/sim/features/ground-items/state';
import { DEATHS } from '../../src/sim/features/death/custody';
import { SESSION } from '../../src/sim/features/session/state';
import { COMBAT } from '../../src/sim/features/combat/state';

/** What the player is attacking (undefined also when it is not in the world). */
const targetOf = (tw: TestWorld, id: string) => {
  const p = tw.world.players.get(id);
  return p && COMBAT.of(p).target;
};

type Hit = {
  attackerId: string | null;
  targetId: string;
  damage: number;
  hit: boolean;
  targetHealth: number;
};

function act(tw: TestWorld, playerId: string, data: unknown, rid?: number): void {
  tw.enqueue({
    type: 'client',
    playerId,
    rid,
    message: { event: 'player:action', data } as Extract<Command, { type: 'client' }>['message'],
  });
}

function withLevels(
  r: PlayerRecord,
  levels: Partial<Record<keyof PlayerRecord['skills'], number>>,
): PlayerRecord {
  const skills = { ...r.skills };
  for (const [k, level] of Object.entries(levels)) skills[k as keyof typeof skills] = { level, xp: 0 };
  return { ...r, skills };
}

/** The NPC of `npcId` nearest to (x, z). */
function nearestNpc(tw: TestWorld, npcId: string, x: number, z: number): Npc {
  let best: Npc | undefined;
  for (const n of tw.world.npcs.values())
    if (
      n.def.id === npcId &&
      (!best ||
        Math.max(Math.abs(n.x - x), Math.abs(n.z - z)) < Math.max(Math.abs(best.x - x), Math.abs(best.z - z)))
    )
      best = n;
  if (!best) throw new Error(`no ${npcId}`);
  return best;
}

function errors(tw: TestWorld, id: string): string[] {
  return tw.events(id, 'error').map((e) => (e.data as { code: string }).code);
}

function effects(tw: TestWorld, type: Effect['type']): Effect[] {
  return tw.world.drainEffects().filter((e) => e.type === type);
}

describe('fighting NPCs', () => {
  it('walks to a goblin, kills it with the experience its damage earns, and its drop appears for the killer', async () => {
    const tw = await TestWorld.create(3);
    const goblin = nearestNpc(tw, 'goblin', -5, -40);
    tw.login(withLevels(record('hero', goblin.x + 4, goblin.z), { attack: 40, strength: 40, defense: 40 }));
    tw.advance();
    act(tw, 'hero', { action: 'attack', targetId: goblin.id }, 1);
    const hero = tw.world.players.get('hero');
    if (!hero) throw new Error('not in world');
    const before = { attack: hero.skills.attack.xp, constitution: hero.skills.constitution.xp };
    let ticks = 0;
    while (goblin.state === 'alive' && ticks++ < 200) tw.advance();
    expect(goblin.state).toBe('dying');
    const acks = tw.events('hero', 'ack');
    expect(acks[0]?.data).toEqual({ event: 'player:action', result: { targetId: goblin.id } });
    const hits = tw
      .events('hero', 'combat:hit')
      .map((e) => e.data as Hit)
      .filter((h) => h.attackerId === 'hero');
    const dealt = hits.reduce((s, h) => s + h.damage, 0);
    expect(dealt).toBe(goblin.maxHealth);
    // Punch is accurate: 4 tenths of attack xp per point dealt, and 4/3 tenths of constitution per hit.
    expect(hero.skills.attack.xp - before.attack).toBe(Math.floor((4 * dealt) / 10));
    const conTenths = hits.reduce((s, h) => s + Math.floor((4 * h.damage) / 3), 0);
    expect(hero.skills.constitution.xp - before.constitution).toBe(Math.floor(conTenths / 10));
    expect(tw.events('hero', 'combat:death').some((e) => (e.data as { id: string }).id === goblin.id)).toBe(
      true,
    );

    tw.world.drainEffects();
    tw.advance(goblin.def.combat?.deathTicks ?? 3);
    expect(goblin.state).toBe('gone');
    expect(effects(tw, 'npcKill')).toEqual([{ type: 'npcKill', characterId: 'hero', npcId: 'goblin' }]);
    const bones = [...GROUND_ITEMS.of(tw.world).all()].find(
      (p) => p.itemId === 'bones' && p.x === goblin.x && p.z === goblin.z,
    );
    expect(bones?.owner).toBe('hero');
    // The goblin left the view; it comes back at its spawn after its respawn time.
    tw.advance((goblin.def.combat?.respawnTicks ?? 30) + 1);
    expect(goblin.state).toBe('alive');
    expect([goblin.x, goblin.z, goblin.health]).toEqual([goblin.spawn.x, goblin.spawn.z, goblin.maxHealth]);
  });

  it('refuses bad attacks with clear errors', async () => {
    const tw = await TestWorld.create();
    tw.login(record('p', 2, 0));
    tw.login(record('q', 3, 0));
    tw.advance();
    act(tw, 'p', { action: 'attack', targetId: 'oakhaven:0:guide_lina:0' }, 1);
    act(tw, 'p', { action: 'attack', targetId: nearestNpc(tw, 'wolf', 0, -300).id }, 2);
    act(tw, 'p', { action: 'attack', targetId: 'nobody' }, 3);
    act(tw, 'p', { action: 'attack', targetId: 'q' }, 4);
    act(tw, 'p', { action: 'setStyle', styleId: 'slash' }, 5);
    tw.advance();
    expect(errors(tw, 'p')).toEqual([
      'not_attackable',
      'target_gone',
      'target_gone',
      'pvp_not_allowed',
      'invalid_style',
    ]);
    expect(targetOf(tw, 'p')).toBeUndefined();
  });

  it('refuses an attack on an NPC that no path leads to (target_out_of_reach)', async () => {
    const tw = await TestWorld.create();
    const cow = nearestNpc(tw, 'cow', -5, 45);
    tw.login(record('p', cow.x + 4, cow.z));
    tw.advance();
    // Wall the cow in: every tile around it is blocked.
    for (let dx = -1; dx <= 1; dx++)
      for (let dz = -1; dz <= 1; dz++)
        if (dx !== 0 || dz !== 0) tw.world.map.addBlocker(cow.x + dx, cow.z + dz);
    act(tw, 'p', { action: 'attack', targetId: cow.id }, 1);
    tw.advance();
    expect(errors(tw, 'p')).toEqual(['target_out_of_reach']);
    expect(targetOf(tw, 'p')).toBeUndefined();
    // The map is shared by the tests of this file.
    for (let dx = -1; dx <= 1; dx++)
      for (let dz = -1; dz <= 1; dz++)
        if (dx !== 0 || dz !== 0) tw.world.map.removeBlocker(cow.x + dx, cow.z + dz);
  });

  it('steps off an NPC standing on its own tile and attacks it (no target_out_of_reach)', async () => {
    const tw = await TestWorld.create(4);
    const cow = nearestNpc(tw, 'cow', -5, 45);
    tw.login(withLevels(record('p', cow.x, cow.z), { attack: 40, strength: 40 }));
    tw.advance();
    const p = tw.world.players.get('p');
    if (!p) throw new Error('not in world');
    // Stand exactly on the cow (it may have wandered during the login tick); requests are handled
    // in the input phase, before NPCs move.
    p.x = cow.x;
    p.z = cow.z;
    act(tw, 'p', { action: 'attack', targetId: cow.id }, 1);
    tw.advance();
    expect(errors(tw, 'p')).toEqual([]);
    expect(tw.events('p', 'ack')[0]?.data).toEqual({ event: 'player:action', result: { targetId: cow.id } });
    let ticks = 0;
    const swung = () => tw.events('p', 'combat:hit').some((e) => (e.data as Hit).attackerId === 'p');
    while (!swung() && ticks++ < 20) tw.advance();
    expect(swung()).toBe(true);
  });

  it('fires arrows from the ammo slot, lands them after the flight time, and stops when they run out', async () => {
    const tw = await TestWorld.create(9);
    const cow = nearestNpc(tw, 'cow', -5, 45);
    const r = withLevels(record('archer', cow.x + 5, cow.z), { ranged: 30 });
    r.equipment = [
      { slot: 'weapon', itemId: 'shortbow', quantity: 1 },
      { slot: 'ammo', itemId: 'bronze_arrow', quantity: 2 },
    ];
    tw.login(r);
    tw.advance();
    act(tw, 'archer', { action: 'attack', targetId: cow.id });
    tw.advance();
    const archer = tw.world.players.get('archer');
    expect(archer?.equipment.get('ammo')?.quantity).toBe(1);
    expect(tw.events('archer', 'combat:hit')).toHaveLength(0); // still in flight
    tw.advance(12);
    expect(archer?.equipment.get('ammo')).toBeUndefined();
    expect(
      tw.events('archer', 'combat:hit').filter((e) => (e.data as Hit).attackerId === 'archer'),
    ).toHaveLength(2);
    expect(errors(tw, 'archer')).toContain('no_ammo');
    expect(archer && COMBAT.of(archer).target).toBeUndefined();
  });
});

describe('aggressive NPCs and player deaths', () => {
  it('an aggressive NPC attacks a weak player, who dies, keeps the 3 most valuable items and reclaims the rest', async () => {
    const tw = await TestWorld.create(4, { gravestoneTicks: 500 });
    const skeleton = nearestNpc(tw, 'skeleton', 312, 330);
    const r = record('victim', skeleton.x + 2, skeleton.z);
    r.inventory = [
      { slot: 0, itemId: 'bones', quantity: 5 },
      { slot: 1, itemId: 'rune_axe', quantity: 1 },
      { slot: 2, itemId: 'bronze_sword', quantity: 1 },
      { slot: 3, itemId: 'iron_sword', quantity: 1 },
    ];
    r.equipment = [{ slot: 'weapon', itemId: 'steel_sword', quantity: 1 }];
    r.health = 30;
    tw.login(r);
    tw.advance();
    act(tw, 'victim', { action: 'setAutoRetaliate', enabled: false });
    let ticks = 0;
    while (tw.events('victim', 'player:died').length === 0 && ticks++ < 400) tw.advance();
    const died = tw.events('victim', 'player:died')[0]?.data as {
      kept: unknown[];
      lost: unknown[];
      gravestone: { id: string; x: number; z: number; items: Array<{ itemId: string; quantity: number }> };
      killerId: string | null;
    };
    expect(died.killerId).toMatch(/^gloomhollow_depths:\d+:skeleton:\d+$/);
    expect(died.kept).toEqual([
      { itemId: 'rune_axe', quantity: 1 },
      { itemId: 'steel_sword', quantity: 1 },
      { itemId: 'iron_sword', quantity: 1 },
    ]);
    expect(died.lost).toEqual([
      { itemId: 'bones', quantity: 5 },
      { itemId: 'bronze_sword', quantity: 1 },
    ]);
    const victim = tw.world.players.get('victim');
    if (!victim) throw new Error('gone');
    expect([victim.x, victim.z, victim.health]).toEqual([0, 0, victim.maxHealth]);
    const lockWrites = tw.world.drainEffects().filter((e) => e.type === 'deathLock');
    expect(lockWrites).toHaveLength(1);
    const death = lockWrites[0];
    if (death?.type !== 'deathLock') throw new Error('no lock');
    expect(death.step).toBe('death');
    expect(death.lock.status).toBe('active');
    expect(death.lock.items).toEqual(died.lost);
    expect(death.snapshots[0]?.inventory.map((s) => s.itemId).sort()).toEqual(['iron_sword', 'rune_axe']);

    // Back to the gravestone (out of the skeleton's reach thanks to an admin teleport) and reclaim.
    victim.x = died.gravestone.x;
    victim.z = died.gravestone.z - 1;
    tw.world.spatial.set(victim.idx, victim.x, victim.z);
    for (const n of tw.world.npcs.values()) n.target = undefined;
    act(tw, 'victim', { action: 'reclaim', gravestoneId: died.gravestone.id }, 9);
    tw.advance();
    const ack = tw.events('victim', 'ack').find((e) => e.rid === 9);
    expect(ack?.data).toMatchObject({ result: { taken: died.lost, remaining: [] } });
    expect(victim.inventory.count('bones')).toBe(5);
    expect(victim.inventory.count('bronze_sword')).toBe(1);
    const reclaimed = tw.world.drainEffects().find((e) => e.type === 'deathLock');
    expect(reclaimed).toMatchObject({ step: 'reclaim', lock: { status: 'recovered', items: [] } });
    expect(DEATHS.of(tw.world).get(died.gravestone.id)).toBeUndefined();
  });

  it('a gravestone collapses into public piles that the lock follows until they despawn', async () => {
    const tw = await TestWorld.create(2, { gravestoneTicks: 10 });
    const r = record('v', 3, 3);
    r.inventory = [1, 2, 3, 4].map((slot) => ({ slot, itemId: 'bronze_dagger', quantity: 1 }));
    tw.login(r);
    tw.advance();
    tw.world.players.get('v')!.isAdmin = true;
    tw.enqueue({
      type: 'client',
      playerId: 'v',
      rid: undefined,
      message: { event: 'player:chat', data: { message: '/hit 1000' } },
    });
    tw.advance(6);
    const died = tw.events('v', 'player:died')[0]?.data as { gravestone: { id: string } };
    expect(died.gravestone).not.toBeNull();
    tw.world.drainEffects();
    tw.advance(12);
    const expire = tw.world.drainEffects().find((e) => e.type === 'deathLock');
    expect(expire).toMatchObject({
      step: 'expire',
      lock: { status: 'active', items: [{ itemId: 'bronze_dagger', quantity: 1 }] },
    });
    const piles = [...GROUND_ITEMS.of(tw.world).all()].filter((p) => p.deathId === died.gravestone.id);
    expect(piles.length).toBe(1);
    expect(piles[0]?.owner).toBeNull();
    tw.advance(120);
    const end = tw.world.drainEffects().find((e) => e.type === 'deathLock');
    expect(end).toMatchObject({ step: 'despawn', lock: { status: 'expired', items: [] } });
  });
});

describe('PvP', () => {
  it('a PvP kill drops the lost items for the killer, whose pickup ends the lock', async () => {
    const tw = await TestWorld.create(6);
    const x = 0;
    const z = -100; // deep enough in the wilds for a small level gap
    const killer = withLevels(record('killer', x, z), { attack: 60, strength: 60 });
    killer.combatLevel = 3;
    const victim = record('prey', x + 1, z);
    victim.health = 20;
    victim.inventory = [
      { slot: 0, itemId: 'bronze_dagger', quantity: 1 },
      { slot: 1, itemId: 'bronze_dagger', quantity: 1 },
      { slot: 2, itemId: 'bronze_dagger', quantity: 1 },
      { slot: 3, itemId: 'bones', quantity: 1 },
    ];
    tw.login(killer);
    tw.login(victim);
    tw.advance();
    expect(tw.world.map.isPvp(x, z)).toBe(true);
    act(tw, 'prey', { action: 'setAutoRetaliate', enabled: false });
    act(tw, 'killer', { action: 'attack', targetId: 'prey' }, 1);
    let ticks = 0;
    while (tw.events('prey', 'player:died').length === 0 && ticks++ < 200) tw.advance();
    const died = tw.events('prey', 'player:died')[0]?.data as {
      droppedForKiller: boolean;
      killerId: string;
      lost: unknown[];
    };
    expect(died).toMatchObject({
      droppedForKiller: true,
      killerId: 'killer',
      lost: [{ itemId: 'bones', quantity: 1 }],
    });
    const pile = [...GROUND_ITEMS.of(tw.world).all()].find(
      (p) => p.itemId === 'bones' && p.deathId !== undefined,
    );
    expect(pile?.owner).toBe('killer');
    tw.world.drainEffects();
    act(tw, 'killer', { action: 'pickup', groundItemId: pile?.id }, 2);
    tw.advance(3);
    const write = tw.world.drainEffects().find((e) => e.type === 'deathLock');
    expect(write).toMatchObject({ step: 'pickup', lock: { status: 'recovered', items: [] } });
    if (write?.type !== 'deathLock') throw new Error('no lock write');
    expect(write.snapshots.map((s) => s.id)).toEqual(['killer']);
    expect(write.snapshots[0]?.inventory).toContainEqual({ slot: 0, itemId: 'bones', quantity: 1 });
  });

  it('refuses PvP outside PvP areas and across a level gap wider than the depth', async () => {
    const tw = await TestWorld.create();
    const strong = withLevels(record('strong', 0, -66), { attack: 99, strength: 99, defense: 99 });
    strong.combatLevel = 90;
    tw.login(strong);
    tw.login(record('weak', 1, -66));
    tw.advance();
    act(tw, 'strong', { action: 'attack', targetId: 'weak' });
    tw.advance();
    expect(errors(tw, 'strong')).toEqual(['pvp_level_range']);
  });
});

describe('logging out in combat', () => {
  it('keeps a disconnected player in the world until the fight is over', async () => {
    const tw = await TestWorld.create(5);
    const goblin = nearestNpc(tw, 'goblin', -5, -40);
    tw.login(record('runner', goblin.x + 1, goblin.z));
    tw.advance();
    act(tw, 'runner', { action: 'attack', targetId: goblin.id });
    tw.advance(3);
    tw.enqueue({ type: 'logout', playerId: 'runner', reason: 'disconnected' });
    tw.advance();
    const p = tw.world.players.get('runner');
    expect(p && SESSION.of(p).logoutWaiting).toBe('disconnected');
    // Walk away and wait out the combat timer: then the logout happens.
    tw.enqueue({
      type: 'client',
      playerId: 'runner',
      rid: undefined,
      message: { event: 'player:move', data: { x: 0, z: -20 } },
    });
    let ticks = 0;
    while (tw.world.players.has('runner') && ticks++ < 100) tw.advance();
    expect(tw.world.players.has('runner')).toBe(false);
    expect(ticks).toBeGreaterThan(5);
  });

  it('a character saved while dying dies when it logs in again (leaving never undoes a death)', async () => {
    const tw = await TestWorld.create(5);
    const r = record('ghost', 4, 4);
    r.health = 0;
    r.inventory = [1, 2, 3, 4, 5].map((slot) => ({ slot, itemId: 'bronze_dagger', quantity: 1 }));
    tw.login(r);
    tw.advance(6);
    const died = tw.events('ghost', 'player:died')[0]?.data as { lost: unknown[] } | undefined;
    expect(died?.lost).toEqual([{ itemId: 'bronze_dagger', quantity: 2 }]);
    expect(tw.world.players.get('ghost')?.health).toBe(100);
  });

  it('determinism: the same fight twice gives the same state', async () => {
    const run = async () => {
      const tw = await TestWorld.create(11);
      const goblin = nearestNpc(tw, 'goblin', -5, -40);
      tw.login(record('a', goblin.x + 3, goblin.z));
      tw.advance();
      act(tw, 'a', { action: 'attack', targetId: goblin.id });
      tw.advance(60);
      return tw.world.hash();
    };
    expect(await run()).toBe(await run());
  });
});
