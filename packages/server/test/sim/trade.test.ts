import { describe, expect, it } from 'vitest';
import { TRADE_IDLE_TICKS, TRADE_REQUEST_TICKS, TRADES } from '../../src/sim/features/trade/book';
import { acks, BOOTH, client, openBank } from './bank-setup';
import {
  all,
  cancelled,
  holdings,
  last,
  openTrade,
  send,
  tradeErrors,
  tradeLogs,
  traders,
  A_AT,
} from './trade-setup';

const inv = (...items: Array<[string, number]>) =>
  items.map(([itemId, quantity], slot) => ({ slot, itemId, quantity }));

describe('a trade from request to swap', () => {
  it('swaps both offers once both accepted both screens, and hands both saves and the audit row over together', async () => {
    const tw = await traders(
      { inventory: inv(['shrimps', 1], ['shrimps', 1], ['shrimps', 1], ['bronze_axe', 1]), coins: 0 },
      { inventory: inv(['feather', 40]), coins: 500 },
    );
    send(tw, 'a', 'tradeRequest', { targetPlayerId: 'b' });
    const incoming = last(tw, 'b', 'tradeIncoming');
    expect(incoming).toMatchObject({ fromPlayerId: 'a', fromPlayerName: 'Alice' });
    expect(incoming?.expiresAtTick).toBe(tw.world.tick + TRADE_REQUEST_TICKS);
    const tradeId = incoming?.tradeId ?? '';
    expect(acks(tw, 'a')).toEqual([{ tradeId, started: false }]);

    send(tw, 'b', 'tradeRequestRespond', { tradeId, accept: true });
    expect(last(tw, 'a', 'tradeStarted')).toEqual({ tradeId, partnerId: 'b', partnerName: 'Bob' });
    expect(last(tw, 'b', 'tradeStarted')).toEqual({ tradeId, partnerId: 'a', partnerName: 'Alice' });

    // Two of the three shrimps (they do not stack: the units come from several slots), and coins.
    send(tw, 'a', 'tradeAddItem', { tradeId, inventorySlot: 0, quantity: 2 });
    send(tw, 'b', 'tradeAddCoins', { tradeId, quantity: 120 });
    send(tw, 'b', 'tradeAddItem', { tradeId, inventorySlot: 0, quantity: 15 });
    const shrimpsValue = 2 * (tw.world.itemLookup('shrimps')?.value ?? 0);
    expect(last(tw, 'a', 'tradeUpdated')).toMatchObject({
      screen: 1,
      myOffer: [{ itemId: 'shrimps', quantity: 2, value: shrimpsValue }],
      theirOffer: [
        { itemId: 'coins', quantity: 120, value: 120 },
        { itemId: 'feather', quantity: 15 },
      ],
      myAccepted: false,
      theirAccepted: false,
    });

    send(tw, 'a', 'tradeAccept', { tradeId });
    expect(last(tw, 'b', 'tradeUpdated')).toMatchObject({ myAccepted: false, theirAccepted: true });
    send(tw, 'b', 'tradeAccept', { tradeId });
    const confirm = last(tw, 'a', 'tradeConfirmScreen');
    expect(confirm).toMatchObject({ screen: 2, myAccepted: false, theirAccepted: false });
    expect(confirm?.values.given).toBe(shrimpsValue);
    expect(confirm?.values.received).toBe(120 + 15 * (tw.world.itemLookup('feather')?.value ?? 0));
    expect(last(tw, 'b', 'tradeConfirmScreen')?.values.given).toBe(confirm?.values.received);

    const before = holdings(tw, 'a', 'b');
    tw.world.drainEffects();
    send(tw, 'a', 'tradeAccept', { tradeId });
    expect(all(tw, 'a', 'tradeCompleted')).toEqual([]);
    send(tw, 'b', 'tradeAccept', { tradeId });
    // Swapped in the world, but told to nobody until storage committed it; no new trade meanwhile.
    expect(holdings(tw, 'a')).toEqual({ shrimps: 1, bronze_axe: 1, coins: 120, feather: 15 });
    expect([...all(tw, 'a', 'tradeCompleted'), ...all(tw, 'b', 'tradeCompleted')]).toEqual([]);
    // b's acceptance of screen 2 is not answered yet (its only ack is the one for screen 1).
    expect(all(tw, 'b', 'ack').filter((a) => a.event === 'tradeAccept')).toHaveLength(1);
    const effects = tw.world.drainEffects();
    send(tw, 'a', 'tradeRequest', { targetPlayerId: 'b' });
    expect(tradeErrors(tw, 'a')).toEqual(['already_trading']);
    tw.clearEvents();
    tw.enqueue({ type: 'committed', what: 'tradeLog', key: tradeId });
    tw.advance();
    expect(last(tw, 'b', 'ack')).toEqual({ event: 'tradeAccept', result: { screen: 2, completed: true } });
    expect(last(tw, 'a', 'tradeCompleted')).toEqual({
      tradeId,
      receivedItems: [
        { itemId: 'coins', quantity: 120 },
        { itemId: 'feather', quantity: 15 },
      ],
      givenItems: [{ itemId: 'shrimps', quantity: 2 }],
    });
    expect(last(tw, 'b', 'tradeCompleted')?.receivedItems).toEqual([{ itemId: 'shrimps', quantity: 2 }]);
    expect(holdings(tw, 'a')).toEqual({ shrimps: 1, bronze_axe: 1, coins: 120, feather: 15 });
    expect(holdings(tw, 'b')).toEqual({ feather: 25, coins: 380, shrimps: 2 });
    expect(holdings(tw, 'a', 'b')).toEqual(before);

    const logs = tradeLogs(effects);
    expect(logs).toHaveLength(1);
    expect(logs[0]?.confirm).toBe(true);
    expect(logs[0]?.data).toEqual({
      characterAId: 'a',
      characterBId: 'b',
      itemsFromA: [{ itemId: 'shrimps', quantity: 2 }],
      itemsFromB: [
        { itemId: 'coins', quantity: 120 },
        { itemId: 'feather', quantity: 15 },
      ],
    });
    expect(logs[0]?.snapshots.map((s) => [s.id, s.coins])).toEqual([
      ['a', 120],
      ['b', 380],
    ]);
    // The trade is over: its id is stale now.
    tw.clearEvents();
    send(tw, 'a', 'tradeAccept', { tradeId });
    expect(tradeErrors(tw, 'a')).toEqual(['trade_not_found']);
  });

  it('a decline tells the requester; nothing is open afterwards', async () => {
    const tw = await traders();
    send(tw, 'a', 'tradeRequest', { targetPlayerId: 'b' });
    const tradeId = last(tw, 'b', 'tradeIncoming')?.tradeId ?? '';
    send(tw, 'b', 'tradeRequestRespond', { tradeId, accept: false });
    expect(last(tw, 'a', 'tradeCancelled')).toEqual({ tradeId, reason: 'declined', by: 'b' });
    expect(TRADES.of(tw.world).requests.size + TRADES.of(tw.world).trades.size).toBe(0);
    send(tw, 'b', 'tradeRequestRespond', { tradeId, accept: true });
    expect(tradeErrors(tw, 'b')).toEqual(['trade_not_found']);
  });

  it('two players asking each other start the trade', async () => {
    const tw = await traders();
    send(tw, 'a', 'tradeRequest', { targetPlayerId: 'b' });
    send(tw, 'b', 'tradeRequest', { targetPlayerId: 'a' });
    expect(last(tw, 'a', 'tradeStarted')?.partnerId).toBe('b');
    expect(TRADES.of(tw.world).tradeOfPlayer('b')).toBeDefined();
  });
});

