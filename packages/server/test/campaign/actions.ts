/**
 * The economy actions of the campaign's players, each through the public protocol only (admin
 * commands place players and deal the hits that kill them; they create no item). Every step
 * checks the action's abort signal, so an action past its deadline stops sending.
 */
import type { ServerEventName, ServerPayload } from '@tilerealm/protocol';
import { GameError } from '@tilerealm/sdk';
import type { CampaignBot, Control } from './bots';
import type { Tile, WorldFacts } from './world-facts';

export type ActionKind = 'trade' | 'bank' | 'shop' | 'drop' | 'pickup' | 'die' | 'pvp' | 'reclaim';

export interface Act {
  bot: CampaignBot;
  partner: CampaignBot | undefined;
  facts: WorldFacts;
  ctl: Control;
  signal: AbortSignal;
}

/** How long one awaited event may take (ticks are fast in tests; this is many ticks). */
const WAIT_MS = 10_000;

function check(signal: AbortSignal): void {
  if (signal.aborted) throw new Error('action deadline passed');
}

const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** A chat command; on the chat limit (5 per 10 ticks) it waits for the ticks to pass and tries again. */
async function command(a: Act, who: CampaignBot, text: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    check(a.signal);
    try {
      await who.client.request('player:chat', { message: text });
      return;
    } catch (err) {
      if (!(err instanceof GameError && err.code === 'chat_rate_limited') || attempt >= 5) throw err;
      await ticksPass(a, who, 11);
    }
  }
}

/** Resolves once the server's tick is `n` past the current one (asked with pings, a round trip each). */
async function ticksPass(a: Act, who: CampaignBot, n: number): Promise<void> {
  const first = (await who.client.request('ping', { t: 0 })).tick;
  for (let i = 0; i < 200; i++) {
    check(a.signal);
    if ((await who.client.request('ping', { t: i })).tick >= first + n) return;
  }
}

async function teleport(a: Act, who: CampaignBot, t: Tile): Promise<void> {
  await command(a, who, `/tele ${t.x} ${t.z}`);
}

/** The next `event` on `who` matching `predicate`, subscribed now (call before the step that causes it). */
function expect<E extends ServerEventName>(
  who: CampaignBot,
  event: E,
  predicate?: (d: ServerPayload<E>) => boolean,
  ms = WAIT_MS,
): Promise<ServerPayload<E>> {
  const p = who.client.waitFor(event, predicate, ms);
  p.catch(() => undefined);
  return p;
}

const inventory = (who: CampaignBot) => who.sdk?.world.player?.inventory ?? [];

/** Two players side by side on the plaza trade: items and coins both ways, both screens accepted. */
async function trade(a: Act): Promise<string> {
  const { bot: A, partner: B, facts } = a;
  if (!B) return 'no_partner';
  const at = a.bot.rng.pick(facts.plaza) ?? facts.plaza[0];
  if (!at) return 'no_tile';
  await teleport(a, A, at);
  await teleport(a, B, { x: at.x + 1, z: at.z });
  await A.client.request('player:requestSync', {});
  await B.client.request('player:requestSync', {});
  check(a.signal);
  const incoming = expect(B, 'tradeIncoming', (e) => e.fromPlayerId === A.id);
  await A.client.request('tradeRequest', { targetPlayerId: B.id });
  const { tradeId } = await incoming;
  try {
    const startedA = expect(A, 'tradeStarted', (e) => e.tradeId === tradeId);
    const startedB = expect(B, 'tradeStarted', (e) => e.tradeId === tradeId);
    await B.client.request('tradeRequestRespond', { tradeId, accept: true });
    await Promise.all([startedA, startedB]);
    let offered = 0;
    for (const side of [A, B]) {
      const stacks = [...inventory(side)];
      for (let k = side.rng.int(0, 2); k > 0 && stacks.length > 0; k--) {
        check(a.signal);
        const s = stacks.splice(side.rng.int(0, stacks.length - 1), 1)[0];
        if (!s) break;
        const quantity = facts.stackable(s.itemId) ? side.rng.int(1, s.quantity) : 1;
        await side.client.request('tradeAddItem', { tradeId, inventorySlot: s.slot, quantity });
        offered++;
      }
      const coins = side.sdk?.world.player?.coins ?? 0;
      if (coins > 0 && (side.rng.chance(0.5) || offered === 0)) {
        await side.client.request('tradeAddCoins', {
          tradeId,
          quantity: side.rng.int(1, Math.min(coins, 15)),
        });
        offered++;
      }
    }
    if (offered === 0) throw new Error('nothing to offer');
    check(a.signal);
    const confirmA = expect(A, 'tradeConfirmScreen', (e) => e.tradeId === tradeId);
    const confirmB = expect(B, 'tradeConfirmScreen', (e) => e.tradeId === tradeId);
    await A.client.request('tradeAccept', { tradeId });
    await B.client.request('tradeAccept', { tradeId });
    await Promise.all([confirmA, confirmB]);
    check(a.signal);
    const doneA = expect(A, 'tradeCompleted', (e) => e.tradeId === tradeId);
    const doneB = expect(B, 'tradeCompleted', (e) => e.tradeId === tradeId);
    await A.client.request('tradeAccept', { tradeId });
    await B.client.request('tradeAccept', { tradeId });
    await Promise.all([doneA, doneB]);
    return 'completed';
  } catch (err) {
    if (A.online) await A.client.request('tradeCancel', { tradeId }).catch(() => undefined);
    throw err;
  }
}

