import { describe, expect, it } from 'vitest';
import { escapeTarget } from '../src/ui/interfaces/escape';
import { parseQuantity } from '../src/ui/interfaces/quantity';
import {
  availableCoins,
  availableInventory,
  initialTradeState,
  offerTotal,
  reduceTrade,
  tradeStatus,
  warningText,
  type TradeEvent,
  type TradeState,
} from '../src/ui/interfaces/trade-state';

const NAMES: Record<string, string> = {
  coins: 'Coins',
  raw_shrimps: 'Raw shrimps',
  bronze_axe: 'Bronze axe',
};
const ctx = { selfId: 'me', itemName: (id: string) => NAMES[id] ?? id };

/** Runs events through the reducer, collecting the chat lines. */
function run(
  events: TradeEvent[],
  start: TradeState = initialTradeState(),
): { state: TradeState; log: string[] } {
  let state = start;
  const log: string[] = [];
  for (const e of events) {
    const step = reduceTrade(state, e, ctx);
    state = step.state;
    log.push(...step.log);
  }
  return { state, log };
}

const incoming: TradeEvent = {
  type: 'tradeIncoming',
  data: { tradeId: 't1', fromPlayerId: 'p2', fromPlayerName: 'Friend', expiresAtTick: 150 },
};
const started: TradeEvent = {
  type: 'tradeStarted',
  data: { tradeId: 't1', partnerId: 'p2', partnerName: 'Friend' },
};
const updated = (over: Partial<Extract<TradeEvent, { type: 'tradeUpdated' }>['data']> = {}): TradeEvent => ({
  type: 'tradeUpdated',
  data: {
    tradeId: 't1',
    screen: 1,
    myOffer: [{ itemId: 'raw_shrimps', quantity: 5, value: 25 }],
    theirOffer: [
      { itemId: 'coins', quantity: 100, value: 100 },
      { itemId: 'bronze_axe', quantity: 1, value: 16 },
    ],
    myAccepted: false,
    theirAccepted: false,
    ...over,
  },
});
const confirm = (
  warnings: ('offer_changed_recently' | 'offer_reduced' | 'value_loss')[] = [],
): TradeEvent => ({
  type: 'tradeConfirmScreen',
  data: {
    tradeId: 't1',
    screen: 2,
    myOffer: [{ itemId: 'raw_shrimps', quantity: 5, value: 25 }],
    theirOffer: [{ itemId: 'coins', quantity: 10, value: 10 }],
    values: { given: 25, received: 10, theirOfferChangedTick: 120, warnings },
    myAccepted: false,
    theirAccepted: false,
  },
});

