/**
 * Shared steps of the trade end-to-end and crash tests: SDK clients that stand next to each other,
 * open a trade, change it and accept it, and readers of what each player holds.
 */
import type { ServerPayload } from '@tilerealm/protocol';
import { GameClient } from '@tilerealm/sdk';
import { z } from 'zod';

/** How long a test waits for a trade event (ticks are 50 ms in tests: this is many ticks). */
export const WAIT_MS = 10_000;
const ADMIN = '/admin let-me-in-please';

type PlayerState = ServerPayload<'player:sync'>['player'];
type Updated = ServerPayload<'tradeUpdated'>;
type Confirm = ServerPayload<'tradeConfirmScreen'>;

const stack = z.object({ itemId: z.string(), quantity: z.number().int() });
/** The body of GET /api/player/:characterId/trades, parsed rather than trusted. */
export const tradeHistory = z.object({
  characterId: z.string(),
  trades: z.array(
    z.object({
      id: z.string(),
      completedAt: z.string(),
      partner: z.object({ id: z.string(), name: z.string().nullable() }),
      gave: z.array(stack),
      received: z.array(stack),
    }),
  ),
});

/** Units of each item a player holds, carried or worn, with the coin pouch as `coins`. */
export type Holdings = Record<string, number>;

export function holdingsOf(player: PlayerState): Holdings {
  const out: Holdings = {};
  const add = (itemId: string, quantity: number) => (out[itemId] = (out[itemId] ?? 0) + quantity);
  for (const s of [...player.inventory, ...player.equipment]) add(s.itemId, s.quantity);
  if (player.coins > 0) add('coins', player.coins);
  return out;
}

/** What a client's player holds now, as the server says in a fresh player:sync. */
export async function holdings(c: GameClient): Promise<Holdings> {
  return holdingsOf((await c.request('player:requestSync', {})).player);
}

/** The sum of several players' holdings (for conservation checks). */
export function sumOf(...all: Holdings[]): Holdings {
  const out: Holdings = {};
  for (const h of all) for (const [id, q] of Object.entries(h)) out[id] = (out[id] ?? 0) + q;
  return out;
}

/** `start` after giving `gave` and receiving `received` (items without units left are dropped). */
export function afterTrade(
  start: Holdings,
  gave: ReadonlyArray<{ itemId: string; quantity: number }>,
  received: ReadonlyArray<{ itemId: string; quantity: number }>,
): Holdings {
  const out: Holdings = { ...start };
  for (const s of gave) out[s.itemId] = (out[s.itemId] ?? 0) - s.quantity;
  for (const s of received) out[s.itemId] = (out[s.itemId] ?? 0) + s.quantity;
  for (const [id, q] of Object.entries(out)) if (q === 0) delete out[id];
  return out;
}

/** The first inventory slot holding `itemId` (fails the test when there is none). */
export async function slotOf(c: GameClient, itemId: string): Promise<number> {
  const sync = await c.request('player:requestSync', {});
  const row = sync.player.inventory.find((s) => s.itemId === itemId);
  if (!row) throw new Error(`no ${itemId} in ${JSON.stringify(sync.player.inventory)}`);
  return row.slot;
}

export const idOf = (c: GameClient): string => c.welcome?.playerId ?? '';

/** Makes each client an administrator and teleports it: the first to (x, z), the next `dx` tiles east. */
export async function standApart(a: GameClient, b: GameClient, x: number, z: number, dx = 1): Promise<void> {
  const spots: Array<[GameClient, number]> = [
    [a, x],
    [b, x + dx],
  ];
  for (const [c, at] of spots) {
    await c.request('player:chat', { message: ADMIN });
    await c.request('player:chat', { message: `/tele ${at} ${z}` });
  }
  // One more round trip each: the teleports' tick is over, so no one counts as having just stepped.
  await a.request('ping', { t: 1 });
  await b.request('ping', { t: 2 });
}

