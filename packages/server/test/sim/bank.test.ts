import { describe, expect, it } from 'vitest';
import { BANK_SIZE } from '../../src/sim/items/container';
import {
  acks,
  action,
  atBank,
  BOOTH,
  client,
  closed,
  deposit,
  errors,
  FRONT,
  lastBank,
  me,
  openBank,
  slots,
  world,
} from './bank-setup';
import { record } from './test-world';
import { OBJECTS } from '../../src/sim/features/objects/state';
import { INTERFACE } from '../../src/sim/features/bank/interface';
import { COMBAT } from '../../src/sim/features/combat/state';

describe('opening the bank', () => {
  it('opens at once next to a bank booth: bank:update with 800 slots, the interface is open', async () => {
    const tw = await world({ id: 'a', bank: [{ slot: 3, itemId: 'logs', quantity: 7 }] });
    tw.enqueue(openBank('a', BOOTH, 1));
    tw.advance();
    expect(acks(tw, 'a')).toEqual([{ interface: 'bank', capacity: BANK_SIZE }]);
    expect(lastBank(tw, 'a')).toEqual({
      tick: tw.world.tick,
      capacity: 800,
      slots: [{ slot: 3, itemId: 'logs', quantity: 7 }],
    });
    expect(INTERFACE.of(me(tw)).open).toEqual({ kind: 'bank', x: FRONT.x, z: FRONT.z });
  });

  it('walks next to the booth first, then opens (the ack comes on arrival)', async () => {
    const tw = await world({ id: 'a', x: -9, z: -3 });
    tw.enqueue(openBank('a', BOOTH, 1));
    tw.advance();
    expect(acks(tw, 'a')).toEqual([]);
    expect(INTERFACE.of(me(tw)).open).toBeUndefined();
    tw.advance(12);
    expect(acks(tw, 'a')).toEqual([{ interface: 'bank', capacity: BANK_SIZE }]);
    const p = me(tw);
    expect(Math.max(Math.abs(p.x + 10), Math.abs(p.z + 9))).toBe(1);
    expect(INTERFACE.of(p).open?.kind).toBe('bank');
  });

  it('opens through a banker NPC (npcs whose id starts with banker_), walking round the booths', async () => {
    const tw = await world({ id: 'a', x: -9, z: -5 });
    const banker = [...tw.world.npcs.values()].find((n) => n.def.id === 'banker_oswin');
    tw.enqueue(openBank('a', banker?.id ?? '', 1));
    tw.advance(15);
    expect(acks(tw, 'a')).toEqual([{ interface: 'bank', capacity: BANK_SIZE }]);
    expect(INTERFACE.of(me(tw)).open?.kind).toBe('bank');
  });

  it('refuses what is not a bank: another object, an unknown id, an NPC who is not a banker', async () => {
    const tw = await world({ id: 'a' });
    const marla = [...tw.world.npcs.values()].find((n) => n.def.id === 'shopkeeper_marla');
    // A tree, with player b standing by it.
    const tree = [...OBJECTS.of(tw.world).all()].find((o) => o.kind === 'resource');
    const by = [-1, 1].flatMap((dx) =>
      [-1, 0, 1].map((dz) => ({ x: (tree?.x ?? 0) + dx, z: (tree?.z ?? 0) + dz })),
    );
    const spot = by.find((t) => tw.world.map.isWalkable(t.x, t.z));
    tw.login({ ...record('b', spot?.x, spot?.z) });
    tw.advance();
    tw.enqueue(openBank('a', 'nowhere:s9', 1));
    tw.enqueue(openBank('a', marla?.id ?? '', 2));
    tw.enqueue(openBank('b', tree?.id ?? '', 3));
    tw.advance();
    expect(errors(tw, 'a')).toEqual(['object_gone', 'target_gone']);
    expect(errors(tw, 'b')).toEqual(['object_gone']);
    expect(INTERFACE.of(me(tw)).open).toBeUndefined();
  });

  it('refuses a bank booth beyond the interaction distance', async () => {
    const tw = await world({ id: 'a', x: 56, z: 0 });
    expect([me(tw).x, me(tw).z]).toEqual([56, 0]);
    tw.enqueue(openBank('a', BOOTH, 1));
    tw.advance();
    expect(errors(tw, 'a')).toEqual(['object_gone']);
  });

  it('a move asked after openBank in the same tick supersedes the walk', async () => {
    const tw = await world({ id: 'a', x: -9, z: -3 });
    tw.enqueue(openBank('a', BOOTH, 1));
    tw.enqueue(client('a', 'player:move', { x: -5, z: -3 }, 2));
    tw.advance(12);
    expect(acks(tw, 'a')[0]).toEqual({ superseded: true });
    expect(INTERFACE.of(me(tw)).open).toBeUndefined();
  });
});

describe('closing the bank', () => {
  it('closes when the player asks to walk, and a deposit after that is refused', async () => {
    const tw = await atBank({ inventory: slots(['logs', 1]) });
    tw.enqueue(client('a', 'player:move', { x: -10, z: -8 }));
    tw.enqueue(deposit('a', 0, 1, 2));
    tw.advance();
    expect(closed(tw, 'a')).toEqual(['moved']);
    expect(errors(tw, 'a')).toEqual(['interface_not_open']);
    expect(INTERFACE.of(me(tw)).open).toBeUndefined();
  });

  it('closes when the player ends up more than one tile away (a teleport)', async () => {
    const tw = await atBank();
    const p = me(tw);
    p.x = -10;
    p.z = -6;
    tw.world.spatial.set(p.idx, p.x, p.z);
    tw.advance();
    expect(closed(tw, 'a')).toEqual(['moved']);
  });

  it('closes on closeInterface, on opening a shop, on an attack and on death', async () => {
    const asked = await atBank();
    asked.enqueue(action('a', { action: 'closeInterface' }, 1));
    asked.advance();
    expect(closed(asked, 'a')).toEqual(['closed']);
    expect(acks(asked, 'a')).toEqual([{ closed: 'bank' }]);

    const attacking = await atBank();
    const guard = [...attacking.world.npcs.values()].find((n) => n.def.id === 'chicken' || n.def.combat);
    const p = me(attacking);
    COMBAT.of(p).target = guard;
    attacking.advance();
    expect(closed(attacking, 'a')).toEqual(['combat']);

    const dying = await atBank();
    me(dying).isAdmin = true;
    dying.enqueue(client('a', 'player:chat', { message: '/hit 500' }));
    dying.advance(3);
    expect(closed(dying, 'a')).toEqual(['died']);

    const shopping = await world({ id: 'a', x: 7, z: -9 });
    const marla = [...shopping.world.npcs.values()].find((n) => n.def.id === 'shopkeeper_marla');
    INTERFACE.of(me(shopping)).open = { kind: 'bank', x: me(shopping).x, z: me(shopping).z };
    shopping.enqueue(action('a', { action: 'openShop', npcId: marla?.id ?? '' }, 1));
    shopping.advance(8);
    expect(closed(shopping, 'a')[0]).toBe('replaced');
    expect(INTERFACE.of(me(shopping)).open?.kind).toBe('shop');
  });
});
