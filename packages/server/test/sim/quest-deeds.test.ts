import { describe, expect, it } from 'vitest';
import type { QuestStage } from '../../src/content/schemas/quests';
import { deedUnits } from '../../src/sim/features/quests/progress';
import { BOOTH, depositAll, FRONT, openBank } from './bank-setup';
import { inProgress, last, me, slots } from './dialogue-setup';
import { record, TestWorld } from './test-world';

const d = { id: 's', description: 'Do it.' };
const make = (extra: Partial<Extract<QuestStage, { kind: 'make' }>> = {}): QuestStage => ({
  ...d,
  kind: 'make',
  recipeKind: 'cook',
  count: 3,
  ...extra,
});
const made = (itemId: string | undefined, recipeId = 'cook_shrimps') =>
  ({ type: 'made', recipeKind: 'cook', recipeId, stationId: 'fire', itemId }) as const;

describe('which deeds count for which stages', () => {
  it('make: any attempt of the kind, burnt too; of the recipe when named; only its product with itemId', () => {
    expect(deedUnits(make(), made('shrimps'))).toBe(1);
    expect(deedUnits(make(), made(undefined))).toBe(1);
    expect(deedUnits(make({ recipeKind: 'smelt' }), made('shrimps'))).toBe(0);
    expect(deedUnits(make({ recipeId: 'cook_trout' }), made('shrimps'))).toBe(0);
    expect(deedUnits(make({ itemId: 'shrimps' }), made(undefined))).toBe(0);
    expect(deedUnits(make({ itemId: 'shrimps' }), made('shrimps'))).toBe(1);
  });

  it('light_fire, bank_deposit and shop_buy: units, filtered by the ids the stage names', () => {
    const fire: QuestStage = { ...d, kind: 'light_fire', itemId: 'oak_logs', count: 1 };
    expect(deedUnits(fire, { type: 'fire_lit', itemId: 'logs' })).toBe(0);
    expect(deedUnits(fire, { type: 'fire_lit', itemId: 'oak_logs' })).toBe(1);
    const bank: QuestStage = { ...d, kind: 'bank_deposit', count: 10 };
    expect(deedUnits(bank, { type: 'bank_deposit', itemId: 'logs', quantity: 4 })).toBe(4);
    expect(
      deedUnits({ ...bank, itemId: 'ashes' }, { type: 'bank_deposit', itemId: 'logs', quantity: 4 }),
    ).toBe(0);
    const shop: QuestStage = { ...d, kind: 'shop_buy', storeId: 'pips_bakery', count: 2 };
    expect(deedUnits(shop, { type: 'shop_buy', storeId: 'pips_bakery', itemId: 'apple', quantity: 2 })).toBe(
      2,
    );
    expect(
      deedUnits(shop, { type: 'shop_buy', storeId: 'oakhaven_general_store', itemId: 'apple', quantity: 2 }),
    ).toBe(0);
    // A deed never counts for a stage of another kind.
    expect(deedUnits(bank, { type: 'shop_buy', storeId: 'pips_bakery', itemId: 'apple', quantity: 2 })).toBe(
      0,
    );
  });

  it('bank:depositAll counts every unit it moved', async () => {
    const tw = await TestWorld.create();
    tw.login({
      ...record('a', FRONT.x, FRONT.z),
      inventory: slots(['bread', 1], ['logs', 1]),
      quests: [inProgress('first_steps', 4)],
    });
    tw.advance();
    tw.enqueue(openBank('a', BOOTH, 1));
    tw.advance();
    tw.enqueue(depositAll('a', 'inventory', 2));
    tw.advance();
    expect(me(tw).bank.count('bread')).toBe(1);
    expect(last(tw, 'quest:journal')?.quests.find((q) => q.questId === 'first_steps')?.stageId).toBe(
      'buy_from_shop',
    );
  });
});
