import { describe, expect, it } from 'vitest';
import type { Player } from '../../src/sim/core/player';
import type { Feature } from '../../src/sim/core/registry';
import { playerSlot, worldSlot } from '../../src/sim/core/slots';
import { World } from '../../src/sim/core/world';
import { FEATURES } from '../../src/sim/features';
import { INTERACTION } from '../../src/sim/features/interaction/interaction';
import { atObject } from '../../src/sim/features/interaction/targets';
import { INTERFACE } from '../../src/sim/features/bank/interface';
import { COMBAT } from '../../src/sim/features/combat/state';
import { DYING } from '../../src/sim/features/death/state';
import { PRAYER, PRAYER_RUNTIME } from '../../src/sim/features/prayer/state';
import { QUESTS } from '../../src/sim/features/quests/state';
import { SESSION } from '../../src/sim/features/session/state';
import { SHOPS } from '../../src/sim/features/shops/stock';
import { XP_TENTHS } from '../../src/sim/features/skills/state';
import { CASTS, COOLDOWN } from '../../src/sim/features/teleport/state';
import { bundledWorld, record, TestWorld } from './test-world';

const GENERAL = 'oakhaven_general_store';

/** Two worlds with the same seed, content and commands: one player, a few ticks in. */
async function twins(): Promise<[TestWorld, TestWorld]> {
  const { content, map } = await bundledWorld();
  const pair: [TestWorld, TestWorld] = [new TestWorld(content, map, 3), new TestWorld(content, map, 3)];
  for (const tw of pair) {
    tw.login(record('a', 6, -9));
    tw.advance(3);
  }
  expect(pair[0].world.hash()).toBe(pair[1].world.hash());
  return pair;
}

const me = (tw: TestWorld): Player => {
  const p = tw.world.players.get('a');
  if (!p) throw new Error('a is not in the world');
  return p;
};

