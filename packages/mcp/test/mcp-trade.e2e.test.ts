import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { z } from 'zod';
import { useRealtimeServer } from '../../server/test/e2e/realtime-harness';
import { call, carried, mcpPlayer, refused, teleport, WAIT_MS, type McpPlayer } from './mcp-harness';

const offer = z.array(z.looseObject({ itemId: z.string(), quantity: z.number() }));
const tradeStatus = z.object({
  requests: z.array(z.looseObject({ tradeId: z.string(), fromPlayerId: z.string() })),
  trade: z
    .looseObject({
      tradeId: z.string(),
      screen: z.number().optional(),
      myOffer: offer.optional(),
      theirOffer: offer.optional(),
      myAccepted: z.boolean().optional(),
      theirAccepted: z.boolean().optional(),
    })
    .nullable(),
  last: z.object({ tradeId: z.string(), outcome: z.string() }).nullable(),
});
type TradeStatus = z.infer<typeof tradeStatus>;
const playerId = z.object({ playerId: z.string() });

const statusOf = async (c: Client): Promise<TradeStatus> =>
  tradeStatus.parse(await call(c, 'trade', { action: 'status' }));

/** Polls the trade status until `check` holds (the partner's moves arrive a tick or more later). */
async function until(c: Client, check: (s: TradeStatus) => boolean): Promise<TradeStatus> {
  let last: TradeStatus | undefined;
  await expect
    .poll(
      async () => {
        last = await statusOf(c);
        return check(last);
      },
      { timeout: WAIT_MS },
    )
    .toBe(true);
  if (!last) throw new Error('no trade status');
  return last;
}

/** Adds `b`'s counts to `a`'s, item by item. */
const sum = (a: Record<string, number>, b: Record<string, number>) => {
  const out = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = (out[k] ?? 0) + v;
  return out;
};

/**
 * A trade between two MCP sessions (two characters, each its own MCP server over streamable HTTP,
 * driven by the official MCP client) on a real game server: requested, answered, offered, accepted
 * on both screens and completed with every item and coin conserved; a cancelled trade changes
 * nothing; bad inputs answer documented tool errors and change nothing.
 */
