import { GameError } from '@tilerealm/sdk';
import { describe, expect, it } from 'vitest';
import {
  afterTrade,
  confirmed,
  connect,
  GAVE_A,
  holdings,
  idOf,
  offerBothWays,
  openTrade,
  slotOf,
  standApart,
  sumOf,
  toConfirmScreen,
  tradeHistory,
  updated,
  WAIT_MS,
} from './trade-helpers';
import { useRealtimeServer, wsUrl } from './realtime-harness';

/** a's final offer, as screen 1 and 2 show it (values by the item manifests; a coin is 1). */
const OFFER_A = [
  { itemId: 'bronze_axe', quantity: 1, value: 16 },
  { itemId: 'coins', quantity: 10, value: 10 },
];
/** b's final offer: its tinderbox, one of its two shrimps (it takes the other back), bread, 3 coins. */
const OFFER_B = [
  { itemId: 'tinderbox', quantity: 1, value: 1 },
  { itemId: 'shrimps', quantity: 1, value: 5 },
  { itemId: 'bread', quantity: 1, value: 12 },
  { itemId: 'coins', quantity: 3, value: 3 },
];
const GAVE_B = OFFER_B.map(({ itemId, quantity }) => ({ itemId, quantity }));

/**
 * Player-to-player trade over a real socket with SDK clients: a full trade through both screens
 * that is saved and survives a restart, a declined request, a request from too far away, and a
 * player who drops its connection on the confirmation screen.
 */
