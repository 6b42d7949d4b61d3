import type { EntitySnapshot } from '@tilerealm/protocol';
import { DEFAULT_FOOD, GameError, type Bot } from '@tilerealm/sdk';
import { abortable, logFailure, sleepTicks, StepAborted, type StepContext } from '../context';
import { selectStyle, skillToTrain } from './combat-style';
import { buyFood } from './combat-food';
import { combatTracker } from './combat-tracker';
import { keepRunning } from './run';

/**
 * NPCs worth training on, easiest first (their spawns come from the map). None is aggressive: an
 * aggressive pack (giant rats) joins a fight three to one and kills a fresh character.
 */
export const TRAINING_NPCS = ['chicken', 'cow', 'goblin', 'marsh_frog', 'shore_crab', 'goblin_brute'];

/**
 * Where to go when no training NPC is in view: the farm's chickens and cows, a dozen and a half
 * non-aggressive NPCs within a few steps of each other that hit at most 10.
 */
export const FIELD_NPCS = ['chicken', 'cow'];

/** Eat below this share of maximum health. */
export const EAT_BELOW = 0.5;

/** Give a fight up when neither side has swung for this many ticks (unreachable, or it walked off). */
export const STALL_TICKS = 20;

/** How long a refused target is left alone (ticks). */
const REFUSED_TICKS = 30;

/** Eats once if health is below EAT_BELOW and there is food; returns whether it ate. */
export async function eatIfHurt(bot: Bot, log: (m: string) => void): Promise<boolean> {
  const p = bot.world.player;
  if (!p || p.maxHealth <= 0 || p.health / p.maxHealth >= EAT_BELOW) return false;
  const slot = bot.world.slotOf(...DEFAULT_FOOD);
  if (slot === undefined) return false;
  const food = p.inventory.find((s) => s.slot === slot)?.itemId ?? 'food';
  const before = p.health;
  try {
    await bot.actions.eat();
    log(`ate ${food} at ${before}/${p.maxHealth} health`);
    return true;
  } catch (err) {
    if (err instanceof GameError) return false;
    throw err;
  }
}

/**
 * Which NPC in view to attack, a pure function: the nearest training NPC (ties by id) no more than
 * two combat levels above the agent that `free` allows (not dying, not another player's fight,
 * not refused recently).
 */
export function chooseTarget(
  entities: Iterable<EntitySnapshot>,
  here: { x: number; z: number },
  myLevel: number,
  free: (id: string) => boolean,
): EntitySnapshot | undefined {
  let best: EntitySnapshot | undefined;
  let bestD = Infinity;
  for (const e of entities) {
    if (e.kind !== 'npc' || !TRAINING_NPCS.includes(e.npcId ?? '') || e.combatLevel > myLevel + 2) continue;
    if (!free(e.id)) continue;
    const d = Math.max(Math.abs(e.x - here.x), Math.abs(e.z - here.z));
    if (d < bestD || (d === bestD && best && e.id < best.id)) [best, bestD] = [e, d];
  }
  return best;
}

/** How a fight ended. */
export type FightEnd = 'killed' | 'died' | 'gone' | 'stalled';

/**
 * Attacks `target` and resolves when it dies, the agent dies, it leaves view, or nobody swung for
 * {@link STALL_TICKS} ticks; rejects with the server's refusal or StepAborted.
 */
async function fight(ctx: StepContext, target: EntitySnapshot): Promise<FightEnd> {
  const { bot, signal } = ctx;
  const client = bot.client;
  const me = client.welcome?.playerId;
  let lastSwing = bot.world.tick;
  let finish: (end: FightEnd) => void = () => undefined;
  const ended = new Promise<FightEnd>((resolve) => (finish = resolve));
  const offs = [
    client.on('combat:death', (d) => {
      if (d.id === target.id) finish('killed');
      else if (d.id === me) finish('died');
    }),
    client.on('combat:hit', (h) => {
      if ((h.attackerId === me && h.targetId === target.id) || h.targetId === me) lastSwing = h.tick;
    }),
    client.on('world:update', (u) => {
      if (!bot.world.entity(target.id)) finish('gone');
      else if (u.tick - lastSwing > STALL_TICKS) finish('stalled');
    }),
    // Eat as soon as a hit takes health below the mark (eating does not stop the attack).
    client.on('player:stats', () => void eatIfHurt(bot, ctx.log).catch(logFailure(ctx.log, 'eating'))),
  ];
  try {
    await abortable(bot.actions.attack(target.id), signal);
    return await abortable(ended, signal);
  } finally {
    for (const off of offs) off();
  }
}

