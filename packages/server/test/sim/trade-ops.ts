/**
 * The trade actions of the economy property test (economy-ops.ts). A trade op moves the player's
 * trade along from where it stands, so trades run to completion among everything else the players
 * do (which often ends them): answer a request, else work on the open trade (offer items or coins,
 * take some back, accept, go back to the offers, cancel), else ask another player (placed side by
 * side first, now and then from afar). One op in ten is a step on someone else's trade, which must
 * be refused.
 */
import type { Command } from '../../src/sim/core/types';
import type { World } from '../../src/sim/core/world';
import { client, nth, PLAYERS, placeBeside, type Op } from './economy-ops';
import { TRADES } from '../../src/sim/features/trade/book';

/** One trade request of `o`'s player (undefined when there is nothing to do). */
export function tradeCommand(world: World, o: Op): Command | undefined {
  const id = PLAYERS[o.player] ?? 'p0';
  const p = world.players.get(id);
  if (!p) return undefined;
  if (o.pick % 10 === 0) {
    // Someone else's trade or request (or none at all): refused, changes nothing.
    const foreign = [...TRADES.of(world).trades.values(), ...TRADES.of(world).requests.values()].map(
      (t) => t.id,
    );
    return client(id, 'tradeAccept', { tradeId: nth(foreign, o.quantity) ?? 'none' });
  }
  const request = [...TRADES.of(world).requests.values()].find((r) => r.toId === id);
  if (request)
    return client(id, 'tradeRequestRespond', { tradeId: request.id, accept: o.quantity % 6 !== 0 });
  const trade = TRADES.of(world).tradeOfPlayer(id);
  if (!trade) {
    const other = world.players.get(PLAYERS[(o.player + 1 + (o.quantity % 3)) % PLAYERS.length] ?? '');
    if (!other) return undefined;
    if (o.quantity % 5 !== 0) placeBeside(world, p, other);
    return client(id, 'tradeRequest', { targetPlayerId: other.id });
  }
  const tradeId = trade.id;
  const mine = trade.a.playerId === id ? trade.a : trade.b;
  const roll = o.pick % 12;
  if (trade.screen === 2 || roll >= 7) {
    if (roll === 11) return client(id, 'tradeCancel', { tradeId });
    if (roll === 10) return client(id, trade.screen === 2 ? 'tradeModify' : 'tradeAccept', { tradeId });
    return client(id, 'tradeAccept', { tradeId });
  }
  if (roll <= 2) {
    const slot = nth(p.inventory.entries(), o.quantity)?.slot ?? 0;
    return client(id, 'tradeAddItem', { tradeId, inventorySlot: slot, quantity: o.quantity });
  }
  if (roll <= 4) return client(id, 'tradeAddCoins', { tradeId, quantity: o.quantity });
  const offerSlot = o.quantity % Math.max(1, mine.offer.length);
  return client(id, 'tradeRemoveItem', { tradeId, offerSlot, quantity: o.quantity });
}
