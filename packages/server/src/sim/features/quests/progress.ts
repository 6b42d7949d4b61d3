/**
 * The quest rules: starting a quest, completing its stages in order, and finishing it with its
 * rewards. Stages of kind `dialogue` and `deliver` complete through an NPC's dialogue effect
 * `advance_quest` (the dialogue takes the delivered items in the same transaction); the others
 * complete on their own at the end of the tick their objective is met (see
 * {@link checkObjectives}): `kill` and `interact` count credited kills and uses made while the
 * stage is current, `light_fire`, `make`, `bank_deposit` and `shop_buy` count the deeds the other
 * features tell of (core/deeds.ts, {@link creditDeed}), `gather` holds when the inventory carries
 * `count` of the item (however it got there), `reach_area` when the player stands in the area,
 * `reach_tile` within the radius of the tile.
 */
import type { Deed } from '../../core/deeds';
import type { QuestDef, QuestStage } from '../../../content/schemas/quests';
import type { Player } from '../../core/player';
import { fail, OK, type Outcome } from '../../core/registry';
import type { QuestProgressState } from '../../core/types';
import type { World } from '../../core/world';
import { sendJournal } from './events';
import { planRewards } from './rewards';
import { counterOf, currentStage, missingRequirements, QUESTS, statusIn } from './state';
import { PlayerTx } from './tx';
import { isDying } from '../death/state';

/** Starts `questId` in `tx` when its requirements are met and it was never started. */
export function startQuest(world: World, tx: PlayerTx, questId: string): Outcome {
  const def = world.content.quests.get(questId);
  if (!def) return fail('quest_requirements_not_met', `there is no quest ${questId} in this world`);
  const status = statusIn(tx.quests, questId);
  if (status !== 'not_started')
    return fail(
      'quest_already_started',
      `you have already ${status === 'completed' ? 'completed' : 'started'} ${def.name}`,
    );
  const missing = missingRequirements(world, tx.player, def, tx.quests, tx.questPoints);
  if (missing.length > 0)
    return fail('quest_requirements_not_met', `to start ${def.name} you need ${missing.join(', ')}`);
  tx.quests.set(questId, { questId, stage: 0, status: 'in_progress', data: {} });
  tx.questChanged();
  tx.then(() => systemMessage(world, tx.player, `You have started ${def.name}.`));
  return OK;
}

/** Completes stage `fromStage` of `questId` in `tx`; `quest_not_at_stage` unless it is the current one. */
export function advanceQuest(world: World, tx: PlayerTx, questId: string, fromStage: string): Outcome {
  const def = world.content.quests.get(questId);
  const q = tx.quests.get(questId);
  if (!def || !q || currentStage(def, q)?.id !== fromStage)
    return fail(
      'quest_not_at_stage',
      `${def?.name ?? questId} is not at the stage "${fromStage}" for you (progress: ${statusIn(tx.quests, questId)})`,
    );
  return completeStage(tx, def, q);
}

/**
 * Completes the current stage of `q` (the transaction's copy): the next stage starts with fresh
 * counters, or after the last one the quest completes and its rewards are planned.
 */
function completeStage(tx: PlayerTx, def: QuestDef, q: QuestProgressState): Outcome {
  q.stage += 1;
  q.data = {};
  tx.questChanged();
  if (q.stage < def.stages.length) return OK;
  q.status = 'completed';
  return planRewards(tx, def);
}

function systemMessage(world: World, p: Player, message: string): void {
  world.send(p.id, 'chat:message', { tick: world.tick, channel: 'system', from: null, message });
}

/**
 * Adds what `units` says (`true` is one, `false` or 0 nothing) to the counter of every current stage of `p`,
 * up to its `count`; the journal shows it.
 */
function count(world: World, p: Player, units: (stage: QuestStage) => number | boolean): void {
  let changed = false;
  for (const q of QUESTS.of(p).book.values()) {
    const def = world.content.quests.get(q.questId);
    const stage = def ? currentStage(def, q) : undefined;
    if (!stage || !('count' in stage) || counterOf(q) >= stage.count) continue;
    const n = Number(units(stage));
    if (n <= 0) continue;
    q.data = { ...q.data, count: Math.min(stage.count, counterOf(q) + n) };
    changed = true;
  }
  if (changed) sendJournal(world, p);
}

