import type { ServerPayload } from '@tilerealm/protocol';
import { ToolError, dist } from '../results';
import type { GameSession } from '../session';
import { here, nearbyEntities, nearbyObjects } from '../view';

/** Bank stations and bankers (npcs.json ids starting with this open the bank too). */
const BANK_STATIONS = ['bank_booth', 'bank_chest'];
/** Listed at most, of a bank or shop. */
const LIST_MAX = 100;

/**
 * Marks a wait started before the request that triggers its event (so the event cannot be missed)
 * and awaited after it: when the request fails first, the wait is never awaited, and its later
 * timeout must not surface as an unhandled rejection. Awaited, it rejects as usual.
 */
export function waitLater<T>(p: Promise<T>): Promise<T> {
  p.then(settledElsewhere, settledElsewhere);
  return p;
}

function settledElsewhere(): void {
  // The outcome is read where the wait is awaited (see waitLater).
}

/** The open bank, with names. */
export function bankView(s: GameSession): Record<string, unknown> {
  const slots = s.bot.world.bank;
  if (!slots) return { open: false };
  return {
    open: true,
    used: slots.length,
    slots: slots.slice(0, LIST_MAX).map((b) => ({
      bankSlot: b.slot,
      itemId: b.itemId,
      name: s.content.itemName(b.itemId),
      quantity: b.quantity,
    })),
  };
}

/** The open shop, with names. */
export function shopView(s: GameSession): Record<string, unknown> {
  const shop = s.bot.world.shop;
  if (!shop) return { open: false };
  return {
    open: true,
    storeId: shop.storeId,
    name: shop.name,
    items: shop.items.slice(0, LIST_MAX).map((i) => ({ ...i, name: s.content.itemName(i.itemId) })),
  };
}

/**
 * Opens the bank at a booth, chest or banker (by id; default the nearest booth or chest), walking
 * there first when it is far; answers with the bank's contents.
 */
export async function openBankAt(
  s: GameSession,
  targetId: string | undefined,
  timeoutMs: number,
): Promise<Record<string, unknown>> {
  let id = targetId;
  if (id === undefined) {
    const banker = nearbyEntities(s, 15).find((e) => e.actions.includes('bank'));
    const booth = s.content.places.objectsOf(BANK_STATIONS, here(s))[0];
    if (banker) id = banker.id;
    else if (booth) {
      if (dist(booth, here(s)) > 60) await s.bot.actions.walkTo(booth.x, booth.z + 1, { timeoutMs });
      id = booth.id;
    } else throw new ToolError('target_not_found', 'no bank known');
  } else {
    const object = nearbyObjects(s, 400).find((o) => o.id === id);
    if (object && dist(object, here(s)) > 60)
      await s.bot.actions.walkTo(object.x, object.z + 1, { timeoutMs });
  }
  const update = waitLater(s.client.waitFor('bank:update', undefined, timeoutMs));
  await s.bot.actions.openBank(id);
  if (!s.bot.world.bank) await update;
  return bankView(s);
}

/**
 * Opens a shop (by shopkeeper id; default the nearest shopkeeper in view, else walks to the nearest
 * shopkeeper's spawn first); answers with the stock.
 */
export async function openShopOf(
  s: GameSession,
  npcId: string | undefined,
  timeoutMs = s.actionTimeoutMs,
): Promise<Record<string, unknown>> {
  let id = npcId;
  if (id === undefined) {
    const findKeeper = () => nearbyEntities(s, 15).find((e) => e.actions.includes('shop'));
    let keeper = findKeeper();
    if (!keeper) {
      const spawn = s.content.places.spawnsOf([...s.content.shopkeepers.keys()], here(s))[0];
      if (!spawn) throw new ToolError('target_not_found', 'no shopkeeper known');
      await s.bot.actions.walkTo(spawn.x, spawn.z + 1, { timeoutMs });
      keeper = findKeeper();
    }
    if (!keeper) throw new ToolError('target_not_found', 'no shopkeeper in view');
    id = keeper.id;
  }
  const update = waitLater(s.client.waitFor('shop:update', undefined, timeoutMs));
  await s.bot.actions.openShop(id);
  if (!s.bot.world.shop) await update;
  return shopView(s);
}

/** The shown dialogue node in tool form. */
export function dialogueView(node: ServerPayload<'dialogue:node'> | undefined): Record<string, unknown> {
  if (!node) return { open: false };
  return {
    open: true,
    npcId: node.npcId,
    npcName: node.npcName,
    text: node.text,
    options: node.options,
    awaiting: node.awaiting,
    hint:
      node.awaiting === 'choice'
        ? 'answer with dialogue action=choose index=N'
        : 'go on with dialogue action=continue',
  };
}

/** Talks to an NPC and answers with its first line. */
export async function talkTo(s: GameSession, npcId: string): Promise<Record<string, unknown>> {
  const node = await s.bot.actions.talk(npcId);
  return dialogueView(node);
}