describe('trade reducer', () => {
  it('shows an incoming request and removes it once answered', () => {
    const { state, log } = run([incoming]);
    expect(state.incoming).toHaveLength(1);
    expect(state.incoming[0]?.fromPlayerName).toBe('Friend');
    expect(state.trade).toBeUndefined();
    expect(log).toEqual(['Friend wishes to trade with you.']);

    const answered = run([{ type: 'answered', tradeId: 't1' }], state);
    expect(answered.state.incoming).toEqual([]);
  });

  it('keeps at most a few requests and replaces a repeated one', () => {
    const events: TradeEvent[] = [];
    for (let i = 0; i < 8; i++)
      events.push({
        type: 'tradeIncoming',
        data: { tradeId: `t${i}`, fromPlayerId: `p${i}`, fromPlayerName: `P${i}`, expiresAtTick: 1 },
      });
    events.push({
      type: 'tradeIncoming',
      data: { tradeId: 't7', fromPlayerId: 'p7', fromPlayerName: 'P7', expiresAtTick: 2 },
    });
    const { state } = run(events);
    expect(state.incoming.map((r) => r.tradeId)).toEqual(['t3', 't4', 't5', 't6', 't7']);
    expect(state.incoming.at(-1)?.expiresAtTick).toBe(2);
  });

  it('goes request -> screen 1 -> updates with totals and acceptance flags', () => {
    const { state } = run([incoming, started]);
    expect(state.incoming).toEqual([]);
    expect(state.trade).toMatchObject({
      tradeId: 't1',
      partnerName: 'Friend',
      screen: 1,
      myOffer: [],
      theirOffer: [],
    });
    expect(state.trade && tradeStatus(state.trade)).toBe('');

    const after = run([updated({ theirAccepted: true })], state).state;
    expect(after.trade?.screen).toBe(1);
    expect(after.trade?.given).toBe(25);
    expect(after.trade?.received).toBe(116);
    expect(after.trade?.theirOffer.map((e) => e.itemId)).toEqual(['coins', 'bronze_axe']);
    expect(after.trade && tradeStatus(after.trade)).toBe('Other player has accepted.');

    const mine = run([updated({ myAccepted: true })], after).state;
    expect(mine.trade && tradeStatus(mine.trade)).toBe('Waiting for other player...');
  });

  it('does not mutate the state it is given', () => {
    const before = run([incoming, started]).state;
    const snapshot = structuredClone(before);
    run(
      [
        updated(),
        confirm(['value_loss']),
        { type: 'tradeCancelled', data: { tradeId: 't1', reason: 'moved', by: 'p2' } },
      ],
      before,
    );
    expect(before).toEqual(snapshot);
  });

  it('moves to screen 2 with the server values and warnings, and back on modify', () => {
    const s2 = run([incoming, started, updated(), confirm(['offer_reduced', 'value_loss'])]).state;
    expect(s2.trade?.screen).toBe(2);
    expect(s2.trade?.given).toBe(25);
    expect(s2.trade?.received).toBe(10);
    expect(s2.trade?.warnings).toEqual(['offer_reduced', 'value_loss']);
    expect(s2.trade && tradeStatus(s2.trade)).toBe('Are you sure you want to make this trade?');

    const back = run([updated()], s2).state;
    expect(back.trade?.screen).toBe(1);
    expect(back.trade?.warnings).toEqual([]);
    expect(back.trade?.received).toBe(116);
  });

  it('words every warning as a sentence', () => {
    expect(warningText('value_loss', 'Friend')).toMatch(/less than half the value/);
    expect(warningText('offer_reduced', 'Friend')).toMatch(/^Friend has removed or reduced/);
    expect(warningText('offer_changed_recently', '')).toMatch(/^The other player changed their offer/);
  });

  it('closes on completion and logs what was received', () => {
    const s2 = run([incoming, started, updated(), confirm()]).state;
    const done = run(
      [
        {
          type: 'tradeCompleted',
          data: {
            tradeId: 't1',
            receivedItems: [
              { itemId: 'coins', quantity: 100 },
              { itemId: 'bronze_axe', quantity: 1 },
            ],
            givenItems: [{ itemId: 'raw_shrimps', quantity: 5 }],
          },
        },
      ],
      s2,
    );
    expect(done.state.trade).toBeUndefined();
    expect(done.log).toEqual(['Accepted trade. You received: 100 x Coins, Bronze axe.']);
  });

  it('closes on cancellation and logs the reason, telling who declined', () => {
    const s1 = run([incoming, started, updated()]).state;
    const byThem = run(
      [{ type: 'tradeCancelled', data: { tradeId: 't1', reason: 'cancelled', by: 'p2' } }],
      s1,
    );
    expect(byThem.state.trade).toBeUndefined();
    expect(byThem.log).toEqual(['Friend declined the trade.']);

    const byMe = run(
      [{ type: 'tradeCancelled', data: { tradeId: 't1', reason: 'cancelled', by: 'me' } }],
      s1,
    );
    expect(byMe.log).toEqual(['You declined the trade.']);

    const moved = run([{ type: 'tradeCancelled', data: { tradeId: 't1', reason: 'moved', by: null } }], s1);
    expect(moved.log).toEqual(['Trade cancelled: a player moved away.']);
  });

  it('ignores the end of another trade but reports an expired request to us', () => {
    const s1 = run([incoming, started]).state;
    const other = run(
      [{ type: 'tradeCancelled', data: { tradeId: 'zz', reason: 'declined', by: 'p9' } }],
      s1,
    );
    expect(other.state.trade?.tradeId).toBe('t1');
    expect(other.log).toEqual(['Other player declined the trade request.']);

    const pending = run([incoming]).state;
    const expired = run(
      [{ type: 'tradeCancelled', data: { tradeId: 't1', reason: 'expired', by: null } }],
      pending,
    );
    expect(expired.state.incoming).toEqual([]);
    expect(expired.log).toEqual(['The trade request from Friend expired.']);
  });

  it('shows a trade error in the window until the next own action', () => {
    const s1 = run([incoming, started, updated()]).state;
    const err = run(
      [
        {
          type: 'tradeError',
          data: { code: 'not_tradeable', message: 'that item cannot be traded', tradeId: 't1' },
        },
      ],
      s1,
    ).state;
    expect(err.trade?.error).toBe('that item cannot be traded');
    // An update (e.g. items_missing comes with one) keeps the message visible.
    expect(run([updated()], err).state.trade?.error).toBe('that item cannot be traded');
    expect(run([{ type: 'acting' }], err).state.trade?.error).toBeUndefined();
    // An error about another trade is not shown.
    const foreign = run(
      [{ type: 'tradeError', data: { code: 'trade_not_found', message: 'x', tradeId: 'other' } }],
      s1,
    ).state;
    expect(foreign.trade?.error).toBeUndefined();
  });

  it('starts a trade from an update when the start was missed', () => {
    const { state } = run([updated({ theirAccepted: true })]);
    expect(state.trade).toMatchObject({ tradeId: 't1', screen: 1, partnerName: '', theirAccepted: true });
  });
});

