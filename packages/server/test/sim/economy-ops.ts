/**
 * The players and random actions of the economy property test (economy.property.test.ts): four
 * players with tools, materials, coins, a bank and weapons, spots to teleport to near Oakhaven's
 * bank, the shops, trees, rocks, fishing spots, stations and monsters, and one `Op` shape that
 * becomes any request the economy offers, aimed at what lies in view.
 */
import {
  clientEvents,
  EQUIP_SLOTS,
  type ClientEventName,
  type ClientMessage,
  type ClientPayload,
} from '@tilerealm/protocol';
import fc from 'fast-check';
import type { Player } from '../../src/sim/core/player';
import type { Command, PlayerRecord } from '../../src/sim/core/types';
import type { World } from '../../src/sim/core/world';
import { visibleTo } from '../../src/sim/features/ground-items/types';
import { MAX_STACK } from '../../src/sim/items/types';
import { findRecipe, stationOffers } from '../../src/sim/features/processing/recipes';
import { SHOPS } from '../../src/sim/features/shops/stock';
import { record } from './test-world';
import { tradeCommand } from './trade-ops';
import { GROUND_ITEMS } from '../../src/sim/features/ground-items/state';
import { OBJECTS } from '../../src/sim/features/objects/state';
import { DEATHS } from '../../src/sim/features/death/custody';
import { INTERFACE } from '../../src/sim/features/bank/interface';

export const PLAYERS = ['p0', 'p1', 'p2', 'p3'];

/** Where a teleport puts a player (the nearest walkable tile). */
export const SPOTS = [
  [-10, -8], // Oakhaven bank booths
  [6, -9], // Marla's general store
  [-1, 15], // cooking range
  [-9, 9], // furnace and anvil, Bram's and Hilda's shops
  [-19, 19], // a tree
  [-20, 12], // an oak
  [-50, 11], // copper and tin rocks
  [-41, 24], // Thorgrim's shop, Ironridge furnace and anvil
  [-44, -31], // Mirror Lake fishing spots and willows, Finn's shop
  [-3, -40], // goblins
  [14, 40], // chickens
  [0, -85], // the Wilds, where players may fight (and a PvP death drops the loot for the killer)
] as const;
const BANK_SPOTS = [0];
const SHOP_SPOTS = [1, 3, 7, 8];
const RESOURCE_SPOTS = [4, 5, 6, 8];
const STATION_SPOTS = [2, 3, 7];

const KIT: Array<[string, number]> = [
  ['bronze_axe', 1],
  ['bronze_pickaxe', 1],
  ['small_fishing_net', 1],
  ['fishing_rod', 1],
  ['tinderbox', 1],
  ['hammer', 1],
  ['fishing_bait', 20],
  ['logs', 1],
  ['oak_logs', 1],
  ['raw_shrimps', 1],
  ['copper_ore', 1],
  ['tin_ore', 1],
  ['bronze_bar', 1],
  ['bronze_bar', 1],
  ['shrimps', 1],
  ['bread', 1],
];

/**
 * Player `i` on (x, z): level 30 everywhere, a kit of tools and materials, coins, a bank, weapons.
 * Some start at the limits: p0's arrows and p2's coin pouch near the largest stack, p1's bank
 * stack of oak logs too, p3's inventory full.
 */
export function recordOf(i: number, at: { x: number; z: number }): PlayerRecord {
  const r = record(PLAYERS[i] ?? 'p', at.x, at.z);
  for (const s of Object.keys(r.skills) as Array<keyof typeof r.skills>)
    r.skills[s] = { level: 30, xp: 13_363 };
  r.health = 300;
  r.coins = [300, 1000, MAX_STACK - 100, 5000][i] ?? 0;
  const kit = KIT.slice(i);
  while (i === 3 && kit.length < 28) kit.push(['bones', 1]);
  r.inventory = kit.map(([itemId, quantity], slot) => ({ slot, itemId, quantity }));
  r.equipment =
    i % 2 === 0
      ? [
          { slot: 'weapon', itemId: 'shortbow', quantity: 1 },
          { slot: 'ammo', itemId: 'bronze_arrow', quantity: i === 0 ? MAX_STACK - 10 : 40 },
        ]
      : [{ slot: 'weapon', itemId: 'bronze_sword', quantity: 1 }];
  r.bank = [
    { slot: 0, itemId: 'coins', quantity: 200 },
    { slot: 1, itemId: 'oak_logs', quantity: i === 1 ? MAX_STACK - 2 : 5 },
  ];
  return r;
}

