/**
 * The one walk-to-then-act rule (features/interaction, ADR 0019) seen from the outside: whatever a
 * click walks to (a bank booth, a tree, a range), a newer click ends the walk the same way, the
 * walk lives in the same hashed slot, and an unreachable target is refused with the same wording.
 */
import type { ClientEventName, ClientMessage, ClientPayload } from '@tilerealm/protocol';
import { describe, expect, it } from 'vitest';
import type { Command, PlayerRecord } from '../../src/sim/core/types';
import { FOLLOW_TICKS, INTERACTION } from '../../src/sim/features/interaction/interaction';
import { INTERFACE } from '../../src/sim/features/bank/interface';
import { COMBAT } from '../../src/sim/features/combat/state';
import { OBJECTS } from '../../src/sim/features/objects/state';
import { record, TestWorld } from './test-world';

const TREE = 'oakhaven:r0'; // a tree at (-20, 20)
const BOOTH = 'oakhaven:s0'; // the west bank booth at (-10, -9)
const SHARK_SPOT = 'saltmarsh_coast:r3'; // a fishing spot two tiles out in the sea
const START = { x: 0, z: 5 };

function client<E extends ClientEventName>(
  id: string,
  event: E,
  data: ClientPayload<E>,
  rid?: number,
): Command {
  return { type: 'client', playerId: id, rid, message: { event, data } as ClientMessage };
}
const action = (data: ClientPayload<'player:action'>, rid: number) => client('p', 'player:action', data, rid);

async function world(at = START, items: Array<[string, number]> = [], seed = 3): Promise<TestWorld> {
  const tw = await TestWorld.create(seed);
  const rec: PlayerRecord = { ...record('p', at.x, at.z), bank: [] };
  rec.inventory = items.map(([itemId, quantity], slot) => ({ slot, itemId, quantity }));
  rec.skills.fishing = { level: 80, xp: 2_000_000 };
  tw.login(rec);
  tw.advance();
  tw.clearEvents();
  return tw;
}
const me = (tw: TestWorld) => tw.world.players.get('p')!;
const errors = (tw: TestWorld) =>
  tw.events('p', 'error').map((e) => e.data as { code: string; message: string });
const acks = (tw: TestWorld) => tw.events('p', 'ack').map((e) => (e.data as { result?: unknown }).result);
const stops = (tw: TestWorld) =>
  tw.events('p', 'activity:stopped').map((e) => (e.data as { reason: string }).reason);
const range = (tw: TestWorld) =>
  [...OBJECTS.of(tw.world).all()].find((o) => o.defId === 'cooking_range' && o.id.startsWith('oakhaven:'))!;

/** Each clickable, asked from afar: the request, and whether its arrival action has happened. */
const CLICKS: Array<{
  name: string;
  ask: (tw: TestWorld) => Command;
  acted: (tw: TestWorld) => boolean;
  /** How the superseded request is told: its ack (answered on arrival) or its activity's stop. */
  told: (tw: TestWorld) => unknown[];
}> = [
  {
    name: 'a bank booth',
    ask: () => action({ action: 'openBank', targetId: BOOTH }, 1),
    acted: (tw) => INTERFACE.of(me(tw)).open !== undefined,
    told: (tw) => acks(tw).slice(0, 1),
  },
  {
    name: 'a tree',
    ask: () => action({ action: 'gather', objectId: TREE }, 1),
    acted: (tw) => tw.events('p', 'chat:message').length > 0, // "You swing your axe at the tree."
    told: (tw) => stops(tw),
  },
  {
    name: 'a range',
    ask: (tw) => action({ action: 'make', recipeId: 'cook_shrimps', objectId: range(tw).id }, 1),
    acted: (tw) => me(tw).inventory.count('raw_shrimps') < 1,
    told: (tw) => stops(tw),
  },
];

