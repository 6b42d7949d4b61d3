import { z } from 'zod';

/**
 * Events and error codes of NPC dialogue and quests: the client events (part of clientEvents), the server events (part
 * of serverEvents) and the error codes (part of GAME_ERROR_CODES). Names the specification leaves
 * to us follow the `domain:verb` style of the other events; all are documented in docs/protocol.md
 * and docs/dialogue-and-quests.md.
 *
 * A conversation starts with `player:action` `talk`; each node the NPC says arrives as
 * `dialogue:node`; the player answers with `dialogue:choose` (a node with options) or
 * `dialogue:continue` (a node without); `dialogue:closed` ends it.
 */

/** Most responses one node may offer (the manifests use at most four). */
export const DIALOGUE_MAX_OPTIONS = 32;

/** What a shown node waits for: an option (`choice`), `continue` to the next node, or the `end`. */
export const DIALOGUE_AWAITING = ['choice', 'continue', 'end'] as const;

/** Why a conversation closed (`dialogue:closed.reason`). */
export const DIALOGUE_CLOSE_REASONS = [
  'ended',
  'closed',
  'replaced',
  'moved',
  'activity',
  'combat',
  'died',
  'gone',
] as const;

const questStatus = z.enum(['not_started', 'in_progress', 'completed']);
const stack = z.object({ itemId: z.string(), quantity: z.number().int().min(1) });

const journalEntry = z.object({
  questId: z.string(),
  name: z.string(),
  difficulty: z.enum(['novice', 'intermediate', 'experienced']),
  status: questStatus,
  /** Index of the current stage; the stage count once completed; 0 when not started. */
  stage: z.number().int().nonnegative(),
  stageCount: z.number().int().positive(),
  /** The current stage's id (quests.json); null when not started or completed. */
  stageId: z.string().nullable(),
  kind: z
    .enum([
      'dialogue',
      'kill',
      'gather',
      'deliver',
      'interact',
      'reach_area',
      'reach_tile',
      'light_fire',
      'make',
      'bank_deposit',
      'shop_buy',
    ])
    .nullable()
    .describe('What the current stage asks for; null when not started or completed.'),
  /** What to do now: the current stage's description, else the quest's. */
  description: z.string(),
  progress: z
    .object({ current: z.number().int().nonnegative(), required: z.number().int().positive() })
    .nullable()
    .describe(
      'Counted stages: kills, uses, fires lit, items made, units deposited or bought so far, or units carried for gather and deliver stages; null otherwise.',
    ),
  /** The NPC who starts the quest (npcs.json id). */
  startNpcId: z.string(),
});

/** One quest of the journal, as `quest:journal` and GET /api/player/:characterId/quests show it. */
export const questJournalEntrySchema = journalEntry;
export type QuestJournalEntry = z.infer<typeof journalEntry>;

export const dialogueClientEvents = {
  'dialogue:choose': {
    description:
      'Pick one of the options of the node you are at (`dialogue:node.options[].index`). Its effects, and those of the node it leads to, happen all together or not at all (an error changes nothing and the conversation stays where it was). Ack `{ npcId, nodeId }`: the node shown next, or null when the conversation ended.',
    schema: z.strictObject({
      index: z
        .number()
        .int()
        .min(0)
        .max(DIALOGUE_MAX_OPTIONS - 1),
    }),
    example: { index: 0 },
  },
  'dialogue:continue': {
    description:
      'Go on from a node without options (`awaiting` `continue`), or end the conversation at its last node (`awaiting` `end`). Ack `{ npcId, nodeId }` like dialogue:choose.',
    schema: z.strictObject({}),
    example: {},
  },
  'quest:requestJournal': {
    description: 'Ask for your quest journal again (answered with quest:journal).',
    schema: z.strictObject({}),
    example: {},
  },
} as const satisfies Record<string, { description: string; schema: z.ZodType; example: unknown }>;