/** At a bank booth: deposit or withdraw a random stack (deposits when the inventory fills up). */
async function bank(a: Act): Promise<string> {
  const { bot, facts } = a;
  const booth = bot.rng.pick(facts.banks);
  if (!booth) return 'no_bank';
  await teleport(a, bot, booth.at);
  const update = expect(bot, 'bank:update');
  await bot.client.request('player:action', { action: 'openBank', targetId: booth.booth });
  const slots = bot.sdk?.world.bank ?? (await update).slots;
  let done = 'nothing';
  for (let n = bot.rng.int(1, 2); n > 0; n--) {
    check(a.signal);
    const inv = inventory(bot);
    const banked = bot.sdk?.world.bank ?? slots;
    const deposit = inv.length > 0 && (banked.length === 0 || inv.length > 20 || bot.rng.chance(0.5));
    if (deposit) {
      const s = bot.rng.pick(inv);
      if (!s) break;
      const quantity = facts.stackable(s.itemId) ? bot.rng.int(1, s.quantity) : 1;
      await bot.client.request('bank:deposit', { slot: s.slot, quantity });
      done = 'deposited';
    } else {
      const s = bot.rng.pick(banked);
      if (!s) break;
      await bot.client.request('bank:withdraw', { bankSlot: s.slot, quantity: bot.rng.int(1, s.quantity) });
      done = 'withdrew';
    }
  }
  await bot.client.request('player:action', { action: 'closeInterface' }).catch(() => undefined);
  return done;
}

/** At the general store: buy or sell one of the campaign's shop items. */
async function shop(a: Act): Promise<string> {
  const { bot, facts } = a;
  await teleport(a, bot, facts.shopAt);
  const world = bot.sdk?.world;
  if (!world) return 'offline';
  const keeper = () => world.nearestEntity((e) => e.npcId === facts.shop.npcId);
  if (!keeper()) await bot.client.request('player:requestSync', {});
  if (!keeper()) await expect(bot, 'world:update', () => keeper() !== undefined);
  const npc = keeper();
  if (!npc) return 'no_shopkeeper';
  await bot.client.request('player:action', { action: 'openShop', npcId: npc.id }, { timeoutMs: 20_000 });
  check(a.signal);
  const held = inventory(bot).filter((s) => facts.shopItems.includes(s.itemId));
  const sell = held.length > 0 && (bot.rng.chance(0.5) || (world.player?.coins ?? 0) < 20);
  try {
    if (sell) {
      const s = bot.rng.pick(held);
      if (!s) return 'nothing';
      const units = facts.stackable(s.itemId) ? bot.rng.int(1, s.quantity) : 1;
      await bot.client.request('shop:sell', { slot: s.slot, quantity: units });
      return 'sold';
    }
    const itemId = bot.rng.pick(facts.shopItems);
    if (!itemId) return 'nothing';
    const units = facts.stackable(itemId) ? bot.rng.int(1, 5) : 1;
    await bot.client.request('shop:buy', { itemId, quantity: units });
    return 'bought';
  } finally {
    if (bot.online)
      await bot.client.request('player:action', { action: 'closeInterface' }).catch(() => undefined);
  }
}

/** Drops a random stack on a plaza tile; sometimes picks it straight up again, else leaves it to whoever comes. */
async function drop(a: Act): Promise<string> {
  const { bot, facts, ctl } = a;
  const at = bot.rng.pick(facts.plaza);
  const s = bot.rng.pick(inventory(bot));
  if (!at || !s) return 'nothing';
  await teleport(a, bot, at);
  const quantity = facts.stackable(s.itemId) ? bot.rng.int(1, s.quantity) : 1;
  const ack = await bot.client.request('inventory:drop', { slot: s.slot, quantity });
  const id = str(ack.result?.['groundItemId']);
  if (!id) return 'dropped_without_id';
  ctl.journal.dropped(ctl.incarnation, bot.client.tick, bot.id, {
    id,
    itemId: str(ack.result?.['itemId']) ?? s.itemId,
    quantity: num(ack.result?.['quantity']) ?? quantity,
  });
  if (!bot.rng.chance(0.4)) return 'dropped';
  await pickUp(a, bot, id);
  return 'dropped_and_took_back';
}