describe('who may trade', () => {
  it('refuses a request beyond 2 tiles, to oneself, to an unknown player, and a second one while waiting', async () => {
    const tw = await traders({}, { x: A_AT.x, z: A_AT.z + 3 });
    send(tw, 'a', 'tradeRequest', { targetPlayerId: 'b' });
    send(tw, 'a', 'tradeRequest', { targetPlayerId: 'a' });
    send(tw, 'a', 'tradeRequest', { targetPlayerId: 'nobody' });
    expect(tradeErrors(tw, 'a')).toEqual(['too_far', 'cannot_trade_self', 'player_not_found']);
    expect(all(tw, 'b', 'tradeIncoming')).toEqual([]);
    const b = tw.world.players.get('b')!;
    b.z = A_AT.z + 2;
    tw.world.spatial.set(b.idx, b.x, b.z);
    send(tw, 'a', 'tradeRequest', { targetPlayerId: 'b' });
    send(tw, 'a', 'tradeRequest', { targetPlayerId: 'b' });
    expect(tradeErrors(tw, 'a').slice(3)).toEqual(['request_pending']);
    expect(all(tw, 'b', 'tradeIncoming')).toHaveLength(1);
  });

  it('a player who ignores you never sees your request', async () => {
    const tw = await traders({}, { ignored: ['a'] });
    send(tw, 'a', 'tradeRequest', { targetPlayerId: 'b' });
    expect(tradeErrors(tw, 'a')).toEqual(['trade_refused']);
    expect(all(tw, 'b', 'tradeIncoming')).toEqual([]);
  });

  it('not while either has the bank open, nor with someone already trading', async () => {
    const tw = await traders({}, {}, { id: 'c' });
    tw.enqueue(openBank('a', BOOTH));
    tw.advance();
    send(tw, 'a', 'tradeRequest', { targetPlayerId: 'b' });
    send(tw, 'b', 'tradeRequest', { targetPlayerId: 'a' });
    expect(tradeErrors(tw, 'a')).toEqual(['interface_open']);
    expect(tradeErrors(tw, 'b')).toEqual(['partner_busy']);
    send(tw, 'a', 'player:action', { action: 'closeInterface' });
    const tradeId = openTrade(tw);
    expect(tradeId).not.toBe('');
    send(tw, 'c', 'tradeRequest', { targetPlayerId: 'a' });
    send(tw, 'a', 'tradeRequest', { targetPlayerId: 'c' });
    expect(tradeErrors(tw, 'c')).toEqual(['partner_busy']);
    expect(tradeErrors(tw, 'a')).toEqual(['already_trading']);
  });

  it('every trade event from someone outside the trade, or with a stale id, is a tradeError that changes nothing', async () => {
    const tw = await traders(
      { inventory: inv(['shrimps', 1]) },
      {},
      { id: 'c', inventory: inv(['bread', 1]) },
    );
    const tradeId = openTrade(tw);
    send(tw, 'a', 'tradeAddItem', { tradeId, inventorySlot: 0, quantity: 1 });
    tw.clearEvents();
    const stale = 'no-such-trade';
    for (const id of [tradeId, stale]) {
      send(tw, 'c', 'tradeAddItem', { tradeId: id, inventorySlot: 0, quantity: 1 });
      send(tw, 'c', 'tradeRemoveItem', { tradeId: id, offerSlot: 0, quantity: 1 });
      send(tw, 'c', 'tradeAccept', { tradeId: id });
      send(tw, 'c', 'tradeModify', { tradeId: id });
      send(tw, 'c', 'tradeCancel', { tradeId: id });
      send(tw, 'c', 'tradeRequestRespond', { tradeId: id, accept: true });
    }
    expect(tradeErrors(tw, 'c')).toEqual(Array(12).fill('trade_not_found'));
    expect(all(tw, 'c', 'tradeError').every((e) => e.rid === 1)).toBe(true);
    expect(all(tw, 'a', 'tradeUpdated')).toEqual([]);
    expect(TRADES.of(tw.world).trades.get(tradeId)?.a.offer).toEqual([{ itemId: 'shrimps', quantity: 1 }]);
  });
});