/** An NPC's death was credited to `playerId` (its top damager): counts for a current kill stage. */
export function creditKill(world: World, playerId: string, npcDefId: string): void {
  const p = world.players.get(playerId);
  if (p) count(world, p, (s) => s.kind === 'kill' && s.npcId === npcDefId);
}

/**
 * The player used a station (praying at an altar, smelting at a furnace) or a resource (a
 * successful gather): counts for a current interact stage naming it.
 */
export function creditInteraction(
  world: World,
  p: Player,
  target: { type: 'station' | 'resource'; id: string },
): void {
  count(world, p, (s) => s.kind === 'interact' && s.target.type === target.type && s.target.id === target.id);
}

const matches = (want: string | undefined, got: string | undefined) => want === undefined || want === got;

/** How many units a deed adds to a stage: 0 when it does not count for it. */
export function deedUnits(stage: QuestStage, deed: Deed): number {
  switch (deed.type) {
    case 'fire_lit':
      return stage.kind === 'light_fire' && matches(stage.itemId, deed.itemId) ? 1 : 0;
    case 'made':
      return stage.kind === 'make' &&
        stage.recipeKind === deed.recipeKind &&
        matches(stage.recipeId, deed.recipeId) &&
        matches(stage.itemId, deed.itemId)
        ? 1
        : 0;
    case 'bank_deposit':
      return stage.kind === 'bank_deposit' && matches(stage.itemId, deed.itemId) ? deed.quantity : 0;
    case 'shop_buy':
      return stage.kind === 'shop_buy' &&
        matches(stage.storeId, deed.storeId) &&
        matches(stage.itemId, deed.itemId)
        ? deed.quantity
        : 0;
  }
}

/** A deed of `p` (core/deeds.ts): counts for the current stages it advances. */
export function creditDeed(world: World, p: Player, deed: Deed): void {
  count(world, p, (s) => deedUnits(s, deed));
}

/** Whether the objective of a stage that completes on its own is met now. */
function objectiveMet(world: World, p: Player, q: QuestProgressState, stage: QuestStage): boolean {
  switch (stage.kind) {
    case 'kill':
    case 'interact':
    case 'light_fire':
    case 'make':
    case 'bank_deposit':
    case 'shop_buy':
      return counterOf(q) >= stage.count;
    case 'gather':
      return p.inventory.count(stage.itemId) >= stage.count;
    case 'reach_area':
      return world.map.areaAt(p.x, p.z)?.id === stage.areaId;
    case 'reach_tile':
      return Math.max(Math.abs(p.x - stage.x), Math.abs(p.z - stage.z)) <= stage.radius;
    case 'dialogue':
    case 'deliver':
      return false;
  }
}

/**
 * Quests whose last stage is met but whose rewards found no room, per player, with the state of
 * the inventory, bank and pouch at that try: tried again (and the player told again) only once
 * one of them changed.
 */
const stuck = new WeakMap<Player, Map<string, string>>();
const roomKey = (p: Player) => `${p.inventory.version}:${p.bank.version}:${p.coins}`;

/** The first quest of `p` whose current stage completes on its own now. */
function nextMet(world: World, p: Player): QuestDef | undefined {
  for (const q of QUESTS.of(p).book.values()) {
    const def = world.content.quests.get(q.questId);
    const stage = def ? currentStage(def, q) : undefined;
    if (!def || !stage || stuck.get(p)?.get(def.id) === roomKey(p)) continue;
    if (objectiveMet(world, p, q, stage)) return def;
  }
  return undefined;
}

/**
 * World phase: completes every stage whose objective is met (several in a row when the next one
 * is met too), each in its own transaction saved at once. A last stage whose rewards do not fit
 * even in the bank waits, and the player is told; it is tried again once the inventory, bank or
 * pouch changed.
 */
export function checkObjectives(world: World, p: Player): void {
  if (isDying(p) || QUESTS.of(p).book.size === 0) return;
  for (let guard = 0; guard < 64; guard++) {
    const def = nextMet(world, p);
    if (!def) break;
    const tx = new PlayerTx(world, p);
    const q = tx.quests.get(def.id);
    const done = q ? completeStage(tx, def, q) : fail('quest_not_at_stage', 'no progress');
    if (done.ok) {
      tx.commit();
      stuck.get(p)?.delete(def.id);
      continue;
    }
    const map = stuck.get(p) ?? new Map<string, string>();
    map.set(def.id, roomKey(p));
    stuck.set(p, map);
    systemMessage(world, p, done.message);
  }
}
