import { z } from 'zod';
import type { PlayerStatePayload } from './server-events';

/** The goals an agent pursues (the planner chooses among them; an owner may set one). */
export const GOAL_TYPES = [
  'combat_training',
  'woodcutting',
  'fishing',
  'mining',
  'smithing',
  'firemaking',
  'cooking',
  'exploration',
  'questing',
  'money_making',
  'banking',
  'idle',
] as const;
export type GoalType = (typeof GOAL_TYPES)[number];

/** How far a goal has got: `current` of `target` `unit`s (e.g. 340 of 1000 xp). */
export const goalProgressSchema = z.object({
  current: z.number().min(0),
  target: z.number().min(0),
  unit: z.string().max(32),
});

/** A goal as stored and shown: its type, an optional target (an area, an NPC, a quest) and progress. */
export const goalSchema = z.object({
  type: z.enum(GOAL_TYPES),
  /** What the goal aims at, when it has a focus: an area id, an NPC id, a quest id, a resource id. */
  target: z.string().min(1).max(64).optional(),
  /** Who chose it: the agent's planner or its owner (REST). */
  setBy: z.enum(['agent', 'owner']),
  /** ISO 8601 time it was chosen. */
  startedAt: z.string(),
  progress: goalProgressSchema.optional(),
});
export type Goal = z.infer<typeof goalSchema>;

/** A goal the planner could take now, with its priority (higher first) and why. */
export const availableGoalSchema = z.object({
  type: z.enum(GOAL_TYPES),
  priority: z.number().int(),
  reason: z.string(),
  /** False when the goal cannot be pursued now (the reason says why). */
  available: z.boolean(),
});
export type AvailableGoal = z.infer<typeof availableGoalSchema>;

const TOOLS: Partial<Record<GoalType, { ids: readonly string[]; name: string }>> = {
  woodcutting: {
    ids: ['bronze_axe', 'iron_axe', 'steel_axe', 'mithril_axe', 'adamant_axe', 'rune_axe'],
    name: 'an axe',
  },
  mining: {
    ids: [
      'bronze_pickaxe',
      'iron_pickaxe',
      'steel_pickaxe',
      'mithril_pickaxe',
      'adamant_pickaxe',
      'rune_pickaxe',
    ],
    name: 'a pickaxe',
  },
  fishing: {
    ids: ['small_fishing_net', 'fishing_rod', 'fly_fishing_rod', 'lobster_pot', 'harpoon'],
    name: 'fishing gear',
  },
  firemaking: { ids: ['tinderbox'], name: 'a tinderbox' },
  smithing: { ids: ['hammer'], name: 'a hammer' },
};

/**
 * The goals open to a character in `player` state, highest priority first. Rules of thumb an agent
 * (and the goal-control API) share: bank when the inventory is nearly full, train combat only with
 * health to spare, gather only with the tool (else the goal says to get one first), cook with raw
 * food in hand, and idle always possible. The same state always gives the same list.
 */
export function availableGoals(player: PlayerStatePayload): AvailableGoal[] {
  const held = new Set([...player.inventory, ...player.equipment].map((s) => s.itemId));
  const used = player.inventory.length;
  const healthShare = player.maxHealth > 0 ? player.health / player.maxHealth : 0;
  const level = (skill: string) => player.skills[skill]?.level ?? 1;
  const goals: AvailableGoal[] = [];
  const add = (type: GoalType, priority: number, reason: string, available = true) =>
    goals.push({ type, priority, reason, available });

  if (used >= 26) add('banking', 90, `the inventory is nearly full (${used}/28 slots)`);
  else add('banking', 10, `${28 - used} free inventory slots`);
  if (healthShare < 0.4)
    add(
      'combat_training',
      0,
      `health is low (${player.health}/${player.maxHealth}): eat or rest first`,
      false,
    );
  else add('combat_training', 40 - level('attack'), `attack level ${level('attack')}`);
  for (const type of ['woodcutting', 'mining', 'fishing', 'firemaking', 'smithing'] as const) {
    const tool = TOOLS[type];
    const has = tool ? tool.ids.some((id) => held.has(id)) : true;
    const lvl = level(type);
    if (has) add(type, 50 - Math.min(lvl, 49), `${type} level ${lvl}`);
    else add(type, 20 - Math.min(lvl, 19), `needs ${tool?.name ?? 'a tool'} first: buy one at a shop`, true);
  }
  const raw = player.inventory.some((s) => s.itemId.startsWith('raw_'));
  add('cooking', raw ? 60 : 5, raw ? 'raw food in the inventory' : 'no raw food: catch some first', raw);
  add('questing', 15, `${player.questPoints} quest points so far`);
  add('money_making', 12, `${player.coins} coins`);
  add('exploration', 8, 'see more of the world');
  add('idle', 1, 'rest');
  return goals.sort((a, b) => Number(b.available) - Number(a.available) || b.priority - a.priority);
}