describe('offers', () => {
  it('refuses untradeable items, empty slots, more coins than the pouch, and changes on screen 2', async () => {
    const tw = await traders({ inventory: inv(['goblin_war_banner', 1], ['bread', 1]), coins: 10 });
    const tradeId = openTrade(tw);
    send(tw, 'a', 'tradeAddItem', { tradeId, inventorySlot: 0, quantity: 1 });
    send(tw, 'a', 'tradeAddItem', { tradeId, inventorySlot: 5, quantity: 1 });
    send(tw, 'a', 'tradeAddCoins', { tradeId, quantity: 50 });
    send(tw, 'a', 'tradeAddCoins', { tradeId, quantity: 1 });
    expect(tradeErrors(tw, 'a')).toEqual(['not_tradeable', 'empty_slot', 'not_enough_coins']);
    expect(TRADES.of(tw.world).trades.get(tradeId)?.a.offer).toEqual([{ itemId: 'coins', quantity: 10 }]);
    send(tw, 'a', 'tradeAccept', { tradeId });
    send(tw, 'b', 'tradeAccept', { tradeId });
    send(tw, 'a', 'tradeAddItem', { tradeId, inventorySlot: 1, quantity: 1 });
    send(tw, 'a', 'tradeRemoveItem', { tradeId, offerSlot: 0, quantity: 1 });
    expect(tradeErrors(tw, 'a').slice(3)).toEqual(['wrong_screen', 'wrong_screen']);
  });

  it('removing an item resets both acceptances, and screen 2 warns of it', async () => {
    const tw = await traders({ inventory: inv(['bread', 1], ['shrimps', 1]) }, { coins: 100 });
    const tradeId = openTrade(tw);
    send(tw, 'a', 'tradeAddItem', { tradeId, inventorySlot: 0, quantity: 1 });
    send(tw, 'a', 'tradeAddItem', { tradeId, inventorySlot: 1, quantity: 1 });
    send(tw, 'b', 'tradeAddCoins', { tradeId, quantity: 100 });
    send(tw, 'b', 'tradeAccept', { tradeId });
    // a takes the shrimps back after b accepted: b's acceptance is gone.
    send(tw, 'a', 'tradeRemoveItem', { tradeId, offerSlot: 1, quantity: 1 });
    expect(last(tw, 'b', 'tradeUpdated')).toMatchObject({
      theirOffer: [{ itemId: 'bread', quantity: 1 }],
      myAccepted: false,
      theirAccepted: false,
    });
    send(tw, 'a', 'tradeAccept', { tradeId });
    send(tw, 'b', 'tradeAccept', { tradeId });
    expect(last(tw, 'b', 'tradeConfirmScreen')?.values.warnings).toEqual([
      'offer_changed_recently',
      'offer_reduced',
      'value_loss',
    ]);
    // b's coins went in 4 ticks before the acceptance: recent for a too, but nothing was taken back.
    expect(last(tw, 'a', 'tradeConfirmScreen')?.values.warnings).toEqual(['offer_changed_recently']);
  });

  it('warns of a lopsided trade, and tradeModify goes back to screen 1 with acceptances reset', async () => {
    const tw = await traders({ coins: 1000 }, { inventory: inv(['bread', 1]) });
    const tradeId = openTrade(tw);
    send(tw, 'a', 'tradeAddCoins', { tradeId, quantity: 1000 });
    tw.advance(10);
    send(tw, 'a', 'tradeAccept', { tradeId });
    send(tw, 'b', 'tradeAccept', { tradeId });
    expect(last(tw, 'a', 'tradeConfirmScreen')?.values.warnings).toEqual(['value_loss']);
    send(tw, 'a', 'tradeAccept', { tradeId });
    send(tw, 'b', 'tradeModify', { tradeId });
    expect(last(tw, 'a', 'tradeUpdated')).toMatchObject({
      screen: 1,
      myAccepted: false,
      theirAccepted: false,
    });
    send(tw, 'b', 'tradeModify', { tradeId });
    expect(tradeErrors(tw, 'b')).toEqual(['wrong_screen']);
    expect(tw.world.players.get('a')?.coins).toBe(1000);
  });

  it('an offered item that leaves the inventory shrinks the offer and sends the trade back to screen 1', async () => {
    const tw = await traders({ inventory: inv(['bread', 1], ['shrimps', 1]) });
    const tradeId = openTrade(tw);
    send(tw, 'a', 'tradeAddItem', { tradeId, inventorySlot: 0, quantity: 1 });
    send(tw, 'a', 'tradeAddItem', { tradeId, inventorySlot: 1, quantity: 1 });
    send(tw, 'a', 'tradeAccept', { tradeId });
    send(tw, 'b', 'tradeAccept', { tradeId });
    send(tw, 'a', 'tradeAccept', { tradeId });
    tw.clearEvents();
    // a eats the offered bread on the confirmation screen, and b accepts in the same tick.
    tw.enqueue(client('a', 'inventory:use', { slot: 0 }));
    tw.enqueue(client('b', 'tradeAccept', { tradeId }, 2));
    tw.advance();
    expect(all(tw, 'b', 'tradeCompleted')).toEqual([]);
    expect(tradeErrors(tw, 'b')).toContain('items_missing');
    expect(last(tw, 'b', 'tradeUpdated')).toMatchObject({
      screen: 1,
      theirOffer: [{ itemId: 'shrimps', quantity: 1 }],
      theirAccepted: false,
    });
    expect(holdings(tw, 'a')).toEqual({ shrimps: 1 });
  });

  it('no room for what one would receive: inventory_full and partner_inventory_full, nothing moves', async () => {
    const full = Array.from({ length: 28 }, (_, slot) => ({ slot, itemId: 'bones', quantity: 1 }));
    const tw = await traders({ inventory: full }, { inventory: inv(['bread', 1], ['shrimps', 1]) });
    const tradeId = openTrade(tw);
    send(tw, 'b', 'tradeAddItem', { tradeId, inventorySlot: 0, quantity: 1 });
    send(tw, 'b', 'tradeAddItem', { tradeId, inventorySlot: 1, quantity: 1 });
    send(tw, 'a', 'tradeAddItem', { tradeId, inventorySlot: 0, quantity: 1 });
    send(tw, 'a', 'tradeAccept', { tradeId });
    send(tw, 'b', 'tradeAccept', { tradeId });
    expect(tradeErrors(tw, 'b')).toEqual(['partner_inventory_full']);
    expect(tradeErrors(tw, 'a')).toEqual(['inventory_full']);
    expect(TRADES.of(tw.world).trades.get(tradeId)?.screen).toBe(1);
    // Giving one slot frees one: two items in, one out, still no room.
    send(tw, 'b', 'tradeRemoveItem', { tradeId, offerSlot: 1, quantity: 1 });
    send(tw, 'a', 'tradeAccept', { tradeId });
    send(tw, 'b', 'tradeAccept', { tradeId });
    expect(last(tw, 'a', 'tradeConfirmScreen')).toBeDefined();
  });

  it('both accepting while one removes an item in the same tick never swaps the changed offer unseen', async () => {
    const tw = await traders({ inventory: inv(['bread', 1], ['shrimps', 1]) }, { coins: 50 });
    const tradeId = openTrade(tw);
    send(tw, 'a', 'tradeAddItem', { tradeId, inventorySlot: 0, quantity: 1 });
    send(tw, 'a', 'tradeAddItem', { tradeId, inventorySlot: 1, quantity: 1 });
    send(tw, 'b', 'tradeAddCoins', { tradeId, quantity: 50 });
    send(tw, 'b', 'tradeAccept', { tradeId });
    tw.enqueue(client('a', 'tradeAccept', { tradeId }, 1));
    tw.enqueue(client('a', 'tradeRemoveItem', { tradeId, offerSlot: 1, quantity: 1 }, 2));
    tw.enqueue(client('b', 'tradeAccept', { tradeId }, 3));
    tw.advance();
    // a's accept moved the trade to screen 2, where the removal is refused; b's accept alone swaps nothing.
    expect(tradeErrors(tw, 'a')).toEqual(['wrong_screen']);
    expect(all(tw, 'a', 'tradeCompleted')).toEqual([]);
    expect(TRADES.of(tw.world).trades.get(tradeId)?.a.offer).toHaveLength(2);
    expect(holdings(tw, 'a', 'b')).toEqual({ bread: 1, shrimps: 1, coins: 50 });
  });
});

