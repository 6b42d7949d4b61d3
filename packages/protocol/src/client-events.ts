import { z } from 'zod';
import { CHAT_MAX_LENGTH } from './chat-limits';
import { EQUIP_SLOTS } from './equipment';
import { agentClientEvents } from './agent-events';
import { dialogueClientEvents } from './dialogue-events';
import { prayerClientEvents } from './prayer-events';
import { socialClientEvents } from './social-events';
import { teleportClientEvents } from './teleport-events';
import { TRADE_OFFER_MAX_ENTRIES, tradeClientEvents } from './trade-events';

/** Largest tile coordinate magnitude accepted on the wire (the world is far smaller). */
const coord = z.number().int().min(-100_000).max(100_000);
const tradeId = z.string().min(1).max(64);
const entityId = z.string().min(1).max(64);

export { CHAT_MAX_LENGTH } from './chat-limits';

/**
 * Every client-to-server event with its payload schema. Inbound frames are validated against these
 * before anything reaches the world. Names follow the interface specification; events the
 * specification does not name are ours and documented in docs/protocol.md.
 */
export const clientEvents = {
  'player:move': {
    description: 'Walk (or run) to a tile; the server finds the path. At most 200 tiles away.',
    schema: z.strictObject({ x: coord, z: coord, run: z.boolean().optional() }),
    example: { x: 5, z: -3, run: true },
  },
  'player:action': {
    description:
      'Perform an action. Variants are discriminated by `action`. `pickup` walks onto the tile of a ground item you can see and takes it on arrival; the ack comes then.',
    schema: z.discriminatedUnion('action', [
      z.strictObject({ action: z.literal('setRun'), running: z.boolean() }),
      z.strictObject({ action: z.literal('stop') }),
      z.strictObject({
        action: z.literal('attack'),
        targetId: entityId.describe(
          "An NPC id (entered snapshot `id`) or, where PvP is allowed, a player id. The player walks into reach and keeps attacking at the weapon's speed until the target dies, leaves, or another move or action replaces the attack. Ack `{ targetId }` at once.",
        ),
      }),
      z.strictObject({
        action: z.literal('setStyle'),
        styleId: z
          .string()
          .min(1)
          .max(32)
          .describe("A style id of the wielded weapon's style set (combat-styles.json), e.g. `accurate`."),
      }),
      z.strictObject({ action: z.literal('setAutoRetaliate'), enabled: z.boolean() }),
      z.strictObject({
        action: z.literal('reclaim'),
        gravestoneId: entityId.describe(
          'One of your gravestones (gravestone:update). Walks next to it and takes back as much as fits; ack `{ gravestoneId, taken, remaining }`.',
        ),
      }),
      z.strictObject({
        action: z.literal('gather'),
        objectId: entityId.describe(
          'A tree, rock or fishing spot (object:update / the area placements). Walks next to it, then gathers every few ticks until the inventory is full, the resource depletes, or another request replaces it. Ack `{ objectId, methodId? }` at once; the end comes as activity:stopped.',
        ),
        methodId: z
          .string()
          .min(1)
          .max(32)
          .optional()
          .describe(
            'Fishing spots: the method (net, bait, lure, cage, harpoon); default the first the player can use.',
          ),
      }),
      z.strictObject({
        action: z.literal('make'),
        recipeId: z
          .string()
          .min(1)
          .max(64)
          .describe('A cooking, smelting or smithing recipe id (recipes/*.json).'),
        objectId: entityId.describe('The station (range, fire, furnace, anvil) to make it at.'),
        quantity: z
          .number()
          .int()
          .min(1)
          .max(28)
          .optional()
          .describe('How many to make, one every few ticks (default 1); stops early when materials run out.'),
      }),
      z.strictObject({
        action: z.literal('openBank'),
        targetId: entityId.describe('A bank booth or bank chest object, or a banker NPC, next to you.'),
      }),
      z.strictObject({
        action: z.literal('openShop'),
        npcId: entityId.describe('The shopkeeper NPC (its entered-snapshot id), next to you.'),
      }),
      z.strictObject({ action: z.literal('closeInterface') }),
      z.strictObject({
        action: z.literal('talk'),
        npcId: entityId.describe(
          'An NPC with dialogue (its entered-snapshot id). Walks next to it, then the conversation opens (dialogue:node); ack `{ npcId, nodeId }` then. Errors: target_gone, no_dialogue, no_path, not_near.',
        ),
      }),
      z.strictObject({
        action: z.literal('pray'),
        objectId: entityId.describe(
          'An altar. Walks next to it, then prays: prayer points are restored in full.',
        ),
      }),
      z.strictObject({
        action: z
          .literal('homeTeleport')
          .describe(
            'Cast home teleport: 16 ticks standing still, then you land at the starter town (teleport events). Refused in combat, deeper than PvP level 20, while trading, or during the 30-minute cooldown. Ack `{ landsAtTick, castTicks }` at once.',
          ),
      }),
      z.strictObject({
        action: z.literal('pickup'),
        groundItemId: entityId.describe(
          'A pile from world:update itemsAdded. Taken whole or not at all (inventory_full); ack `{ groundItemId, itemId, quantity }`. A later move or pickup cancels it (acked `{ superseded: true }`); a walk that stops short fails with no_path, a pile taken or despawned first with ground_item_gone.',
        ),
      }),
    ]),
    example: { action: 'setRun', running: true },
  },
  'player:chat': {
    description:
      'Say something to players within hearing range (no farther than their view reaches: a crowd shrinks it), or run a / command.',
    schema: z.strictObject({
      message: z
        .string()
        .min(1)
        .max(CHAT_MAX_LENGTH * 2),
    }),
    example: { message: 'hello there' },
  },
  'player:requestSync': {
    description: 'Ask for a full player:sync (after a client reload, for example).',
    schema: z.strictObject({}),
    example: {},
  },
  ping: {
    description:
      'Application-level heartbeat for clients that cannot send WebSocket pings; answered with pong.',
    schema: z.strictObject({ t: z.number().optional() }),
    example: { t: 1732575600000 },
  },
  'equipment:equip': {
    description: 'Wear the item in an inventory slot (swapping out what is in its equipment slot).',
    schema: z.strictObject({ inventorySlot: z.number().int().min(0).max(27) }),
    example: { inventorySlot: 2 },
  },
  'equipment:unequip': {
    description: 'Take off the item in an equipment slot into the inventory.',
    schema: z.strictObject({
      slot: z.enum(EQUIP_SLOTS),
    }),
    example: { slot: 'weapon' },
  },
  'inventory:use': {
    description:
      'Use an inventory item: alone (eat food, bury bones for prayer experience), on another item or on an object.',
    schema: z.strictObject({
      slot: z.number().int().min(0).max(27),
      targetSlot: z.number().int().min(0).max(27).optional(),
      targetId: entityId.optional(),
    }),
    example: { slot: 0 },
  },
  'inventory:drop': {
    description:
      'Drop an inventory item onto your tile (ack `{ groundItemId, itemId, quantity }`): seen by you only for 100 ticks, then by everyone for 100 more, then gone.',
    schema: z.strictObject({
      slot: z
        .number()
        .int()
        .min(0)
        .max(27)
        .describe('Quest items and untradeable items are refused (not_droppable).'),
      quantity: z
        .number()
        .int()
        .min(1)
        .max(2_147_483_647)
        .optional()
        .describe(
          'Default: the whole slot; more than the slot holds drops the whole slot; always 1 for items that do not stack.',
        ),
    }),
    example: { slot: 1, quantity: 50 },
  },
  'inventory:move': {
    description: 'Move the item in one inventory slot to another; an occupied target slot swaps.',
    schema: z.strictObject({
      from: z.number().int().min(0).max(27),
      to: z.number().int().min(0).max(27),
    }),
    example: { from: 0, to: 5 },
  },
  'inventory:examine': {
    description: 'Examine the item in an inventory slot: ack `{ itemId, name, examine, value }`.',
    schema: z.strictObject({ slot: z.number().int().min(0).max(27) }),
    example: { slot: 0 },
  },
  'bank:depositAll': {
    description: 'Deposit everything carried (`inventory`) or worn (`equipment`) into the open bank.',
    schema: z.strictObject({ from: z.enum(['inventory', 'equipment']) }),
    example: { from: 'inventory' },
  },
  'shop:buy': {
    description:
      'Buy from the open shop: ack `{ itemId, quantity, paid }` (as many as stock, coins and space allow, at least one).',
    schema: z.strictObject({
      itemId: z.string().min(1).max(64),
      quantity: z.number().int().min(1).max(2_147_483_647),
    }),
    example: { itemId: 'bronze_axe', quantity: 1 },
  },
  'shop:sell': {
    description: 'Sell the item in an inventory slot to the open shop: ack `{ itemId, quantity, received }`.',
    schema: z.strictObject({
      slot: z.number().int().min(0).max(27),
      quantity: z.number().int().min(1).max(2_147_483_647),
    }),
    example: { slot: 4, quantity: 1 },
  },
  'bank:deposit': {
    description: 'Deposit an item from the inventory into the bank.',
    schema: z.strictObject({
      slot: z.number().int().min(0).max(27),
      quantity: z.number().int().min(1).max(2_147_483_647),
    }),
    example: { slot: 3, quantity: 1 },
  },
  'bank:withdraw': {
    description: 'Withdraw an item from the bank into the inventory.',
    schema: z.strictObject({
      bankSlot: z.number().int().min(0).max(799),
      quantity: z.number().int().min(1).max(2_147_483_647),
    }),
    example: { bankSlot: 0, quantity: 10 },
  },
  tradeRequest: {
    description: 'Request a trade with a player within 2 tiles.',
    schema: z.strictObject({ targetPlayerId: entityId }),
    example: { targetPlayerId: 'c3b1…' },
  },
  tradeRequestRespond: {
    description: 'Accept or decline a trade request.',
    schema: z.strictObject({ tradeId, accept: z.boolean() }),
    example: { tradeId: 't_12', accept: true },
  },
  tradeAddItem: {
    description:
      'Offer `quantity` of the item in an inventory slot (screen 1). More than you hold offers all you hold; for an item that does not stack, the units come from every slot holding it. Untradeable items are refused (not_tradeable).',
    schema: z.strictObject({
      tradeId,
      inventorySlot: z.number().int().min(0).max(27),
      quantity: z.number().int().min(1).max(2_147_483_647),
    }),
    example: { tradeId: 't_12', inventorySlot: 0, quantity: 1 },
  },
  tradeRemoveItem: {
    description: 'Take `quantity` of an offer entry (by its index in myOffer) back (screen 1).',
    schema: z.strictObject({
      tradeId,
      offerSlot: z
        .number()
        .int()
        .min(0)
        .max(TRADE_OFFER_MAX_ENTRIES - 1),
      quantity: z.number().int().min(1).max(2_147_483_647),
    }),
    example: { tradeId: 't_12', offerSlot: 0, quantity: 1 },
  },
  tradeAccept: {
    description: 'Accept the current trade screen.',
    schema: z.strictObject({ tradeId }),
    example: { tradeId: 't_12' },
  },
  tradeCancel: {
    description: 'Cancel the trade.',
    schema: z.strictObject({ tradeId }),
    example: { tradeId: 't_12' },
  },
  ...tradeClientEvents,
  ...socialClientEvents,
  ...dialogueClientEvents,
  ...prayerClientEvents,
  ...teleportClientEvents,
  ...agentClientEvents,
} as const;

export type ClientEventName = keyof typeof clientEvents;
export type ClientPayload<E extends ClientEventName> = z.infer<(typeof clientEvents)[E]['schema']>;
export type ClientMessage = { [E in ClientEventName]: { event: E; data: ClientPayload<E> } }[ClientEventName];

export function isClientEventName(name: string): name is ClientEventName {
  return Object.hasOwn(clientEvents, name);
}