describe('one interaction rule', () => {
  it.each(CLICKS)('a newer move ends the walk to $name the same way', async (c) => {
    const tw = await world(START, [
      ['bronze_axe', 1],
      ['raw_shrimps', 1],
    ]);
    tw.enqueue(c.ask(tw));
    tw.advance();
    expect(errors(tw)).toEqual([]);
    const walk = INTERACTION.of(me(tw)).current;
    expect(walk).toBeDefined();
    expect(me(tw).path.length).toBeGreaterThan(0);
    tw.enqueue(client('p', 'player:move', START, 2));
    tw.advance();
    expect(INTERACTION.of(me(tw)).current).toBeUndefined();
    tw.advance(40);
    expect([me(tw).x, me(tw).z]).toEqual([START.x, START.z]);
    expect(c.acted(tw)).toBe(false);
    expect(me(tw).activity).toBeUndefined();
    // The deferred request is acked superseded; a continuing one (acked at acceptance) stops `moved`.
    expect(c.told(tw)).toEqual(c.name === 'a bank booth' ? [{ superseded: true }] : ['moved']);
  });

  it.each(CLICKS)('walks to $name from afar, then acts', async (c) => {
    const tw = await world(START, [
      ['bronze_axe', 1],
      ['raw_shrimps', 1],
    ]);
    tw.enqueue(c.ask(tw));
    for (let i = 0; i < 60 && !c.acted(tw); i++) tw.advance();
    expect(c.acted(tw)).toBe(true);
    expect(errors(tw)).toEqual([]);
  });

  it('keeps a continuing walk in the hashed interaction slot', async () => {
    const a = await world(START, [['bronze_axe', 1]]);
    const b = await world(START, [['bronze_axe', 1]]);
    a.enqueue(action({ action: 'gather', objectId: TREE }, 1));
    b.enqueue(action({ action: 'gather', objectId: TREE }, 1));
    a.advance();
    b.advance();
    expect(a.world.hash()).toBe(b.world.hash());
    const walk = INTERACTION.of(me(a)).current;
    expect(walk?.target).toEqual({ kind: 'object', id: TREE });
    expect(walk?.continues?.activity).toBe(me(a).activity);
    INTERACTION.of(me(b)).current = undefined;
    expect(a.world.hash()).not.toBe(b.world.hash());
  });

  it('refuses an unreachable resource and station alike, changing nothing', async () => {
    const spot = OBJECTS.of((await world()).world).get(SHARK_SPOT)!;
    const tw = await world({ x: 124, z: 30 }, [
      ['harpoon', 1],
      ['raw_shrimps', 1],
    ]);
    OBJECTS.of(tw.world).add({
      id: 'fire:sea',
      kind: 'station',
      defId: 'fire',
      x: spot.x,
      z: spot.z + 1,
      depleted: false,
      dynamic: true,
    });
    tw.enqueue(action({ action: 'gather', objectId: SHARK_SPOT }, 1));
    tw.enqueue(action({ action: 'make', recipeId: 'cook_shrimps', objectId: 'fire:sea' }, 2));
    tw.advance();
    const shown = errors(tw);
    expect(shown.map((e) => e.code)).toEqual(['not_near', 'not_near']);
    for (const e of shown) expect(e.message).toMatch(/^you cannot reach the /);
    expect(me(tw).activity).toBeUndefined();
    expect(INTERACTION.of(me(tw)).current).toBeUndefined();
    expect(me(tw).path).toEqual([]);
  });

  it('ends an attack on player:action stop, like any newer request', async () => {
    const tw = await world({ x: -5, z: 45 });
    const cow = [...tw.world.npcs.values()].find((n) => n.def.id === 'cow')!;
    me(tw).x = cow.x + 6;
    me(tw).z = cow.z;
    tw.enqueue(action({ action: 'attack', targetId: cow.id }, 1));
    tw.advance();
    expect(COMBAT.of(me(tw)).target).toBe(cow);
    tw.enqueue(action({ action: 'stop' }, 2));
    tw.advance(10);
    expect(COMBAT.of(me(tw)).target).toBeUndefined();
    expect(tw.events('p', 'combat:hit')).toEqual([]);
  });

  it('follows a wandering NPC until it reaches it, whatever the NPC does on the way', async () => {
    // Guide Lina wanders within 2 tiles of (2, 2); the player asks to talk from 8 to 12 tiles away,
    // at different moments of her wandering. (Three re-plans at the ends of walks lost her twice.)
    for (const from of [
      { x: 2, z: 14 },
      { x: 10, z: 10 },
      { x: 14, z: 2 },
    ]) {
      for (let seed = 1; seed <= 40; seed++) {
        const tw = await world(from, [], seed);
        tw.advance(seed % 9);
        const lina = [...tw.world.npcs.values()].find((n) => n.def.id === 'guide_lina')!;
        tw.enqueue(action({ action: 'talk', npcId: lina.id }, 1));
        for (let i = 0; i < 60 && tw.events('p', 'dialogue:node').length === 0; i++) tw.advance();
        expect({ from, seed, errors: errors(tw) }).toEqual({ from, seed, errors: [] });
        expect(tw.events('p', 'dialogue:node')).toHaveLength(1);
      }
    }
  });

  it('gives up a chase after its time is up, with the wording of a walk that stopped short', async () => {
    const tw = await world({ x: 2, z: 14 });
    const lina = [...tw.world.npcs.values()].find((n) => n.def.id === 'guide_lina')!;
    const keepAway = () => {
      // The NPC stays 4 tiles ahead of the player, whatever the player does.
      lina.path = [];
      lina.x = me(tw).x;
      lina.z = me(tw).z - 4;
      tw.world.spatial.set(lina.idx, lina.x, lina.z);
    };
    keepAway();
    tw.enqueue(action({ action: 'talk', npcId: lina.id }, 1));
    let ticks = 0;
    for (; ticks < 200 && errors(tw).length === 0; ticks++) {
      tw.advance();
      keepAway();
    }
    expect(errors(tw).map(({ code, message }) => ({ code, message }))).toEqual([
      { code: 'not_near', message: 'you stopped before reaching Guide Lina' },
    ]);
    // The first walk is 3 steps (to the tile next to the NPC), then the chase's own time.
    expect(ticks).toBe(3 + FOLLOW_TICKS + 1);
    expect(INTERACTION.of(me(tw)).current).toBeUndefined();
    expect(tw.events('p', 'dialogue:node')).toEqual([]);
  });
});