describe('what ends a trade', () => {
  const endings: Array<[string, (tw: Awaited<ReturnType<typeof traders>>) => void, string]> = [
    [
      'tradeCancel',
      (tw) => send(tw, 'b', 'tradeCancel', { tradeId: [...TRADES.of(tw.world).trades.keys()][0] ?? '' }),
      'cancelled',
    ],
    ['a walk', (tw) => send(tw, 'a', 'player:move', { x: A_AT.x - 3, z: A_AT.z }), 'moved'],
    [
      'opening the bank',
      (tw) => send(tw, 'a', 'player:action', { action: 'openBank', targetId: BOOTH }),
      'interface_opened',
    ],
    [
      'a dropped connection',
      (tw) => (tw.enqueue({ type: 'detach', playerId: 'b' }), tw.advance()),
      'disconnected',
    ],
    [
      'a logout',
      (tw) => (tw.enqueue({ type: 'logout', playerId: 'b', reason: 'logout' }), tw.advance(2)),
      'logout',
    ],
    ['a death', (tw) => ((tw.world.players.get('a')!.health = 0), tw.advance(2)), 'died'],
    ['being idle', (tw) => tw.advance(TRADE_IDLE_TICKS + 2), 'timeout'],
  ];
  it.each(endings)('%s cancels it for both; nothing moves', async (_, end, reason) => {
    const tw = await traders({ inventory: inv(['bread', 1]), coins: 5 }, { coins: 7 });
    const tradeId = openTrade(tw);
    send(tw, 'a', 'tradeAddItem', { tradeId, inventorySlot: 0, quantity: 1 });
    send(tw, 'b', 'tradeAddCoins', { tradeId, quantity: 7 });
    const before = holdings(tw, 'a', 'b');
    end(tw);
    expect(cancelled(tw, 'a')).toEqual([reason]);
    if (tw.world.players.has('b') && reason !== 'disconnected') expect(cancelled(tw, 'b')).toEqual([reason]);
    expect(TRADES.of(tw.world).trades.size).toBe(0);
    expect(tradeLogs(tw.world.drainEffects())).toEqual([]);
    if (reason !== 'died' && reason !== 'logout') expect(holdings(tw, 'a', 'b')).toEqual(before);
  });

  it('an unanswered request expires for both', async () => {
    const tw = await traders();
    send(tw, 'a', 'tradeRequest', { targetPlayerId: 'b' });
    tw.advance(TRADE_REQUEST_TICKS);
    expect(cancelled(tw, 'a')).toEqual(['expired']);
    expect(cancelled(tw, 'b')).toEqual(['expired']);
    expect(TRADES.of(tw.world).requests.size).toBe(0);
  });
});
