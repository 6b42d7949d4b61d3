import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BANK_SIZE } from '../../src/sim/items/container';
import { MAX_STACK } from '../../src/sim/items/types';
import {
  acks,
  atBank,
  BOOTH,
  deposit,
  depositAll,
  errors,
  FRONT,
  lastBank,
  me,
  openBank,
  saves,
  slots,
  withdraw,
  world,
} from './bank-setup';
import { record, TestWorld } from './test-world';

describe('deposits and withdrawals', () => {
  it('needs the bank open: deposit, withdraw and deposit-all answer interface_not_open', async () => {
    const tw = await world({ id: 'a', inventory: slots(['logs', 1]), bank: slots(['bones', 1]) });
    tw.enqueue(deposit('a', 0, 1, 1));
    tw.enqueue(withdraw('a', 0, 1, 2));
    tw.enqueue(depositAll('a', 'inventory', 3));
    tw.advance();
    expect(errors(tw, 'a')).toEqual(['interface_not_open', 'interface_not_open', 'interface_not_open']);
    expect(me(tw).inventory.entries()).toEqual(slots(['logs', 1]));
    expect(me(tw).bank.entries()).toEqual(slots(['bones', 1]));
  });

  it('deposits part of a stack, then the rest with the largest quantity; the bank keeps one stack', async () => {
    const tw = await atBank({ inventory: slots(['feather', 200], ['logs', 1]) });
    tw.enqueue(deposit('a', 0, 50, 1));
    tw.enqueue(deposit('a', 0, MAX_STACK, 2));
    tw.advance();
    expect(acks(tw, 'a')).toEqual([
      { itemId: 'feather', quantity: 50 },
      { itemId: 'feather', quantity: 150 },
    ]);
    expect(me(tw).inventory.entries()).toEqual([{ slot: 1, itemId: 'logs', quantity: 1 }]);
    expect(me(tw).bank.entries()).toEqual(slots(['feather', 200]));
  });

  it('deposits several units of an item that does not stack from its other slots; they stack in the bank', async () => {
    const tw = await atBank({
      inventory: slots(
        ['bronze_dagger', 1],
        ['logs', 1],
        ['bronze_dagger', 1],
        ['bones', 1],
        ['bronze_dagger', 1],
      ),
    });
    tw.enqueue(deposit('a', 2, 2, 1));
    tw.advance();
    expect(acks(tw, 'a')).toEqual([{ itemId: 'bronze_dagger', quantity: 2 }]);
    expect(
      me(tw)
        .inventory.entries()
        .map((r) => [r.slot, r.itemId]),
    ).toEqual([
      [1, 'logs'],
      [3, 'bones'],
      [4, 'bronze_dagger'],
    ]);
    expect(me(tw).bank.entries()).toEqual(slots(['bronze_dagger', 2]));
  });

  it('refuses an empty slot and a slot outside the inventory or the bank', async () => {
    const tw = await atBank({ inventory: slots(['logs', 1]), bank: slots(['bones', 1]) });
    tw.enqueue(deposit('a', 5, 1, 1));
    tw.enqueue(deposit('a', 30, 1, 2));
    tw.enqueue(withdraw('a', 7, 1, 3));
    tw.enqueue(withdraw('a', BANK_SIZE, 1, 4));
    tw.advance();
    expect(errors(tw, 'a')).toEqual(['empty_slot', 'invalid_slot', 'empty_slot', 'invalid_slot']);
  });

  it('withdraws a stack whole; an item that does not stack one per free slot; none with a full inventory', async () => {
    const carried = Array.from({ length: 26 }, (): [string, number] => ['logs', 1]);
    const tw = await atBank({
      inventory: slots(...carried),
      bank: slots(['feather', 500], ['bronze_dagger', 5], ['bones', 1]),
    });
    tw.enqueue(withdraw('a', 0, MAX_STACK, 1));
    tw.enqueue(withdraw('a', 1, 5, 2));
    tw.enqueue(withdraw('a', 2, 1, 3));
    tw.advance();
    expect(acks(tw, 'a')).toEqual([
      { itemId: 'feather', quantity: 500 },
      { itemId: 'bronze_dagger', quantity: 1 },
    ]);
    expect(errors(tw, 'a')).toEqual(['inventory_full']);
    expect(me(tw).inventory.count('feather')).toBe(500);
    expect(me(tw).inventory.count('bronze_dagger')).toBe(1);
    expect(me(tw).bank.entries()).toEqual([
      { slot: 1, itemId: 'bronze_dagger', quantity: 4 },
      { slot: 2, itemId: 'bones', quantity: 1 },
    ]);
  });

  it('withdraws coins into the coin pouch, never into the inventory', async () => {
    const tw = await atBank({ coins: 10, bank: slots(['coins', 90]) });
    tw.enqueue(withdraw('a', 0, 100, 1));
    tw.advance();
    expect(acks(tw, 'a')).toEqual([{ itemId: 'coins', quantity: 90 }]);
    expect(me(tw).coins).toBe(100);
    expect(me(tw).inventory.entries()).toEqual([]);
    expect(tw.events('a', 'player:coins').map((e) => e.data)).toEqual([{ tick: tw.world.tick, coins: 100 }]);
  });

  it('is full at 800 different items: a new item is refused, a stack already there still grows', async () => {
    const full = Array.from({ length: BANK_SIZE }, (_, i) => ({
      slot: i,
      itemId: i === 0 ? 'logs' : `junk_${i}`,
      quantity: 1,
    }));
    const tw = await atBank({ inventory: slots(['bones', 1], ['logs', 1]), bank: full });
    tw.enqueue(deposit('a', 0, 1, 1));
    tw.enqueue(deposit('a', 1, 1, 2));
    tw.enqueue(depositAll('a', 'inventory', 3));
    tw.advance();
    expect(errors(tw, 'a')).toEqual(['bank_full', 'bank_full']);
    expect(acks(tw, 'a')).toEqual([{ itemId: 'logs', quantity: 1 }]);
    expect(me(tw).bank.slot(0)).toEqual({ slot: 0, itemId: 'logs', quantity: 2 });
    expect(me(tw).inventory.entries()).toEqual(slots(['bones', 1]));
  });

  it('caps a deposit at what the bank stack can still hold (2^31-1)', async () => {
    const tw = await atBank({
      inventory: slots(['feather', 50]),
      bank: [{ slot: 0, itemId: 'feather', quantity: MAX_STACK - 10 }],
    });
    tw.enqueue(deposit('a', 0, 50, 1));
    tw.enqueue(deposit('a', 0, 1, 2));
    tw.advance();
    expect(acks(tw, 'a')).toEqual([{ itemId: 'feather', quantity: 10 }]);
    expect(errors(tw, 'a')).toEqual(['bank_full']);
    expect(me(tw).inventory.count('feather')).toBe(40);
    expect(me(tw).bank.count('feather')).toBe(MAX_STACK);
  });

  it('deposits everything carried, and everything worn', async () => {
    const tw = await atBank({
      inventory: slots(['logs', 1], ['feather', 20], ['logs', 1], ['bronze_dagger', 1]),
      equipment: [
        { slot: 'weapon', itemId: 'bronze_sword', quantity: 1 },
        { slot: 'shield', itemId: 'wooden_shield', quantity: 1 },
      ],
      bank: slots(['logs', 3]),
    });
    tw.enqueue(depositAll('a', 'inventory', 1));
    tw.enqueue(depositAll('a', 'equipment', 2));
    tw.advance();
    expect(acks(tw, 'a')).toEqual([
      {
        deposited: [
          { itemId: 'logs', quantity: 2 },
          { itemId: 'feather', quantity: 20 },
          { itemId: 'bronze_dagger', quantity: 1 },
        ],
        kept: 0,
      },
      {
        deposited: [
          { itemId: 'bronze_sword', quantity: 1 },
          { itemId: 'wooden_shield', quantity: 1 },
        ],
        kept: 0,
      },
    ]);
    expect(me(tw).inventory.entries()).toEqual([]);
    expect(me(tw).equipment.entries()).toEqual([]);
    expect(me(tw).bank.entries()).toEqual(
      slots(['logs', 5], ['feather', 20], ['bronze_dagger', 1], ['bronze_sword', 1], ['wooden_shield', 1]),
    );
    expect(lastBank(tw, 'a')?.slots).toHaveLength(5);
  });

  it('hands a save with the bank over after every operation, so each reaches storage at once', async () => {
    const tw = await atBank({ inventory: slots(['logs', 1], ['bones', 1]) });
    tw.enqueue(deposit('a', 0, 1));
    tw.advance();
    const first = saves(tw.world.drainEffects());
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ id: 'a', inventory: [{ slot: 1, itemId: 'bones', quantity: 1 }] });
    expect(first[0]?.bank).toEqual(slots(['logs', 1]));
    tw.enqueue(withdraw('a', 0, 1));
    tw.enqueue(deposit('a', 5, 1)); // fails: no save for it
    tw.advance();
    expect(saves(tw.world.drainEffects()).map((s) => s.bank)).toEqual([[]]);
  });

  it('never loses or creates an item, whatever deposits and withdrawals come', () => {
    return TestWorld.create().then((base) => {
      const items = ['logs', 'feather', 'bronze_dagger', 'bones', 'coins'];
      const op = fc.oneof(
        fc.record({
          kind: fc.constant('deposit' as const),
          slot: fc.nat(29),
          q: fc.integer({ min: 1, max: 60 }),
        }),
        fc.record({
          kind: fc.constant('withdraw' as const),
          slot: fc.nat(8),
          q: fc.integer({ min: 1, max: 60 }),
        }),
        fc.record({ kind: fc.constant('all' as const), from: fc.constantFrom('inventory', 'equipment') }),
      );
      fc.assert(
        fc.property(fc.array(op, { maxLength: 30 }), (ops) => {
          const tw = new TestWorld(base.world.content, base.world.map);
          tw.login({
            ...record('a', FRONT.x, FRONT.z),
            coins: 5,
            inventory: slots(
              ['logs', 1],
              ['feather', 40],
              ['bronze_dagger', 1],
              ['bronze_dagger', 1],
              ['bones', 1],
            ),
            equipment: [{ slot: 'weapon', itemId: 'bronze_sword', quantity: 1 }],
            bank: [
              { slot: 2, itemId: 'feather', quantity: 7 },
              { slot: 4, itemId: 'coins', quantity: 30 },
            ],
          });
          tw.enqueue(openBank('a', BOOTH));
          tw.advance(2);
          const total = () => {
            const p = me(tw);
            const rows = [...p.inventory.entries(), ...p.equipment.entries(), ...p.bank.entries()];
            const by = new Map<string, number>([['coins', p.coins]]);
            for (const r of rows) by.set(r.itemId, (by.get(r.itemId) ?? 0) + r.quantity);
            return items.map((i) => by.get(i) ?? 0).concat(by.get('bronze_sword') ?? 0);
          };
          const before = total();
          for (const o of ops) {
            if (o.kind === 'deposit') tw.enqueue(deposit('a', o.slot, o.q));
            else if (o.kind === 'withdraw') tw.enqueue(withdraw('a', o.slot, o.q));
            else tw.enqueue(depositAll('a', o.from));
            tw.advance();
          }
          expect(total()).toEqual(before);
          expect(me(tw).inventory.count('coins')).toBe(0);
        }),
        { numRuns: 40 },
      );
    });
  });
});