export const dialogueServerEvents = {
  'dialogue:node': {
    description:
      'The NPC you talk to says something: the first node when the conversation opens (after `talk`), then each node your answers lead to. `options` are only the responses whose conditions you meet now; their `index` is what dialogue:choose takes.',
    schema: z.object({
      tick: z.number().int(),
      npcId: z.string().describe('The NPC entity (entered-snapshot id).'),
      npcName: z.string(),
      nodeId: z.string(),
      text: z.string(),
      options: z.array(z.object({ index: z.number().int().nonnegative(), text: z.string() })),
      awaiting: z.enum(DIALOGUE_AWAITING),
    }),
    example: {
      tick: 812,
      npcId: 'meadowbrook_farm:0:farmer_edda:0',
      npcName: 'Farmer Edda',
      nodeId: 'greeting',
      text: 'Hello there! Mind the chickens, they have been in a mood all week.',
      options: [
        { index: 0, text: 'Can I help with anything?' },
        { index: 1, text: 'Goodbye.' },
      ],
      awaiting: 'choice',
    },
  },
  'dialogue:closed': {
    description:
      'The conversation is over: it reached its end (`ended`), you closed it (`closed`, player:action closeInterface), a bank or shop it opened took its place (`replaced`), you walked away (`moved`), started an activity or a fight, died, or the NPC left (`gone`).',
    schema: z.object({ tick: z.number().int(), npcId: z.string(), reason: z.enum(DIALOGUE_CLOSE_REASONS) }),
    example: { tick: 815, npcId: 'meadowbrook_farm:0:farmer_edda:0', reason: 'ended' },
  },
  'quest:journal': {
    description:
      'Your quest journal: every quest of the world with your status, stage and progress, and your quest points. Sent when you enter the world, after every change of your quests (started, a stage done, a kill or use counted, completed), and on quest:requestJournal.',
    schema: z.object({
      tick: z.number().int(),
      questPoints: z.number().int().nonnegative(),
      quests: z.array(journalEntry),
    }),
    example: {
      tick: 820,
      questPoints: 0,
      quests: [
        {
          questId: 'feathered_fugitives',
          name: 'Feathered Fugitives',
          difficulty: 'novice',
          status: 'in_progress',
          stage: 0,
          stageCount: 2,
          stageId: 'collect_feathers',
          kind: 'gather',
          description: 'Collect twenty feathers.',
          progress: { current: 4, required: 20 },
          startNpcId: 'farmer_edda',
        },
      ],
    },
  },
  'quest:completed': {
    description:
      'You completed a quest and received its rewards (once; they were saved with the completion). Items that did not fit in your inventory went to your bank (`to`).',
    schema: z.object({
      tick: z.number().int(),
      questId: z.string(),
      name: z.string(),
      questPoints: z.number().int().positive().describe('Quest points this quest gave.'),
      totalQuestPoints: z.number().int().nonnegative(),
      xp: z.record(z.string(), z.number().nonnegative()),
      items: z.array(stack.extend({ to: z.enum(['inventory', 'bank', 'pouch']) })),
      unlocks: z.array(
        z.object({ type: z.enum(['store', 'prayer', 'area']), id: z.string(), description: z.string() }),
      ),
    }),
    example: {
      tick: 901,
      questId: 'feathered_fugitives',
      name: 'Feathered Fugitives',
      questPoints: 1,
      totalQuestPoints: 1,
      xp: { ranged: 300, cooking: 200 },
      items: [
        { itemId: 'green_cape', quantity: 1, to: 'inventory' },
        { itemId: 'coins', quantity: 150, to: 'pouch' },
      ],
      unlocks: [],
    },
  },
} as const;

export const DIALOGUE_ERROR_CODES = {
  no_dialogue: 'that NPC has nothing to say',
  dialogue_not_open: 'you are not talking to anyone: talk to an NPC first (player:action talk)',
  invalid_option:
    'that option is not offered at this point of the conversation (or the node waits for dialogue:continue, or for a choice)',
  quest_requirements_not_met: 'you do not meet the requirements to start that quest (the message lists them)',
  quest_already_started: 'you have already started or completed that quest',
  quest_not_at_stage: 'your quest is not at the stage this needs (progress changed meanwhile)',
  quest_required: 'only open to those who completed a quest (the message names it)',
} as const;
