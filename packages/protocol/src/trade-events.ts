import { z } from 'zod';
import { ridSchema } from './envelope';

/**
 * The catalogue of `tradeError` codes. A trade failure never changes anything: no item moves and
 * the trade stays where it was (unless the message says it went back to screen 1).
 */
export const TRADE_ERROR_CODES = {
  trade_not_found:
    'no trade or trade request with that id that you are part of (finished, cancelled, expired, or never yours)',
  not_in_world: 'the session has no player in the world yet',
  cannot_trade_self: 'you cannot trade with yourself',
  player_not_found: 'no such player in the world',
  too_far: 'players must be within 2 tiles of each other to start a trade',
  interface_open: 'close your bank, shop or dialogue first',
  partner_busy: 'that player is trading, dying, or has a bank, shop or dialogue open',
  already_trading: 'you are already in a trade: finish or cancel it first',
  request_pending: 'you already asked that player; wait for the answer or for the request to expire',
  trade_refused: 'that player is not accepting trades from you',
  dead: 'you are dying: nothing can be done until you respawn',
  wrong_screen:
    'not possible on this screen (offers change on screen 1; tradeModify returns there from screen 2)',
  invalid_slot: 'a slot number outside the inventory or the offer',
  empty_slot: 'the slot holds nothing',
  not_tradeable: 'that item cannot be traded',
  not_enough_coins: 'your coin pouch holds fewer coins than that',
  offer_full: 'an offer holds at most 28 different items and coins',
  inventory_full: 'you have no room for what you would receive; nothing moved',
  partner_inventory_full: 'the other player has no room for what you offer; nothing moved',
  items_missing:
    'an offered item or coins are no longer there (eaten, dropped, banked); the offer shrank and the trade went back to screen 1',
  internal_error: 'a bug on the server; logged',
} as const;

export type TradeErrorCode = keyof typeof TRADE_ERROR_CODES;

/** The most distinct entries an offer holds (a full inventory's 28 slots plus coins). */
export const TRADE_OFFER_MAX_ENTRIES = 29;

/** Why a trade or trade request ended without a swap (`tradeCancelled.reason`). */
export const TRADE_CANCEL_REASONS = [
  'cancelled',
  'declined',
  'expired',
  'moved',
  'interface_opened',
  'combat',
  'activity',
  'died',
  'disconnected',
  'logout',
  'timeout',
] as const;

const offerEntry = z.object({
  itemId: z.string(),
  quantity: z.number().int().min(1),
  /** Total value of the entry by the item manifests' `value` (a coin is worth 1). */
  value: z.number().int().min(0),
});
const offer = z.array(offerEntry).max(TRADE_OFFER_MAX_ENTRIES);
const stack = z.object({ itemId: z.string(), quantity: z.number().int().min(1) });

/** Client events of the trade the specification does not name (part of clientEvents). */
export const tradeClientEvents = {
  tradeAddCoins: {
    description:
      'Offer coins from your coin pouch (coins are not an inventory item here). They join the offer as one `coins` entry; tradeRemoveItem takes them back like any entry.',
    schema: z.strictObject({
      tradeId: z.string().min(1).max(64),
      quantity: z.number().int().min(1).max(2_147_483_647),
    }),
    example: { tradeId: 't_12', quantity: 500 },
  },
  tradeModify: {
    description:
      'From the confirmation screen (2), go back to the offer screen (1) to change the offers. Both players return there and both acceptances are reset.',
    schema: z.strictObject({ tradeId: z.string().min(1).max(64) }),
    example: { tradeId: 't_12' },
  },
} as const;