describe('feature state in the state hash', () => {
  it('a divergence in shop stock changes the hash', async () => {
    const [a, b] = await twins();
    const stock = SHOPS.of(b.world).get(GENERAL)?.stock;
    const [itemId, n] = [...(stock ?? [])][0] ?? ['', 0];
    stock?.set(itemId, n + 1);
    expect(a.world.hash()).not.toBe(b.world.hash());
    stock?.set(itemId, n);
    expect(a.world.hash()).toBe(b.world.hash());
  });

  it('a divergence in an interaction under way (a walk to a bank) changes the hash', async () => {
    const [a, b] = await twins();
    INTERACTION.of(me(b)).current = {
      ...atObject('booth', 'the bank booth'),
      arrive: () => ({ ok: true }),
      rid: undefined,
      giveUpAt: 0,
    };
    expect(a.world.hash()).not.toBe(b.world.hash());
    INTERACTION.of(me(b)).current = undefined;
    expect(a.world.hash()).toBe(b.world.hash());
  });

  it('a divergence in an open interface changes the hash', async () => {
    const [a, b] = await twins();
    INTERFACE.of(me(b)).open = { kind: 'bank', x: 6, z: -9 };
    expect(a.world.hash()).not.toBe(b.world.hash());
  });

  it('a divergence in a home teleport cast or cooldown changes the hash', async () => {
    const [a, b] = await twins();
    const p = me(b);
    CASTS.of(b.world).set('a', { player: p, landsAt: 10, x: p.x, z: p.z, health: p.health, combatUntil: 0 });
    expect(a.world.hash()).not.toBe(b.world.hash());
    CASTS.of(b.world).delete('a');
    expect(a.world.hash()).toBe(b.world.hash());
    COOLDOWN.of(p).readyTick += 1;
    expect(a.world.hash()).not.toBe(b.world.hash());
  });

  it('a divergence in prayer points or active prayers changes the hash', async () => {
    const [a, b] = await twins();
    const prayer = PRAYER.of(me(b));
    prayer.points += 1;
    expect(a.world.hash()).not.toBe(b.world.hash());
    prayer.points -= 1;
    expect(a.world.hash()).toBe(b.world.hash());
    prayer.active.add('surge_of_might');
    expect(a.world.hash()).not.toBe(b.world.hash());
  });

  it('a divergence in the prayer drain counter or the burial delay changes the hash (what was sent does not)', async () => {
    const [a, b] = await twins();
    const rt = PRAYER_RUNTIME.of(me(b));
    rt.drainCounter += 1;
    expect(a.world.hash()).not.toBe(b.world.hash());
    rt.drainCounter -= 1;
    expect(a.world.hash()).toBe(b.world.hash());
    rt.nextBuryTick += 1;
    expect(a.world.hash()).not.toBe(b.world.hash());
    rt.nextBuryTick -= 1;
    // What the client was last sent is a view, not the world's state.
    rt.sent = { ...rt.sent, points: rt.sent.points + 1 };
    expect(a.world.hash()).toBe(b.world.hash());
  });

  it('a divergence in a quest stage or quest points changes the hash', async () => {
    const [a, b] = await twins();
    for (const tw of [a, b])
      QUESTS.of(me(tw)).book.set('goblin_menace', {
        questId: 'goblin_menace',
        stage: 0,
        status: 'in_progress',
        data: {},
      });
    expect(a.world.hash()).toBe(b.world.hash());
    const q = QUESTS.of(me(b));
    const progress = q.book.get('goblin_menace');
    if (progress) progress.stage = 1;
    expect(a.world.hash()).not.toBe(b.world.hash());
    if (progress) progress.stage = 0;
    expect(a.world.hash()).toBe(b.world.hash());
    q.points += 1;
    expect(a.world.hash()).not.toBe(b.world.hash());
  });

  it('a divergence in a combat target, a swing timer or a death changes the hash', async () => {
    const [a, b] = await twins();
    const npc = [...b.world.npcs.values()][0];
    if (!npc) throw new Error('the world has no NPC');
    const combat = COMBAT.of(me(b));
    combat.target = npc;
    expect(a.world.hash()).not.toBe(b.world.hash());
    combat.target = undefined;
    expect(a.world.hash()).toBe(b.world.hash());
    combat.nextAttackTick += 1;
    expect(a.world.hash()).not.toBe(b.world.hash());
    combat.nextAttackTick -= 1;
    DYING.of(me(b)).until = b.world.tick + 5;
    expect(a.world.hash()).not.toBe(b.world.hash());
  });

  it('a divergence in experience tenths or a waiting logout changes the hash', async () => {
    const [a, b] = await twins();
    XP_TENTHS.of(me(b)).attack = 3;
    expect(a.world.hash()).not.toBe(b.world.hash());
    delete XP_TENTHS.of(me(b)).attack;
    expect(a.world.hash()).toBe(b.world.hash());
    SESSION.of(me(b)).logoutWaiting = 'disconnected';
    expect(a.world.hash()).not.toBe(b.world.hash());
  });
});