/** The actions, with their weights. */
const KINDS = {
  tele: 3,
  move: 2,
  gather: 5,
  drop: 2,
  pickup: 3,
  bank: 3,
  deposit: 3,
  withdraw: 3,
  depositAll: 1,
  shop: 3,
  buy: 4,
  sell: 4,
  fire: 3,
  make: 3,
  useOn: 2,
  eat: 1,
  equip: 1,
  unequip: 1,
  attack: 2,
  pvp: 1,
  die: 1,
  reclaim: 1,
  close: 1,
  trade: 12,
} as const;
type Kind = keyof typeof KINDS;

/** One player's action; `pick` and `quantity` choose among what there is (modulo its count). */
export interface Op {
  kind: Kind;
  player: number;
  pick: number;
  quantity: number;
}

const kinds = Object.keys(KINDS) as Kind[];
/** Ops with the kinds weighted as given (default: {@link KINDS}); kinds left out never happen. */
export function opsWeighted(weights: Partial<Record<Kind, number>> = KINDS): fc.Arbitrary<Op> {
  const chosen = kinds.filter((k) => (weights[k] ?? 0) > 0);
  return fc.record({
    kind: fc.oneof(...chosen.map((k) => ({ arbitrary: fc.constant(k), weight: weights[k] ?? 0 }))),
    player: fc.integer({ min: 0, max: PLAYERS.length - 1 }),
    pick: fc.nat(1000),
    quantity: fc.oneof(
      { arbitrary: fc.integer({ min: 1, max: 5 }), weight: 6 },
      { arbitrary: fc.integer({ min: 1, max: 100 }), weight: 2 },
      { arbitrary: fc.constant(MAX_STACK), weight: 1 },
    ),
  });
}
export const opArbitrary: fc.Arbitrary<Op> = opsWeighted();

/** A request as the transport hands it to the world, checked against the protocol's schema. */
export function client<E extends ClientEventName>(
  playerId: string,
  event: E,
  data: ClientPayload<E>,
): Command {
  clientEvents[event].schema.parse(data);
  return { type: 'client', playerId, rid: 1, message: { event, data } as ClientMessage };
}
export const nth = <T>(list: readonly T[], i: number): T | undefined => list[i % Math.max(1, list.length)];
const near = (p: Player, o: { x: number; z: number }, r: number) =>
  Math.max(Math.abs(o.x - p.x), Math.abs(o.z - p.z)) <= r;

export function walkableNear(world: World, x: number, z: number): { x: number; z: number } {
  for (let r = 0; r <= 6; r++)
    for (let dx = -r; dx <= r; dx++)
      for (let dz = -r; dz <= r; dz++)
        if (world.map.isWalkable(x + dx, z + dz)) return { x: x + dx, z: z + dz };
  throw new Error(`no walkable tile near ${x},${z}`);
}

/** Moves a player at once, between ticks, to the walkable tile nearest (x, z), as the admin /tele does. */
function place(world: World, p: Player, x: number, z: number): void {
  const at = walkableNear(world, x, z);
  p.path = [];
  p.x = at.x;
  p.z = at.z;
  world.spatial.set(p.idx, p.x, p.z);
}
/** Puts `p` on a walkable tile next to `other` (both can then trade). */
export function placeBeside(world: World, p: Player, other: Player): void {
  place(world, p, other.x + 1, other.z);
}
const teleport = (world: World, p: Player, spot: number) => {
  const [x, z] = nth(SPOTS, spot) ?? [0, 0];
  place(world, p, x, z);
};

/** What the player sees: objects, stations and living NPCs within view distance. */
function inView(world: World, p: Player) {
  const view = world.settings.viewDistance;
  const objects = [...OBJECTS.of(world).all()].filter((x) => near(p, x, view));
  const npcs = [...world.npcs.values()].filter((n) => n.alive && near(p, n, view));
  return { objects, stations: objects.filter((x) => x.kind === 'station'), npcs };
}