/** `a` asks `b` to trade and `b` accepts: the open trade's id, once both were told it started. */
export async function openTrade(a: GameClient, b: GameClient): Promise<string> {
  const incoming = b.waitFor('tradeIncoming', (e) => e.fromPlayerId === idOf(a), WAIT_MS);
  await a.request('tradeRequest', { targetPlayerId: idOf(b) });
  const { tradeId } = await incoming;
  const startedA = a.waitFor('tradeStarted', (e) => e.tradeId === tradeId, WAIT_MS);
  const startedB = b.waitFor('tradeStarted', (e) => e.tradeId === tradeId, WAIT_MS);
  await b.request('tradeRequestRespond', { tradeId, accept: true });
  await Promise.all([startedA, startedB]);
  return tradeId;
}

/**
 * Runs one step that changes screen 1 and returns the tradeUpdated both players got for it (each
 * waits only for events after the step is sent, and every step is awaited, so they match).
 */
export async function updated(
  a: GameClient,
  b: GameClient,
  tradeId: string,
  step: () => Promise<unknown>,
): Promise<{ a: Updated; b: Updated }> {
  const ua = a.waitFor('tradeUpdated', (e) => e.tradeId === tradeId, WAIT_MS);
  const ub = b.waitFor('tradeUpdated', (e) => e.tradeId === tradeId, WAIT_MS);
  await step();
  return { a: await ua, b: await ub };
}

/** Like {@link updated}, for a step answered with the confirmation screen. */
export async function confirmed(
  a: GameClient,
  b: GameClient,
  tradeId: string,
  step: () => Promise<unknown>,
): Promise<{ a: Confirm; b: Confirm }> {
  const ca = a.waitFor('tradeConfirmScreen', (e) => e.tradeId === tradeId, WAIT_MS);
  const cb = b.waitFor('tradeConfirmScreen', (e) => e.tradeId === tradeId, WAIT_MS);
  await step();
  return { a: await ca, b: await cb };
}

/**
 * The offers both crash cases and the disconnect case use: `a` gives its bronze axe and 10 coins,
 * `b` its tinderbox, its bread and 3 coins (every new character starts with the adventurer's kit
 * and 25 coins). Resolves once both saw the last change.
 */
export async function offerBothWays(a: GameClient, b: GameClient, tradeId: string): Promise<void> {
  const axe = await slotOf(a, 'bronze_axe');
  const tinderbox = await slotOf(b, 'tinderbox');
  const bread = await slotOf(b, 'bread');
  await updated(a, b, tradeId, () => a.request('tradeAddItem', { tradeId, inventorySlot: axe, quantity: 1 }));
  await updated(a, b, tradeId, () => a.request('tradeAddCoins', { tradeId, quantity: 10 }));
  await updated(a, b, tradeId, () =>
    b.request('tradeAddItem', { tradeId, inventorySlot: tinderbox, quantity: 1 }),
  );
  await updated(a, b, tradeId, () =>
    b.request('tradeAddItem', { tradeId, inventorySlot: bread, quantity: 1 }),
  );
  await updated(a, b, tradeId, () => b.request('tradeAddCoins', { tradeId, quantity: 3 }));
}

/** What {@link offerBothWays} has each side give. */
export const GAVE_A = [
  { itemId: 'bronze_axe', quantity: 1 },
  { itemId: 'coins', quantity: 10 },
];
export const GAVE_B = [
  { itemId: 'tinderbox', quantity: 1 },
  { itemId: 'bread', quantity: 1 },
  { itemId: 'coins', quantity: 3 },
];

/** Both accept screen 1: resolves once both are on the confirmation screen. */
export async function toConfirmScreen(a: GameClient, b: GameClient, tradeId: string): Promise<void> {
  await updated(a, b, tradeId, () => a.request('tradeAccept', { tradeId }));
  await confirmed(a, b, tradeId, () => b.request('tradeAccept', { tradeId }));
}

/** A new anonymous player (a fresh guest character), without automatic reconnects. */
export function connect(url: string, token?: string): Promise<GameClient> {
  return GameClient.connect({ url, reconnect: false, ...(token ? { token } : {}) });
}