describe('state slots', () => {
  it('keeps each world its own state, created on first use, and hashes registered slots in order', async () => {
    const { content: c, map: m } = await bundledWorld();
    const COUNTER = worldSlot('test.counter', { init: () => ({ n: 0 }), hash: (s, h) => h.num(s.n) });
    const counting: Feature = { name: 'counting', register: (r) => r.worldSlot(COUNTER) };
    const one = new World({ content: c, map: m, seed: 1, features: [counting] });
    const two = new World({ content: c, map: m, seed: 1, features: [counting] });
    expect(one.slot(COUNTER)).toBe(COUNTER.of(one));
    expect(one.slot(COUNTER)).not.toBe(two.slot(COUNTER));
    expect(one.hash()).toBe(two.hash());
    one.slot(COUNTER).n = 5;
    expect(two.slot(COUNTER).n).toBe(0);
    expect(one.hash()).not.toBe(two.hash());
  });

  it('refuses two slots of one name', async () => {
    const { content: c, map: m } = await bundledWorld();
    const twice: Feature = {
      name: 'twice',
      register: (r) => {
        r.worldSlot(worldSlot('dup', { init: () => 0 }));
        r.playerSlot(playerSlot('dup', { init: () => ({}) }));
      },
    };
    expect(() => new World({ content: c, map: m, seed: 1, features: [twice] })).toThrow(/dup/);
  });

  it('restores a player slot from the record and saves it back, as it runs on', async () => {
    const tw = await TestWorld.create();
    tw.login({ ...record('a', 6, -9), homeTeleportCooldownTicks: 100 });
    tw.advance();
    const joined = me(tw).joinedTick;
    expect(COOLDOWN.of(me(tw)).readyTick).toBe(joined + 100);
    tw.advance(10);
    expect(me(tw).toRecord(tw.world.tick).homeTeleportCooldownTicks).toBe(90);
    expect(me(tw).toRecord(joined + 200).homeTeleportCooldownTicks).toBe(0);
  });

  it('restores and saves the prayer state through its slot', async () => {
    const tw = await TestWorld.create();
    const skills = { ...record('a', 6, -9).skills, prayer: { level: 10, xp: 1_154 } };
    tw.login({ ...record('a', 6, -9), skills, prayerPoints: 7, activePrayers: ['surge_of_might'] });
    tw.advance();
    const prayer = PRAYER.of(me(tw));
    expect(prayer.points).toBe(7);
    expect([...prayer.active]).toEqual(['surge_of_might']);
    prayer.points = 3;
    prayer.active.clear();
    const saved = me(tw).toRecord(tw.world.tick);
    expect({ points: saved.prayerPoints, active: saved.activePrayers }).toEqual({ points: 3, active: [] });
  });

  it('saves a feature field as it was loaded when no registered slot writes it', async () => {
    const { content: c, map: m } = await bundledWorld();
    const bare = FEATURES.filter((f) => f.name === 'session');
    const world = new World({ content: c, map: m, seed: 1, features: bare });
    world.enqueue({ type: 'login', record: { ...record('a', 6, -9), homeTeleportCooldownTicks: 42 } });
    world.step();
    world.step();
    expect(world.players.get('a')?.toRecord(world.tick).homeTeleportCooldownTicks).toBe(42);
  });

  it("reads each player's own state through the world's columns, before and after its handle is reused", async () => {
    const tw = await TestWorld.create();
    tw.login(record('a', 6, -9));
    tw.advance();
    const a = me(tw);
    const aPrayer = PRAYER.of(a);
    aPrayer.points = 3;
    tw.enqueue({ type: 'logout', playerId: 'a', reason: 'test' });
    tw.advance();
    // The handle was freed at the end of the logout tick's sync: the world no longer holds a's states.
    expect(tw.world.playerSlotColumns.some((column) => column.includes(a) || column.includes(aPrayer))).toBe(
      false,
    );
    tw.login(record('b', 6, -9));
    tw.advance();
    const b = tw.world.players.get('b');
    if (!b) throw new Error('b is not in the world');
    expect(b.idx).toBe(a.idx);
    const bPrayer = PRAYER.of(b);
    expect(bPrayer).not.toBe(aPrayer);
    // The player that left reads its own state (and takes the handle's entry), then b reads its own.
    expect(PRAYER.of(a)).toBe(aPrayer);
    expect(PRAYER.of(b)).toBe(bPrayer);
    expect(PRAYER.of(a).points).toBe(3);
    expect(b.toRecord(tw.world.tick).prayerPoints).toBe(bPrayer.points);
  });

  it("keeps two worlds' players on one handle apart", async () => {
    const [one, two] = await twins();
    expect(me(one).idx).toBe(me(two).idx);
    expect(one.world.playerSlotColumns).not.toBe(two.world.playerSlotColumns);
    const points = PRAYER.of(me(two)).points;
    PRAYER.of(me(one)).points = points + 5;
    expect(PRAYER.of(me(two)).points).toBe(points);
    expect(PRAYER.of(me(one)).points).toBe(points + 5);
    expect(one.world.hash()).not.toBe(two.world.hash());
  });
});