/**
 * The ids of the things `find` picks in the player's view; when there are none the player is first
 * teleported to one of `spots`, so most actions find something to act on.
 */
function targets(
  world: World,
  p: Player,
  spots: readonly number[],
  pick: number,
  find: (v: ReturnType<typeof inView>) => Array<{ id: string }>,
): string[] {
  const found = find(inView(world, p));
  if (found.length > 0) return found.map((x) => x.id);
  teleport(world, p, nth(spots, pick) ?? 0);
  return find(inView(world, p)).map((x) => x.id);
}
const banks = (v: ReturnType<typeof inView>) => [
  ...v.objects.filter((x) => x.defId.startsWith('bank_')),
  ...v.npcs.filter((n) => n.def.id.startsWith('banker_')),
];
const resources = (v: ReturnType<typeof inView>) => v.objects.filter((x) => x.kind === 'resource');

/** A recipe the station offers (any recipe when none, to be refused). */
function recipeAt(world: World, stationDefId: string | undefined, pick: number): string {
  const { cooking, smelting, smithing } = world.content.recipes;
  const ids = [...cooking.keys(), ...smelting.recipes.keys(), ...smithing.recipes.keys()];
  const offered = ids.filter((id) => {
    const recipe = findRecipe(world.content, id);
    return stationDefId !== undefined && recipe && stationOffers(world.content, recipe, stationDefId);
  });
  return nth(offered.length > 0 ? offered : ids, pick) ?? 'cook_shrimps';
}

