/** Shared set-up of the trade tests: two players side by side, requests, and readers of the events. */
import type { ClientEventName, ClientPayload, ServerEventName, ServerPayload } from '@tilerealm/protocol';
import type { Effect, PlayerRecord } from '../../src/sim/core/types';
import { client } from './bank-setup';
import { record, TestWorld } from './test-world';

/** Where a stands (in the Oakhaven bank); b stands one tile east, others one tile west. */
export const A_AT = { x: -10, z: -8 };

export async function traders(
  a: Partial<PlayerRecord> = {},
  b: Partial<PlayerRecord> = {},
  ...more: Array<Partial<PlayerRecord> & { id: string }>
): Promise<TestWorld> {
  const tw = await TestWorld.create();
  tw.login({ ...record('a', A_AT.x, A_AT.z, 'Alice'), ...a });
  tw.login({ ...record('b', A_AT.x + 1, A_AT.z, 'Bob'), ...b });
  for (const p of more) tw.login({ ...record(p.id, A_AT.x - 1, A_AT.z), ...p });
  tw.advance();
  tw.clearEvents();
  tw.world.drainEffects();
  return tw;
}

/** Sends one trade request (with rid 1) and runs a tick. */
export function send<E extends ClientEventName>(
  tw: TestWorld,
  id: string,
  event: E,
  data: ClientPayload<E>,
): void {
  tw.enqueue(client(id, event, data, 1));
  tw.advance();
}

export function last<E extends ServerEventName>(
  tw: TestWorld,
  id: string,
  event: E,
): ServerPayload<E> | undefined {
  return tw.events(id, event).at(-1)?.data as ServerPayload<E> | undefined;
}
export const all = <E extends ServerEventName>(
  tw: TestWorld,
  id: string,
  event: E,
): Array<ServerPayload<E>> => tw.events(id, event).map((e) => e.data as ServerPayload<E>);
export const tradeErrors = (tw: TestWorld, id: string) => all(tw, id, 'tradeError').map((e) => e.code);
export const cancelled = (tw: TestWorld, id: string) => all(tw, id, 'tradeCancelled').map((e) => e.reason);

/** a asks b, b accepts: the open trade's id. */
export function openTrade(tw: TestWorld): string {
  send(tw, 'a', 'tradeRequest', { targetPlayerId: 'b' });
  const tradeId = last(tw, 'b', 'tradeIncoming')?.tradeId ?? '';
  send(tw, 'b', 'tradeRequestRespond', { tradeId, accept: true });
  tw.clearEvents();
  return tradeId;
}

/** Every item and coin the players hold (inventory, equipment, pouch), by item id. */
export function holdings(tw: TestWorld, ...ids: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  const add = (itemId: string, q: number) => (out[itemId] = (out[itemId] ?? 0) + q);
  for (const id of ids) {
    const p = tw.world.players.get(id);
    if (!p) continue;
    for (const r of p.inventory.entries()) add(r.itemId, r.quantity);
    if (p.coins > 0) add('coins', p.coins);
  }
  return out;
}

export const tradeLogs = (effects: Effect[]) =>
  effects.flatMap((e) => (e.type === 'persist' && e.what === 'tradeLog' ? [e] : []));
