/**
 * The evaluation tasks, as data: every task `npm run eval` knows, in one place (docs/evaluation.md
 * has the table). A task is a fresh character (the default starter template, plus the items its
 * start state adds), a length in game time (ticks of the game's own 600 ms, whatever tick length
 * the evaluation world runs at) and a verifier that scores the final database state.
 */
import type { GoalType } from '@tilerealm/protocol';
import { SKILLS, type SkillName } from '../packages/server/src/content/skills';

/** A game minute: 100 ticks of the game's 600 ms, whatever tick length the world runs at. */
export const TICKS_PER_GAME_MINUTE = 100;

/** What a verifier reads: one measure of the final state against the start state. */
export type Verifier =
  /** XP gained in one skill. */
  | { kind: 'skill_xp'; skill: SkillName; passAt: number }
  /** Coins gained: the pouch plus any coins in the bank or inventory. */
  | { kind: 'coins'; passAt: number }
  /** A quest's progress: stages done over stage count (1 when completed); passes when completed. */
  | { kind: 'quest'; questId: string; stages: number; passAt: number };

/** Items added to the fresh character before it enters the world. */
export interface StartState {
  inventory?: Array<{ itemId: string; quantity: number }>;
  equipment?: Array<{ slot: string; itemId: string; quantity: number }>;
}

export interface EvalTask {
  id: string;
  description: string;
  gameMinutes: number;
  start: StartState;
  verifier: Verifier;
  /** The goal our rule-based planner is given (its owner's goal); absent: it chooses for itself. */
  plannerGoal?: { type: GoalType; target?: string };
}

/** The goal that trains each skill, where the planner has one (combat skills train by fighting). */
const SKILL_GOALS: Record<SkillName, GoalType | undefined> = {
  attack: 'combat_training',
  strength: 'combat_training',
  defense: 'combat_training',
  constitution: 'combat_training',
  ranged: 'combat_training',
  prayer: undefined,
  woodcutting: 'woodcutting',
  fishing: 'fishing',
  firemaking: 'firemaking',
  cooking: 'cooking',
  mining: 'mining',
  smithing: 'smithing',
};

/**
 * What to give a fresh character so the skill can be trained at all: the starter template has an
 * axe, a net, a pickaxe, a tinderbox and a sword, not a bow, bones to bury or ore to smelt.
 */
const SKILL_START: Partial<Record<SkillName, StartState>> = {
  ranged: {
    equipment: [
      { slot: 'weapon', itemId: 'shortbow', quantity: 1 },
      { slot: 'ammo', itemId: 'bronze_arrow', quantity: 150 },
    ],
  },
  prayer: { inventory: [{ itemId: 'bones', quantity: 10 }] },
};

/**
 * Passing marks for 10 game minutes from level 1: about a third of what a player working steadily
 * with the starter kit gains (a bronze axe cuts a 25 XP log about every 10 s, some 1,500 XP).
 */
const SKILL_PASS: Record<SkillName, number> = {
  attack: 300,
  strength: 300,
  defense: 300,
  constitution: 100,
  ranged: 300,
  prayer: 45,
  woodcutting: 500,
  fishing: 300,
  firemaking: 400,
  cooking: 300,
  mining: 400,
  smithing: 150,
};

const MELEE_SKILLS: ReadonlySet<SkillName> = new Set(['attack', 'strength', 'defense']);

function skillTask(skill: SkillName): EvalTask {
  const goal = SKILL_GOALS[skill];
  return {
    id: `${skill}-10m`,
    description: `${skill} XP gained in 10 game minutes from a fresh character`,
    gameMinutes: 10,
    start: SKILL_START[skill] ?? {},
    verifier: { kind: 'skill_xp', skill, passAt: SKILL_PASS[skill] },
    // A melee skill is named as the goal's target: the planner then fights in the style that trains it.
    ...(goal
      ? { plannerGoal: MELEE_SKILLS.has(skill) ? { type: goal, target: skill } : { type: goal } }
      : {}),
  };
}

export const TASKS: readonly EvalTask[] = [
  ...SKILLS.map(skillTask),
  {
    id: 'attack-level-10',
    description: 'attack level 10 (1,154 attack XP) in 60 game minutes from a fresh character, unaided',
    gameMinutes: 60,
    start: {},
    verifier: { kind: 'skill_xp', skill: 'attack', passAt: 1_154 },
    plannerGoal: { type: 'combat_training', target: 'attack' },
  },
  {
    id: 'coins-15m',
    description: 'coins gained (pouch and bank) in 15 game minutes from a fresh character',
    gameMinutes: 15,
    start: {},
    verifier: { kind: 'coins', passAt: 100 },
    plannerGoal: { type: 'money_making' },
  },
  {
    id: 'coins-30m',
    description: 'coins gained (pouch and bank) in 30 game minutes from a fresh character',
    gameMinutes: 30,
    start: {},
    verifier: { kind: 'coins', passAt: 250 },
    plannerGoal: { type: 'money_making' },
  },
  {
    id: 'quest-founders-feast',
    description: "The Founders' Feast (raw beef, shrimps caught and cooked) in 30 game minutes",
    gameMinutes: 30,
    start: {},
    verifier: { kind: 'quest', questId: 'founders_feast', stages: 3, passAt: 1 },
    plannerGoal: { type: 'questing', target: 'founders_feast' },
  },
];

export function findTask(id: string): EvalTask | undefined {
  return TASKS.find((t) => t.id === id);
}