/** The request of one op (teleports, alone or before opening a bank or shop, happen at once). */
export function command(world: World, o: Op): Command | undefined {
  const id = PLAYERS[o.player] ?? 'p0';
  const p = world.players.get(id);
  if (!p) return undefined;
  const inv = p.inventory.entries();
  const slot = nth(inv, o.pick)?.slot ?? o.pick % 28;
  const slotOf = (ok: (itemId: string) => boolean) => inv.find((r) => ok(r.itemId))?.slot;
  const v = inView(world, p);
  const view = world.settings.viewDistance;
  const owners = new Set([...world.content.stores.values()].map((s) => s.ownerNpcId));
  switch (o.kind) {
    case 'tele':
      teleport(world, p, o.pick);
      return undefined;
    case 'move':
      return client(id, 'player:move', { x: p.x + (o.pick % 13) - 6, z: p.z + (o.quantity % 13) - 6 });
    case 'gather': {
      const objectId = nth(targets(world, p, RESOURCE_SPOTS, o.pick, resources), o.quantity);
      return client(id, 'player:action', { action: 'gather', objectId: objectId ?? 'oakhaven:r0' });
    }
    case 'drop':
      return client(id, 'inventory:drop', o.pick % 3 === 0 ? { slot } : { slot, quantity: o.quantity });
    case 'pickup': {
      const piles = [...GROUND_ITEMS.of(world).all()].filter(
        (g) => visibleTo(g, id, world.tick) && near(p, g, view),
      );
      return client(id, 'player:action', { action: 'pickup', groundItemId: nth(piles, o.pick)?.id ?? 'g1' });
    }
    case 'bank': {
      const targetId = nth(targets(world, p, BANK_SPOTS, o.pick, banks), o.pick);
      return client(id, 'player:action', { action: 'openBank', targetId: targetId ?? 'oakhaven:s0' });
    }
    case 'deposit':
      return client(id, 'bank:deposit', { slot, quantity: o.quantity });
    case 'withdraw': {
      const bankSlot = nth(p.bank.entries(), o.pick)?.slot ?? 0;
      return client(id, 'bank:withdraw', { bankSlot, quantity: o.quantity });
    }
    case 'depositAll':
      return client(id, 'bank:depositAll', { from: o.pick % 2 === 0 ? 'inventory' : 'equipment' });
    case 'shop': {
      const keepers = targets(world, p, SHOP_SPOTS, o.pick, (w) =>
        w.npcs.filter((n) => owners.has(n.def.id)),
      );
      return client(id, 'player:action', { action: 'openShop', npcId: nth(keepers, o.quantity) ?? 'none' });
    }
    case 'buy': {
      const at = INTERFACE.of(p).open;
      const open = at?.kind === 'shop' ? SHOPS.of(world).get(at.storeId) : undefined;
      const itemId = nth([...(open?.stock.keys() ?? ['logs'])], o.pick) ?? 'logs';
      return client(id, 'shop:buy', { itemId, quantity: o.quantity });
    }
    case 'sell': {
      // Half the time an item the open shop buys.
      const at = INTERFACE.of(p).open;
      const open = at?.kind === 'shop' ? SHOPS.of(world).get(at.storeId) : undefined;
      const buys = (i: string) => open !== undefined && (open.def.buysAnything || open.listed.has(i));
      const wanted = o.pick % 2 === 0 ? inv.filter((r) => buys(r.itemId)) : [];
      return client(id, 'shop:sell', { slot: nth(wanted, o.quantity)?.slot ?? slot, quantity: o.quantity });
    }
    case 'fire': {
      const fm = world.content.recipes.firemaking;
      const logs = new Set([...fm.recipes.values()].map((r) => r.logItemId));
      const tinderbox = slotOf((i) => i === fm.toolItemId) ?? slot;
      const log = slotOf((i) => logs.has(i)) ?? (slot + 1) % 28;
      const [a, b] = o.pick % 2 === 0 ? [tinderbox, log] : [log, tinderbox];
      return client(id, 'inventory:use', { slot: a, targetSlot: b });
    }
    case 'make': {
      const stationId = nth(
        targets(world, p, STATION_SPOTS, o.pick, (w) => w.stations),
        o.quantity,
      );
      const station = stationId === undefined ? undefined : OBJECTS.of(world).get(stationId);
      const recipeId = recipeAt(world, station?.defId, o.quantity);
      const quantity = 1 + (o.quantity % 28);
      const objectId = station?.id ?? 'oakhaven:s5';
      return client(id, 'player:action', { action: 'make', recipeId, objectId, quantity });
    }
    case 'useOn':
      return client(id, 'inventory:use', {
        slot,
        targetId: nth(v.stations, o.quantity)?.id ?? 'oakhaven:s5',
      });
    case 'eat':
      return client(id, 'inventory:use', { slot: slotOf((i) => Boolean(world.itemLookup(i)?.food)) ?? slot });
    case 'equip':
      return client(id, 'equipment:equip', { inventorySlot: slot });
    case 'unequip':
      return client(id, 'equipment:unequip', { slot: nth(EQUIP_SLOTS, o.pick) ?? 'weapon' });
    case 'attack': {
      const target = nth(
        v.npcs.filter((n) => n.def.attackable && n.def.combat),
        o.pick,
      );
      return client(id, 'player:action', { action: 'attack', targetId: target?.id ?? 'none' });
    }
    case 'pvp': {
      // Both players into the Wilds, side by side, and one attacks the other.
      const other = world.players.get(PLAYERS[(o.player + 1 + (o.pick % 3)) % PLAYERS.length] ?? '');
      if (!other || other === p) return undefined;
      const [x, z] = SPOTS[SPOTS.length - 1] ?? [0, -85];
      place(world, p, x, z);
      place(world, other, p.x + 1, p.z);
      return client(id, 'player:action', { action: 'attack', targetId: other.id });
    }
    case 'die':
      // Now and then (deaths take most of what a player carries): the players are administrators
      // (elevated at login), and /hit deals the damage.
      return o.pick % 3 === 0 ? client(id, 'player:chat', { message: `/hit ${p.health}` }) : undefined;
    case 'reclaim': {
      const grave = nth(DEATHS.of(world).gravestonesOf(id), o.pick);
      // Next to the gravestone, or (half the time) from wherever the player is.
      if (grave && o.quantity % 2 === 0) place(world, p, grave.x + 1, grave.z);
      return client(id, 'player:action', { action: 'reclaim', gravestoneId: grave?.id ?? 'none' });
    }
    case 'close':
      return client(id, 'player:action', { action: 'closeInterface' });
    case 'trade':
      return tradeCommand(world, o);
  }
}