/** Server events of player-to-player trade (part of serverEvents). */
export const tradeServerEvents = {
  tradeIncoming: {
    description:
      'A player within 2 tiles asks to trade with you. Answer with tradeRequestRespond before `expiresAtTick` (50 ticks, 30 s).',
    schema: z.object({
      tradeId: z.string(),
      fromPlayerId: z.string(),
      fromPlayerName: z.string(),
      expiresAtTick: z.number().int(),
    }),
    example: { tradeId: 't_1f3_2', fromPlayerId: 'c7…', fromPlayerName: 'Friend', expiresAtTick: 1250 },
  },
  tradeStarted: {
    description: 'The request was accepted: the trade is on screen 1 (offers), empty on both sides.',
    schema: z.object({ tradeId: z.string(), partnerId: z.string(), partnerName: z.string() }),
    example: { tradeId: 't_1f3_2', partnerId: 'c7…', partnerName: 'Friend' },
  },
  tradeUpdated: {
    description:
      'The trade changed on screen 1: an offer (added, removed, or shrunk because an item left an inventory), an acceptance, or a return from screen 2. Any change to an offer resets both acceptances.',
    schema: z.object({
      tradeId: z.string(),
      screen: z.literal(1),
      myOffer: offer,
      theirOffer: offer,
      myAccepted: z.boolean(),
      theirAccepted: z.boolean(),
    }),
    example: {
      tradeId: 't_1f3_2',
      screen: 1,
      myOffer: [{ itemId: 'raw_shrimps', quantity: 5, value: 25 }],
      theirOffer: [{ itemId: 'coins', quantity: 100, value: 100 }],
      myAccepted: false,
      theirAccepted: true,
    },
  },
  tradeConfirmScreen: {
    description:
      'Both accepted screen 1: the confirmation screen (2) with the final offers and the wealth-transfer indicators. `values.given` / `values.received` are the manifest values of your offer and of theirs; `warnings`: `offer_changed_recently` (their offer changed within 5 ticks, 3 s, of the acceptance), `offer_reduced` (they removed or lowered something during this trade), `value_loss` (you receive less than half the value you give). Both accepting here completes the trade; tradeModify goes back.',
    schema: z.object({
      tradeId: z.string(),
      screen: z.literal(2),
      myOffer: offer,
      theirOffer: offer,
      values: z.object({
        given: z.number().int().min(0),
        received: z.number().int().min(0),
        theirOfferChangedTick: z.number().int().nullable(),
        warnings: z.array(z.enum(['offer_changed_recently', 'offer_reduced', 'value_loss'])),
      }),
      myAccepted: z.boolean(),
      theirAccepted: z.boolean(),
    }),
    example: {
      tradeId: 't_1f3_2',
      screen: 2,
      myOffer: [{ itemId: 'raw_shrimps', quantity: 5, value: 25 }],
      theirOffer: [{ itemId: 'coins', quantity: 100, value: 100 }],
      values: { given: 25, received: 100, theirOfferChangedTick: 1204, warnings: [] },
      myAccepted: false,
      theirAccepted: false,
    },
  },
  tradeCompleted: {
    description:
      'The swap committed: your inventory (and coin pouch) now hold `receivedItems` and no longer hold `givenItems`. Sent only once the swap is in the database (one transaction with both characters and the audit-log row), so no crash can undo it; the second acceptance is acked at the same moment.',
    schema: z.object({ tradeId: z.string(), receivedItems: z.array(stack), givenItems: z.array(stack) }),
    example: {
      tradeId: 't_1f3_2',
      receivedItems: [{ itemId: 'coins', quantity: 100 }],
      givenItems: [{ itemId: 'raw_shrimps', quantity: 5 }],
    },
  },
  tradeCancelled: {
    description:
      'The trade or trade request ended and nothing moved. `reason`: cancelled (tradeCancel), declined, expired (the request was not answered in time), moved (a walk, or the players more than 2 tiles apart), interface_opened (bank, shop, dialogue), combat, activity (gathering, making, lighting a fire), died, disconnected, logout, timeout (no change for 500 ticks, 5 min). `by` is the player whose action or state ended it, when there is one.',
    schema: z.object({
      tradeId: z.string(),
      reason: z.enum(TRADE_CANCEL_REASONS),
      by: z.string().nullable(),
    }),
    example: { tradeId: 't_1f3_2', reason: 'declined', by: 'c7…' },
  },
  tradeError: {
    description:
      'A trade request or step failed and changed nothing. `code` is one of the trade error codes (below); rid echoes the request id when it had one.',
    schema: z.object({
      code: z.enum(Object.keys(TRADE_ERROR_CODES) as [TradeErrorCode, ...TradeErrorCode[]]),
      message: z.string(),
      tradeId: z.string().optional(),
      rid: ridSchema.optional(),
    }),
    example: { code: 'too_far', message: 'players must be within 2 tiles of each other', rid: 4 },
  },
} as const;