async function pickUp(a: Act, who: CampaignBot, pileId: string): Promise<boolean> {
  check(a.signal);
  const ack = await who.client.request(
    'player:action',
    { action: 'pickup', groundItemId: pileId },
    { timeoutMs: 20_000 },
  );
  if (ack.result?.['superseded'] === true) return false;
  a.ctl.journal.pickedUp(a.ctl.incarnation, pileId);
  return true;
}

/** Takes a pile the player can see (its own, or anyone's once public), if it has room. */
async function pickup(a: Act): Promise<string> {
  const { bot } = a;
  const piles = [...(bot.sdk?.world.groundItems.values() ?? [])];
  if ((bot.sdk?.world.freeSlots ?? 0) < 1 || piles.length === 0) return 'nothing';
  const pile = bot.rng.pick(piles);
  if (!pile) return 'nothing';
  return (await pickUp(a, bot, pile.id)) ? 'picked_up' : 'superseded';
}

/** Dies on the plaza (an admin hit, a safe death: a gravestone) and reclaims the gravestone. */
async function die(a: Act): Promise<string> {
  const { bot, facts } = a;
  const at = bot.rng.pick(facts.plaza);
  if (!at) return 'nothing';
  await teleport(a, bot, at);
  const died = expect(bot, 'player:died');
  await command(a, bot, '/hit 1000');
  const death = await died;
  if (!death.gravestone) return 'died_nothing_lost';
  return `died_${await reclaimGrave(a, bot, death.gravestone.id)}`;
}

async function reclaimGrave(a: Act, who: CampaignBot, gravestoneId: string): Promise<string> {
  check(a.signal);
  const ack = await who.client.request(
    'player:action',
    { action: 'reclaim', gravestoneId },
    { timeoutMs: 20_000 },
  );
  const remaining = ack.result?.['remaining'];
  return Array.isArray(remaining) && remaining.length > 0 ? 'reclaimed_part' : 'reclaimed';
}

/** Reclaims one of the player's gravestones left from an earlier death (in view of the spawn). */
async function reclaim(a: Act): Promise<string> {
  const grave = a.bot.rng.pick(a.bot.graves);
  if (!grave) return 'nothing';
  await teleport(a, a.bot, a.facts.plaza[0] ?? { x: grave.x, z: grave.z });
  return reclaimGrave(a, a.bot, grave.id);
}

/**
 * A player kill in the PvP area: the victim is brought to 1 life point by an admin hit, the
 * attacker finishes it, the victim's lost items drop for the attacker, who loots what fits.
 */
async function pvp(a: Act): Promise<string> {
  const { bot: victim, partner: attacker, facts } = a;
  const spot = facts.pvp;
  if (!attacker || !spot) return 'no_partner';
  const home = facts.plaza[0] ?? { x: 0, z: 0 };
  try {
    await teleport(a, victim, spot.victim);
    await teleport(a, attacker, spot.attacker);
    const sync = await victim.client.request('player:requestSync', {});
    const health = sync.player.health;
    if (health > 1) await command(a, victim, `/hit ${health - 1}`);
    const died = expect(victim, 'player:died', undefined, 30_000);
    const loot = expect(attacker, 'world:update', (u) => (u.itemsAdded?.length ?? 0) > 0, 30_000);
    await attacker.client.request('player:action', { action: 'attack', targetId: victim.id });
    const death = await died;
    if (!death.droppedForKiller) return 'killed_no_drop';
    await loot;
    let taken = 0;
    for (const pile of [...(attacker.sdk?.world.groundItems.values() ?? [])]) {
      if ((attacker.sdk?.world.freeSlots ?? 0) < 1) break;
      if (await pickUp(a, attacker, pile.id).catch(() => false)) taken++;
    }
    return taken > 0 ? 'killed_looted' : 'killed_not_looted';
  } finally {
    if (attacker.online) {
      await attacker.client.request('player:action', { action: 'stop' }).catch(() => undefined);
      await attacker.client
        .request('player:chat', { message: `/tele ${home.x} ${home.z}` })
        .catch(() => undefined);
    }
    if (victim.online)
      await victim.client
        .request('player:chat', { message: `/tele ${home.x} ${home.z}` })
        .catch(() => undefined);
  }
}

export const ACTIONS: Record<ActionKind, (a: Act) => Promise<string>> = {
  trade,
  bank,
  shop,
  drop,
  pickup,
  die,
  pvp,
  reclaim,
};

/** Actions that need a second player. */
export const PAIRED: ReadonlySet<ActionKind> = new Set(['trade', 'pvp']);
