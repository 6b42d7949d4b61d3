import { DEFAULT_FOOD, GameError, type Bot } from '@tilerealm/sdk';
import { abortable, logFailure, sleepTicks, type StepContext } from '../context';
import { selectStyle, skillToTrain } from './combat-style';

/** NPCs worth training on, easiest first (their spawns come from the map). */
export const TRAINING_NPCS = [
  'chicken',
  'giant_rat',
  'cow',
  'goblin',
  'marsh_frog',
  'shore_crab',
  'goblin_brute',
];

/** Eat below this share of maximum health. */
export const EAT_BELOW = 0.5;

/** Eats once if health is below EAT_BELOW and there is food; returns whether it ate. */
export async function eatIfHurt(bot: Bot, log: (m: string) => void): Promise<boolean> {
  const p = bot.world.player;
  if (!p || p.maxHealth <= 0 || p.health / p.maxHealth >= EAT_BELOW) return false;
  const slot = bot.world.slotOf(...DEFAULT_FOOD);
  if (slot === undefined) return false;
  const food = p.inventory.find((s) => s.slot === slot)?.itemId ?? 'food';
  try {
    await bot.actions.eat();
    log(`ate ${food} at ${p.health}/${p.maxHealth} health`);
    return true;
  } catch (err) {
    if (err instanceof GameError) return false;
    throw err;
  }
}

/**
 * One combat step: eat when hurt (rest when hurt with no food), else pick the easiest NPC in view
 * no stronger than the agent, or walk to the nearest spawn of one, and fight it to the end while
 * eating whenever health drops below half. Before each fight it selects the combat style that trains
 * `target` (a melee skill the goal names) or else the skill skillToTrain picks.
 */
export async function combatStep(ctx: StepContext, target?: string): Promise<void> {
  const { bot, places, signal } = ctx;
  const world = bot.world;
  const me = world.player;
  if (!me) return;
  if (await eatIfHurt(bot, ctx.log)) return;
  if (me.health / Math.max(1, me.maxHealth) < 0.3) {
    ctx.log('too hurt to fight and nothing to eat: resting');
    await sleepTicks(ctx, 30);
    return;
  }
  await selectStyle(bot, skillToTrain(me.skills, target), ctx.log);
  const myLevel = me.combatLevel;
  const npc = world.nearestEntity(
    (e) => e.kind === 'npc' && TRAINING_NPCS.includes(e.npcId ?? '') && e.combatLevel <= myLevel + 2,
  );
  if (!npc) {
    const here = world.position ?? { x: 0, z: 0 };
    const spawn = places.spawnsOf(TRAINING_NPCS, here)[0];
    if (!spawn) return void (await sleepTicks(ctx, 10));
    ctx.log(`looking for ${spawn.npcId} near ${spawn.x},${spawn.z}`);
    await abortable(bot.actions.walkTo(spawn.x, spawn.z + 1), signal);
    await sleepTicks(ctx, 2);
    return;
  }
  const offStats = bot.client.on(
    'player:stats',
    () => void eatIfHurt(bot, ctx.log).catch(logFailure(ctx.log, 'eating')),
  );
  try {
    const xp = world.xp('attack') + world.xp('strength') + world.xp('defense');
    const killed = await abortable(bot.actions.fight(npc.id, { timeoutMs: 60_000 }), signal);
    const gained = world.xp('attack') + world.xp('strength') + world.xp('defense') - xp;
    ctx.log(`${killed ? 'killed' : 'lost'} ${npc.name} (+${gained} combat xp)`);
  } catch (err) {
    if (!(err instanceof GameError)) throw err;
    ctx.log(`attack on ${npc.name} refused: ${err.code}`);
    await sleepTicks(ctx, 3);
  } finally {
    offStats();
  }
}