describe('trade values and inventory', () => {
  it('sums entry values', () => {
    expect(offerTotal([])).toBe(0);
    expect(
      offerTotal([
        { itemId: 'coins', quantity: 100, value: 100 },
        { itemId: 'raw_shrimps', quantity: 5, value: 25 },
      ]),
    ).toBe(125);
  });

  it('takes offered units from the earliest slots', () => {
    const inventory = [
      { slot: 3, itemId: 'bronze_axe', quantity: 1 },
      { slot: 0, itemId: 'bronze_axe', quantity: 1 },
      { slot: 1, itemId: 'raw_shrimps', quantity: 10 },
      { slot: 5, itemId: 'bronze_axe', quantity: 1 },
    ];
    const view = availableInventory(inventory, [
      { itemId: 'bronze_axe', quantity: 2, value: 32 },
      { itemId: 'raw_shrimps', quantity: 4, value: 20 },
    ]);
    expect(view).toEqual([
      { slot: 0, itemId: 'bronze_axe', available: 0 },
      { slot: 1, itemId: 'raw_shrimps', available: 6 },
      { slot: 3, itemId: 'bronze_axe', available: 0 },
      { slot: 5, itemId: 'bronze_axe', available: 1 },
    ]);
  });

  it('counts offered coins against the pouch', () => {
    expect(availableCoins(500, [{ itemId: 'coins', quantity: 200, value: 200 }])).toBe(300);
    expect(availableCoins(100, [{ itemId: 'coins', quantity: 200, value: 200 }])).toBe(0);
    expect(availableCoins(100, [])).toBe(100);
  });
});

describe('quantity input', () => {
  it('parses amounts with k/m/b suffixes and separators', () => {
    expect(parseQuantity('25')).toBe(25);
    expect(parseQuantity(' 1,000 ')).toBe(1000);
    expect(parseQuantity('10k')).toBe(10_000);
    expect(parseQuantity('2.5M')).toBe(2_500_000);
    expect(parseQuantity('5b')).toBe(2_147_483_647);
  });

  it('refuses what is not a positive whole amount', () => {
    expect(parseQuantity('')).toBeUndefined();
    expect(parseQuantity('0')).toBeUndefined();
    expect(parseQuantity('-3')).toBeUndefined();
    expect(parseQuantity('abc')).toBeUndefined();
    expect(parseQuantity('0.4')).toBeUndefined();
  });
});

describe('Esc closes windows', () => {
  const ctx = (open: string[], extra: Partial<Parameters<typeof escapeTarget>[0]> = {}) => ({
    open: new Set(open),
    menuOpen: false,
    askOpen: false,
    typingOutsideWindow: false,
    ...extra,
  });

  it('closes the one open window: bank, shop, trade (declines) or dialogue', () => {
    expect(escapeTarget(ctx(['bank']))).toBe('bank');
    expect(escapeTarget(ctx(['shop']))).toBe('shop');
    expect(escapeTarget(ctx(['trade']))).toBe('trade');
    expect(escapeTarget(ctx(['dialogue']))).toBe('dialogue');
    expect(escapeTarget(ctx([]))).toBeUndefined();
  });

  it('closes the topmost window first', () => {
    expect(escapeTarget(ctx(['bank', 'dialogue']))).toBe('dialogue');
    expect(escapeTarget(ctx(['shop', 'trade']))).toBe('trade');
  });

  it('leaves the window open while a menu, an amount box or the chat input takes the key', () => {
    expect(escapeTarget(ctx(['bank'], { menuOpen: true }))).toBeUndefined();
    expect(escapeTarget(ctx(['bank'], { askOpen: true }))).toBeUndefined();
    expect(escapeTarget(ctx(['bank'], { typingOutsideWindow: true }))).toBeUndefined();
  });

  it('does not answer a trade request', () => {
    expect(escapeTarget(ctx(['trade-incoming']))).toBeUndefined();
  });
});
