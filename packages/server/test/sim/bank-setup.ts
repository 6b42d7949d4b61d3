/** Shared set-up of the bank tests: requests, the Oakhaven bank booth, and readers of the events. */
import type { ClientEventName, ClientMessage, ClientPayload } from '@tilerealm/protocol';
import type { Command, Effect, PlayerRecord } from '../../src/sim/core/types';
import { record, TestWorld } from './test-world';

/** Builds a client request as the transport hands it to the world. */
export function client<E extends ClientEventName>(
  playerId: string,
  event: E,
  data: ClientPayload<E>,
  rid?: number,
): Command {
  return { type: 'client', playerId, rid, message: { event, data } as ClientMessage };
}
export const action = (id: string, data: ClientPayload<'player:action'>, rid?: number) =>
  client(id, 'player:action', data, rid);
export const openBank = (id: string, targetId: string, rid?: number) =>
  action(id, { action: 'openBank', targetId }, rid);
export const deposit = (id: string, slot: number, quantity: number, rid?: number) =>
  client(id, 'bank:deposit', { slot, quantity }, rid);
export const withdraw = (id: string, bankSlot: number, quantity: number, rid?: number) =>
  client(id, 'bank:withdraw', { bankSlot, quantity }, rid);
export const depositAll = (id: string, from: 'inventory' | 'equipment', rid?: number) =>
  client(id, 'bank:depositAll', { from }, rid);

/** The west booth of the Oakhaven bank stands on (-10,-9); (-10,-8) is the tile in front of it. */
export const BOOTH = 'oakhaven:s0';
export const FRONT = { x: -10, z: -8 };

export const errors = (tw: TestWorld, id: string) =>
  tw.events(id, 'error').map((e) => (e.data as { code: string }).code);
export const acks = (tw: TestWorld, id: string) =>
  tw.events(id, 'ack').map((e) => (e.data as { result?: Record<string, unknown> }).result);
export const closed = (tw: TestWorld, id: string) =>
  tw.events(id, 'interface:closed').map((e) => (e.data as { reason: string }).reason);
export const lastBank = (tw: TestWorld, id: string) =>
  tw.events(id, 'bank:update').at(-1)?.data as { capacity: number; slots: unknown[] } | undefined;
export const slots = (...items: Array<[string, number]>) =>
  items.map(([itemId, quantity], slot) => ({ slot, itemId, quantity }));

export async function world(...players: Array<Partial<PlayerRecord> & { id: string }>): Promise<TestWorld> {
  const tw = await TestWorld.create();
  for (const p of players) tw.login({ ...record(p.id, FRONT.x, FRONT.z), ...p });
  tw.advance();
  tw.clearEvents();
  tw.world.drainEffects();
  return tw;
}

/** A world with player `a` in front of the booth and the bank already open. */
export async function atBank(p: Partial<PlayerRecord> = {}): Promise<TestWorld> {
  const tw = await world({ id: 'a', ...p });
  tw.enqueue(openBank('a', BOOTH, 1));
  tw.advance();
  tw.clearEvents();
  tw.world.drainEffects();
  return tw;
}
export const me = (tw: TestWorld) => tw.world.players.get('a')!;
export const saves = (effects: Effect[]) => effects.flatMap((e) => (e.type === 'save' ? [e.snapshot] : []));