describe('player-to-player trade over WebSocket (SDK clients)', () => {
  const live = useRealtimeServer();
  const url = () => wsUrl(live.server);

  it('swaps items and coins through both screens; the swap is saved, listed and survives a restart', async () => {
    const a = await connect(url());
    const b = await connect(url());
    const [aId, bId] = [idOf(a), idOf(b)];
    const [tokenA, tokenB] = [a.token ?? '', b.token ?? ''];
    let startA: Record<string, number> = {};
    let startB: Record<string, number> = {};
    try {
      await standApart(a, b, -10, -8);
      startA = await holdings(a);
      startB = await holdings(b);
      // The adventurer's kit: the same for both.
      expect(startA).toMatchObject({ bronze_axe: 1, tinderbox: 1, shrimps: 2, bread: 1, coins: 25 });
      expect(startB).toEqual(startA);

      // The request reaches b; b accepts; both are told the trade started.
      const incoming = b.waitFor('tradeIncoming', () => true, WAIT_MS);
      const asked = await a.request('tradeRequest', { targetPlayerId: bId });
      const request = await incoming;
      expect(request).toMatchObject({ fromPlayerId: aId, fromPlayerName: a.welcome?.name });
      expect(asked.result).toEqual({ tradeId: request.tradeId, started: false });
      const tradeId = request.tradeId;
      const startedA = a.waitFor('tradeStarted', () => true, WAIT_MS);
      const startedB = b.waitFor('tradeStarted', () => true, WAIT_MS);
      await b.request('tradeRequestRespond', { tradeId, accept: true });
      expect(await startedA).toEqual({ tradeId, partnerId: bId, partnerName: b.welcome?.name });
      expect(await startedB).toEqual({ tradeId, partnerId: aId, partnerName: a.welcome?.name });

      // Screen 1: a offers its axe and 10 coins; b its tinderbox, both shrimps, its bread and 3 coins.
      const [axe, tinderbox, shrimps, bread] = [
        await slotOf(a, 'bronze_axe'),
        await slotOf(b, 'tinderbox'),
        await slotOf(b, 'shrimps'),
        await slotOf(b, 'bread'),
      ];
      await updated(a, b, tradeId, () =>
        a.request('tradeAddItem', { tradeId, inventorySlot: axe, quantity: 1 }),
      );
      let u = await updated(a, b, tradeId, () => a.request('tradeAddCoins', { tradeId, quantity: 10 }));
      expect(u.a).toEqual({
        tradeId,
        screen: 1,
        myOffer: OFFER_A,
        theirOffer: [],
        myAccepted: false,
        theirAccepted: false,
      });
      expect(u.b).toMatchObject({ myOffer: [], theirOffer: OFFER_A });
      await updated(a, b, tradeId, () =>
        b.request('tradeAddItem', { tradeId, inventorySlot: tinderbox, quantity: 1 }),
      );
      // Shrimps do not stack: quantity 2 takes one from each of the two slots holding one.
      await updated(a, b, tradeId, () =>
        b.request('tradeAddItem', { tradeId, inventorySlot: shrimps, quantity: 2 }),
      );
      await updated(a, b, tradeId, () =>
        b.request('tradeAddItem', { tradeId, inventorySlot: bread, quantity: 1 }),
      );
      u = await updated(a, b, tradeId, () => b.request('tradeAddCoins', { tradeId, quantity: 3 }));
      expect(u.b.myOffer).toEqual([
        { itemId: 'tinderbox', quantity: 1, value: 1 },
        { itemId: 'shrimps', quantity: 2, value: 10 },
        { itemId: 'bread', quantity: 1, value: 12 },
        { itemId: 'coins', quantity: 3, value: 3 },
      ]);
      expect(u.a.theirOffer).toEqual(u.b.myOffer);

      // a accepts; then b takes a shrimp back, which resets a's acceptance.
      u = await updated(a, b, tradeId, () => a.request('tradeAccept', { tradeId }));
      expect(u.a).toMatchObject({ myAccepted: true, theirAccepted: false });
      expect(u.b).toMatchObject({ myAccepted: false, theirAccepted: true });
      u = await updated(a, b, tradeId, () =>
        b.request('tradeRemoveItem', { tradeId, offerSlot: 1, quantity: 1 }),
      );
      expect(u.a).toMatchObject({ theirOffer: OFFER_B, myAccepted: false, theirAccepted: false });
      expect(u.b).toMatchObject({ myOffer: OFFER_B, myAccepted: false, theirAccepted: false });

      // Both accept screen 1: the confirmation screen with the wealth-transfer indicators.
      await updated(a, b, tradeId, () => a.request('tradeAccept', { tradeId }));
      const screen2 = await confirmed(a, b, tradeId, () => b.request('tradeAccept', { tradeId }));
      expect(screen2.a).toMatchObject({
        tradeId,
        screen: 2,
        myOffer: OFFER_A,
        theirOffer: OFFER_B,
        values: { given: 26, received: 21 },
        myAccepted: false,
        theirAccepted: false,
      });
      expect(screen2.b).toMatchObject({
        myOffer: OFFER_B,
        theirOffer: OFFER_A,
        values: { given: 21, received: 26 },
        myAccepted: false,
        theirAccepted: false,
      });
      // a saw b take something back; b saw a only add.
      expect(screen2.a.values.warnings).toContain('offer_reduced');
      expect(screen2.b.values.warnings).not.toContain('offer_reduced');
      expect(screen2.a.values.warnings).not.toContain('value_loss');
      // b's last change (the removal) came after a's (its coins).
      const changedA = screen2.b.values.theirOfferChangedTick ?? NaN;
      expect(screen2.a.values.theirOfferChangedTick).toBeGreaterThan(changedA);

      // Both accept screen 2: the swap.
      const accepted = await confirmed(a, b, tradeId, async () => {
        expect(await a.request('tradeAccept', { tradeId })).toMatchObject({
          event: 'tradeAccept',
          result: { screen: 2, completed: false },
        });
      });
      expect(accepted.a).toMatchObject({ myAccepted: true, theirAccepted: false });
      expect(accepted.b).toMatchObject({ myAccepted: false, theirAccepted: true });
      const completedA = a.waitFor('tradeCompleted', () => true, WAIT_MS);
      const completedB = b.waitFor('tradeCompleted', () => true, WAIT_MS);
      expect(await b.request('tradeAccept', { tradeId })).toMatchObject({
        result: { screen: 2, completed: true },
      });
      expect(await completedA).toEqual({ tradeId, receivedItems: GAVE_B, givenItems: GAVE_A });
      expect(await completedB).toEqual({ tradeId, receivedItems: GAVE_A, givenItems: GAVE_B });

      // Each now holds what the other gave and not what it gave; nothing appeared or vanished.
      const endA = afterTrade(startA, GAVE_A, GAVE_B);
      const endB = afterTrade(startB, GAVE_B, GAVE_A);
      expect(endA).toMatchObject({ tinderbox: 2, shrimps: 3, bread: 2, coins: 18 });
      expect(endA['bronze_axe']).toBeUndefined();
      expect(endB).toMatchObject({ bronze_axe: 2, shrimps: 1, coins: 32 });
      expect(await holdings(a)).toEqual(endA);
      expect(await holdings(b)).toEqual(endB);
      expect(sumOf(endA, endB)).toEqual(sumOf(startA, startB));

      // The swap reached the database at once (not at logout), with its audit row.
      const repos = live.server.repos;
      await expect
        .poll(async () => (await repos.characters.findById(aId))?.coins, { timeout: 5_000 })
        .toBe(18);
      await expect
        .poll(async () => (await repos.characters.findById(bId))?.coins, { timeout: 5_000 })
        .toBe(32);
      const res = await fetch(`${live.server.url}/api/player/${aId}/trades`, {
        headers: { authorization: `Bearer ${tokenA}` },
      });
      expect(res.status).toBe(200);
      const history = tradeHistory.parse(await res.json());
      expect(history.characterId).toBe(aId);
      expect(history.trades).toHaveLength(1);
      expect(history.trades[0]).toMatchObject({
        partner: { id: bId, name: b.welcome?.name },
        gave: GAVE_A,
        received: GAVE_B,
      });
    } finally {
      await a.close();
      await b.close();
    }

    // After a restart both come back with the swapped holdings.
    await live.restart();
    const a2 = await connect(url(), tokenA);
    const b2 = await connect(url(), tokenB);
    try {
      expect(a2.welcome).toMatchObject({ playerId: aId, resumed: false });
      expect(b2.welcome).toMatchObject({ playerId: bId, resumed: false });
      expect(await holdings(a2)).toEqual(afterTrade(startA, GAVE_A, GAVE_B));
      expect(await holdings(b2)).toEqual(afterTrade(startB, GAVE_B, GAVE_A));
    } finally {
      await a2.close();
      await b2.close();
    }
  }, 60_000);

  it('a declined request tells the requester, and a new request may follow', async () => {
    const a = await connect(url());
    const b = await connect(url());
    try {
      await standApart(a, b, 0, 2);
      const incoming = b.waitFor('tradeIncoming', () => true, WAIT_MS);
      await a.request('tradeRequest', { targetPlayerId: idOf(b) });
      const { tradeId } = await incoming;
      const cancelled = a.waitFor('tradeCancelled', () => true, WAIT_MS);
      await b.request('tradeRequestRespond', { tradeId, accept: false });
      expect(await cancelled).toEqual({ tradeId, reason: 'declined', by: idOf(b) });
      // The request is gone: answering it again is trade_not_found, asking again works.
      await expect(b.request('tradeRequestRespond', { tradeId, accept: true })).rejects.toMatchObject({
        code: 'trade_not_found',
      });
      const again = b.waitFor('tradeIncoming', () => true, WAIT_MS);
      await a.request('tradeRequest', { targetPlayerId: idOf(b) });
      expect((await again).tradeId).not.toBe(tradeId);
    } finally {
      await a.close();
      await b.close();
    }
  }, 30_000);

  it('refuses a request to a player 3 tiles away (too_far); the target hears nothing', async () => {
    const a = await connect(url());
    const b = await connect(url());
    try {
      await standApart(a, b, 0, 4, 3);
      const heard: string[] = [];
      b.on('tradeIncoming', (e) => heard.push(e.tradeId));
      const refused = a.request('tradeRequest', { targetPlayerId: idOf(b) });
      await expect(refused).rejects.toBeInstanceOf(GameError);
      await expect(refused).rejects.toMatchObject({ code: 'too_far', event: 'tradeRequest' });
      // A round trip for b after the refusal: anything sent to b in that tick came before the pong.
      await b.request('ping', { t: 3 });
      expect(heard).toEqual([]);

      // Two tiles is close enough.
      await b.request('player:chat', { message: '/tele 2 4' });
      await b.request('ping', { t: 4 });
      const incoming = b.waitFor('tradeIncoming', () => true, WAIT_MS);
      await a.request('tradeRequest', { targetPlayerId: idOf(b) });
      expect((await incoming).fromPlayerId).toBe(idOf(a));
    } finally {
      await a.close();
      await b.close();
    }
  }, 30_000);

  it('a player who disconnects on the confirmation screen ends the trade; nothing moves', async () => {
    const a = await connect(url());
    const b = await connect(url());
    const tokenA = a.token ?? '';
    let a2: Awaited<ReturnType<typeof connect>> | undefined;
    try {
      await standApart(a, b, 0, 6);
      const startA = await holdings(a);
      const startB = await holdings(b);
      const tradeId = await openTrade(a, b);
      await offerBothWays(a, b, tradeId);
      await toConfirmScreen(a, b, tradeId);

      const cancelled = b.waitFor('tradeCancelled', () => true, WAIT_MS);
      expect(await a.request('tradeAccept', { tradeId })).toMatchObject({
        result: { screen: 2, completed: false },
      });
      await a.close();
      expect(await cancelled).toEqual({ tradeId, reason: 'disconnected', by: idOf(a) });
      await expect(b.request('tradeAccept', { tradeId })).rejects.toMatchObject({ code: 'trade_not_found' });

      a2 = await connect(url(), tokenA);
      expect(a2.welcome?.playerId).toBe(idOf(a));
      expect(await holdings(a2)).toEqual(startA);
      expect(await holdings(b)).toEqual(startB);
    } finally {
      await a.close();
      await a2?.close();
      await b.close();
    }
  }, 30_000);
});
