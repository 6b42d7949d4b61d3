import type { Rid } from '@tilerealm/protocol';
import type { Player } from '../../core/player';
import { fail, type Feature, type Outcome } from '../../core/registry';
import type { World } from '../../core/world';
import { interact } from '../interaction/interaction';
import { atNpc } from '../interaction/targets';
import { openInterface } from '../bank/interface';
import { isOutcome, requireInterface } from '../bank/interface-feature';
import { chebyshev } from '../combat/combatants';
import { questCompleted } from '../quests/state';
import { syncCoins } from './pouch';
import { restock, restoreStock, SHOPS, shopView, type Shop } from './stock';
import { buy, sell } from './trade';
import { isDying } from '../death/state';

/**
 * Why `p` may not trade with `shop` yet (a store with `requiredQuestId` opens only once that quest
 * is completed: `quest_required`), or undefined when it may.
 */
export function shopLock(world: World, p: Player, shop: Shop): Outcome | undefined {
  const questId = shop.def.requiredQuestId;
  if (questId === undefined || questCompleted(p, questId)) return undefined;
  const quest = world.content.quests.get(questId)?.name ?? questId;
  return fail('quest_required', `${shop.def.name} only trades with those who have completed ${quest}`);
}

/** Opens `shop` where the player stands and sends its stock (an NPC's dialogue or `openShop`). */
export function showShop(world: World, p: Player, shop: Shop): Outcome {
  openInterface(world, p, { kind: 'shop', storeId: shop.def.id, x: p.x, z: p.z });
  world.send(p.id, 'shop:update', shopView(world, shop));
  return { ok: true, result: { interface: 'shop', storeId: shop.def.id } };
}

/**
 * `player:action` `openShop`: walks next to the shopkeeper, then opens its shop. The NPC's
 * npcs.json id must be a store's `ownerNpcId`; an owner of several stores opens the first one the
 * player may open (a store with `requiredQuestId` only once that quest is completed).
 *
 * The spec opens shops through the shopkeeper's dialogue (features/dialogue, the `open_shop`
 * effect); this action is the direct way (docs/bank-and-shops.md).
 */
export function requestOpenShop(world: World, p: Player, npcId: string, rid: Rid | undefined): Outcome {
  if (isDying(p)) return fail('dead', 'you are dying');
  const n = world.npcs.get(npcId);
  if (!n?.alive || chebyshev(p.x, p.z, n.x, n.z) > world.settings.viewDistance)
    return fail('target_gone', 'there is no such shopkeeper in sight');
  const owned = [...SHOPS.of(world).values()].filter((s) => s.def.ownerNpcId === n.def.id);
  const shop = owned.find((s) => shopLock(world, p, s) === undefined);
  if (!shop) {
    const locked = owned[0];
    if (!locked) return fail('target_gone', `${n.name} does not keep a shop`);
    return shopLock(world, p, locked) ?? fail('target_gone', `${n.name} does not keep a shop`);
  }
  const opens = { kind: 'shop' as const, storeId: shop.def.id, x: p.x, z: p.z };
  return interact(
    world,
    p,
    { ...atNpc(npcId, n.name), opens, arrive: (w, pl) => showShop(w, pl, shop) },
    rid,
  );
}

/** The shop the player has open, or why there is none. */
function openShop(world: World, p: Player): Shop | Outcome {
  const open = requireInterface(world, p, 'shop');
  if (isOutcome(open)) return open;
  return SHOPS.of(world).get(open.storeId) ?? fail('interface_not_open', 'that shop is gone');
}

/**
 * Shops (stores.json): `openShop`, `shop:buy` and `shop:sell` with prices that respond to stock
 * (pricing.ts), restocking in the world phase and persisted stock (stock.ts); and the coin pouch's
 * `player:coins` in the sync phase, since shops are where money changes hands most.
 */
export const shopsFeature: Feature = {
  name: 'shops',
  register(r) {
    r.worldSlot(SHOPS);
    r.action('openShop', (world, player, data, rid) => requestOpenShop(world, player, data.npcId, rid));
    r.on('shop:buy', (world, player, data) => {
      const shop = openShop(world, player);
      return 'ok' in shop ? shop : buy(world, player, shop, data.itemId, data.quantity);
    });
    r.on('shop:sell', (world, player, data) => {
      const shop = openShop(world, player);
      return 'ok' in shop ? shop : sell(world, player, shop, data.slot, data.quantity);
    });
    r.persist('storeStock', { restore: restoreStock });
    r.init((world) => void SHOPS.of(world));
    r.phase('world', restock);
    r.perPlayer('sync', syncCoins);
  },
};