/**
 * One combat step: eat when hurt (buy food with the coin pouch when none is left), select the
 * combat style that trains `target` (a melee skill the goal names) or else the skill skillToTrain
 * picks, then fight the nearest free training NPC in view (chooseTarget) to the end, or run to the
 * farm's field when none is in view. A step is one fight: the next starts at once with the next step.
 */
export async function combatStep(ctx: StepContext, target?: string): Promise<void> {
  const { bot } = ctx;
  const world = bot.world;
  const me = world.player;
  if (!me) return;
  const tracker = combatTracker(bot.client);
  if (await eatIfHurt(bot, ctx.log)) return;
  if (me.health / Math.max(1, me.maxHealth) < EAT_BELOW && !world.has(...DEFAULT_FOOD)) {
    if (await buyFood(ctx)) return;
    // Resting gives back 10 life points a game minute; a death respawns the agent at full health
    // a short run from its field, and its gravestone gives its items back (combat-recovery.ts).
    if (world.tick - tracker.noFoodLoggedAt >= 100) {
      tracker.noFoodLoggedAt = world.tick;
      ctx.log('hurt, with no food and no coins for any: fighting on');
    }
  }
  await selectStyle(bot, skillToTrain(me.skills, target), ctx.log);
  const here = world.position ?? { x: 0, z: 0 };
  const npc = chooseTarget(world.entities.values(), here, me.combatLevel, (id) =>
    tracker.free(id, world.tick),
  );
  if (!npc) return walkToField(ctx, here);
  const xp = () => world.xp('attack') + world.xp('strength') + world.xp('defense');
  const before = xp();
  try {
    const end = await fight(ctx, npc);
    ctx.log(`${FIGHT_WORDS[end]} ${npc.name} (+${xp() - before} combat xp)`);
    // Dying takes 4 ticks; player:died (and the recovery it starts) follows.
    if (end === 'died') await sleepTicks(ctx, 6);
    else if (end === 'stalled' || end === 'gone') tracker.leaveAlone(npc.id, world.tick + REFUSED_TICKS);
  } catch (err) {
    if (err instanceof StepAborted || !(err instanceof GameError)) throw err;
    ctx.log(`attack on ${npc.name} refused: ${err.code}`);
    // Leave it alone for a while and pick another one at once.
    tracker.leaveAlone(npc.id, world.tick + REFUSED_TICKS);
  }
}

const FIGHT_WORDS: Record<FightEnd, string> = {
  killed: 'killed',
  died: 'died fighting',
  gone: 'lost sight of',
  stalled: 'gave up on',
};

/** No training NPC in view: run to the nearest spawn of the field's NPCs, or wait there for respawns. */
async function walkToField(ctx: StepContext, here: { x: number; z: number }): Promise<void> {
  const spawn = ctx.places.spawnsOf(FIELD_NPCS, here)[0] ?? ctx.places.spawnsOf(TRAINING_NPCS, here)[0];
  if (!spawn) return sleepTicks(ctx, 10);
  if (Math.max(Math.abs(spawn.x - here.x), Math.abs(spawn.z - here.z)) <= 3) {
    // At the field and everything is dead or taken: the next respawn is seconds away.
    await sleepTicks(ctx, 2);
    return;
  }
  ctx.log(`looking for ${spawn.npcId} near ${spawn.x},${spawn.z}`);
  await keepRunning(ctx.bot, ctx.log);
  const end = await abortable(ctx.bot.actions.walkTo(spawn.x, spawn.z + 1), ctx.signal);
  // A walk that went nowhere (the spot is blocked): wait a little rather than ask again at once.
  if (end.x === here.x && end.z === here.z) await sleepTicks(ctx, 2);
}
