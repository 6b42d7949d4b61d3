import type { Feature } from '../../core/registry';
import { TRADES } from './book';
import { enforceTrades } from './enforce';
import { dropOrphanedCommits, onTradeCommitted } from './session';
import {
  tradeAccept,
  tradeAddCoins,
  tradeAddItem,
  tradeCancel,
  tradeModify,
  tradeRemoveItem,
  tradeRequest,
  tradeRequestRespond,
} from './handlers';

/**
 * Player-to-player trade (docs/trade.md): a request within 2 tiles, an offer screen where any change
 * resets both acceptances, a confirmation screen with wealth-transfer indicators, and a swap of both
 * offers in one tick, saved with both characters and the audit row in one transaction, and told to
 * the players (`tradeCompleted`) only once that transaction committed. The ending
 * rules run after the requests of a tick and again after movement, combat and deaths.
 */
export const tradeFeature: Feature = {
  name: 'trade',
  register(r) {
    r.worldSlot(TRADES);
    r.on('tradeRequest', tradeRequest);
    r.on('tradeRequestRespond', tradeRequestRespond);
    r.on('tradeAddItem', tradeAddItem);
    r.on('tradeAddCoins', tradeAddCoins);
    r.on('tradeRemoveItem', tradeRemoveItem);
    r.on('tradeAccept', tradeAccept);
    r.on('tradeModify', tradeModify);
    r.on('tradeCancel', tradeCancel);
    r.phase('input', (world) => {
      enforceTrades(world);
      dropOrphanedCommits(world);
    });
    r.committed('tradeLog', onTradeCommitted);
    r.phase('sync', (world) => enforceTrades(world, true));
  },
};