describe('MCP trade tool between two players', () => {
  const live = useRealtimeServer({ TICK_MS: '10' });
  let a: McpPlayer;
  let b: McpPlayer;
  let aId: string;
  let bId: string;

  beforeAll(async () => {
    a = await mcpPlayer(live.server.url, 'Mcp Seller');
    b = await mcpPlayer(live.server.url, 'Mcp Buyer');
    aId = playerId.parse(await call(a.client, 'get_status')).playerId;
    bId = playerId.parse(await call(b.client, 'get_status')).playerId;
    await teleport(a, -8, 5);
    await teleport(b, -7, 5);
  });
  // A test that failed mid-trade leaves no trade open for the next one.
  afterEach(async () => {
    for (const p of [a, b])
      if ((await statusOf(p.client)).trade !== null) await call(p.client, 'trade', { action: 'cancel' });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('refuses bad trade inputs with a documented error and changes nothing', async () => {
    const before = await carried(a.client);
    expect(await refused(a.client, 'trade', { action: 'request' })).toBe('invalid_arguments');
    expect(await refused(a.client, 'trade', { action: 'accept' })).toBe('invalid_arguments');
    expect(await refused(a.client, 'trade', { action: 'offer', itemId: 'bread' })).toBe('invalid_arguments');
    expect(await refused(a.client, 'trade', { action: 'respond', tradeId: 't_nope' })).toBe(
      'trade_not_found',
    );
    expect(await refused(a.client, 'trade', { action: 'request', playerId: 'nobody' })).toBe(
      'player_not_found',
    );
    expect(await refused(a.client, 'trade', { action: 'request', playerId: aId })).toBe('cannot_trade_self');
    expect(await carried(a.client)).toEqual(before);
    expect(await statusOf(a.client)).toEqual({ requests: [], trade: null, last: null });
    expect((await statusOf(b.client)).requests).toEqual([]);
  });

  it('completes a trade of bread for a pouch of coins, conserving both', async () => {
    onTestFailed(() => console.log(a.logs, b.logs, a.session.memory.events, b.session.memory.events));
    const aBefore = await carried(a.client);
    const bBefore = await carried(b.client);
    expect(aBefore['bread']).toBe(1);
    expect(bBefore['coins']).toBeGreaterThan(0);

    await call(a.client, 'trade', { action: 'request', playerId: bId });
    const asked = await until(b.client, (s) => s.requests.length === 1);
    expect(asked.requests[0]?.fromPlayerId).toBe(aId);
    await call(b.client, 'trade', { action: 'respond', accept: true });
    const tradeId = (await until(a.client, (s) => s.trade !== null)).trade?.tradeId;
    expect((await until(b.client, (s) => s.trade !== null)).trade?.tradeId).toBe(tradeId);

    // Offers: something not carried is refused; asking more coins than carried offers the whole pouch.
    expect(await refused(a.client, 'trade', { action: 'offer', itemId: 'cake' })).toBe('not_carried');
    const offered = z.object({ offered: z.object({ itemId: z.string(), added: z.number() }) });
    expect(
      offered.parse(await call(a.client, 'trade', { action: 'offer', itemId: 'bread' })).offered,
    ).toEqual({
      itemId: 'bread',
      added: 1,
    });
    // The one bread is already offered: refused, the offer stays as it was.
    expect(await refused(a.client, 'trade', { action: 'offer', itemId: 'bread' })).toBe('empty_slot');
    const pouch = bBefore['coins'] ?? 0;
    const coins = offered.parse(
      await call(b.client, 'trade', { action: 'offer_coins', quantity: 1_000_000 }),
    );
    expect(coins.offered).toEqual({ itemId: 'coins', added: pouch });
    const seen = await until(
      a.client,
      (s) =>
        s.trade?.theirOffer?.some((o) => o.itemId === 'coins' && o.quantity === pouch) === true &&
        s.trade.myOffer?.length === 1 &&
        s.trade.myOffer[0]?.quantity === 1,
    );
    expect(seen.trade?.screen).toBe(1);

    // Both accept screen 1, then both accept the confirmation screen.
    await call(a.client, 'trade', { action: 'accept' });
    await until(b.client, (s) => s.trade?.theirAccepted === true);
    await call(b.client, 'trade', { action: 'accept' });
    await until(a.client, (s) => s.trade?.screen === 2);
    await until(b.client, (s) => s.trade?.screen === 2);
    await call(a.client, 'trade', { action: 'accept' });
    await call(b.client, 'trade', { action: 'accept' });
    for (const p of [a, b])
      expect((await until(p.client, (s) => s.trade === null)).last).toEqual({
        tradeId,
        outcome: 'completed',
      });

    const aAfter = await carried(a.client);
    const bAfter = await carried(b.client);
    expect(aAfter).toEqual(drop0(sum(aBefore, { coins: pouch, bread: -1 })));
    expect(bAfter).toEqual(drop0(sum(bBefore, { coins: -pouch, bread: 1 })));
    expect(drop0(sum(aAfter, bAfter))).toEqual(drop0(sum(aBefore, bBefore)));
  });

  it('a cancelled trade gives nothing to anyone', async () => {
    const aBefore = await carried(a.client);
    const bBefore = await carried(b.client);
    await call(b.client, 'trade', { action: 'request', playerId: aId });
    await until(a.client, (s) => s.requests.length === 1);
    await call(a.client, 'trade', { action: 'respond', accept: true });
    await until(b.client, (s) => s.trade !== null);
    await call(b.client, 'trade', { action: 'offer', itemId: 'bread' });
    await until(a.client, (s) => s.trade?.theirOffer?.length === 1);
    expect(await carried(b.client)).toEqual(bBefore);
    await call(a.client, 'trade', { action: 'cancel' });
    for (const p of [a, b]) {
      const s = await until(p.client, (t) => t.trade === null);
      expect(s.last?.outcome).toMatch(/^cancelled/);
    }
    expect(await carried(a.client)).toEqual(aBefore);
    expect(await carried(b.client)).toEqual(bBefore);
  });
});

/** Counts without the items of which none are left. */
function drop0(h: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(h).filter(([, v]) => v !== 0));
}
