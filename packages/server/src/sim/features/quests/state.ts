/**
 * A character's quest progress (the {@link QUESTS} slot: saved with the character as `questPoints`
 * and its quest_progress rows, hashed) and reading it: the status of a quest, its current stage,
 * and whether the requirements to start one are met. Pure functions over the player's quest book
 * (or a transaction's copy of it), shared by the dialogue conditions, the shops' quest locks, drops
 * and the journal.
 */
import type { QuestDef, QuestStage } from '../../../content/schemas/quests';
import { SKILLS } from '../../../content/skills';
import type { Player } from '../../core/player';
import type { QuestProgressState } from '../../core/types';
import type { World } from '../../core/world';
import { playerSlot } from '../../core/slots';

export type QuestStatus = 'not_started' | 'in_progress' | 'completed';

/** A character's quest points and its quest book. */
export interface QuestsState {
  /** Quest points earned. */
  points: number;
  /** Quest progress by quest id (started or completed quests only). */
  readonly book: Map<string, QuestProgressState>;
}

/** The player's quest points and progress (restored from and saved to its record). */
export const QUESTS = playerSlot('quests.progress', {
  init: (player): QuestsState => ({
    points: player.saved.questPoints,
    book: new Map(player.saved.quests.map((q) => [q.questId, structuredClone(q)])),
  }),
  save: (s) => ({ questPoints: s.points, quests: [...s.book.values()].map((q) => structuredClone(q)) }),
  hash: (s, h) => {
    h.num(s.points);
    for (const q of s.book.values()) h.str(q.questId).num(q.stage).str(q.status).str(JSON.stringify(q.data));
  },
});

/** Quest progress by quest id: a player's, or a transaction's copy of it. */
export type QuestBook = ReadonlyMap<string, QuestProgressState>;

/** The status of a quest in `quests` (a quest without a row has not been started). */
export function statusIn(quests: QuestBook, questId: string): QuestStatus {
  return quests.get(questId)?.status ?? 'not_started';
}

/** Whether the player completed the quest: what its unlocks (a store, a prayer) check. */
export function questCompleted(p: Player, questId: string): boolean {
  return QUESTS.of(p).book.get(questId)?.status === 'completed';
}

/** The stage a quest in progress is at; undefined when it is not in progress (or content lost it). */
export function currentStage(def: QuestDef, q: QuestProgressState | undefined): QuestStage | undefined {
  if (q?.status !== 'in_progress') return undefined;
  return def.stages[q.stage];
}

/** Whether the player's quest `questId` is in progress at the stage with id `stageId`. */
export function atStageIn(world: World, quests: QuestBook, questId: string, stageId: string): boolean {
  const def = world.content.quests.get(questId);
  return def !== undefined && currentStage(def, quests.get(questId))?.id === stageId;
}

/** {@link atStageIn} on the player's own progress (quest-gated drops, dialogue conditions). */
export function atStage(world: World, p: Player, questId: string, stageId: string): boolean {
  return atStageIn(world, QUESTS.of(p).book, questId, stageId);
}

/** A counter of the current stage (kills or uses so far). */
export function counterOf(q: QuestProgressState): number {
  const n = q.data['count'];
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : 0;
}

/**
 * What the player still lacks to start `def`, one readable line each (empty: it may start): skill
 * levels, quests to complete first, and quest points. `quests` and `questPoints` may be a
 * transaction's (a quest completed earlier in the same conversation counts).
 */
export function missingRequirements(
  world: World,
  p: Player,
  def: QuestDef,
  quests: QuestBook = QUESTS.of(p).book,
  questPoints = QUESTS.of(p).points,
): string[] {
  const out: string[] = [];
  const req = def.requirements;
  for (const skill of SKILLS) {
    const level = req.skills?.[skill];
    const have = p.skills[skill].level;
    if (level !== undefined && have < level) out.push(`${skill} level ${level} (you have ${have})`);
  }
  for (const questId of req.quests ?? []) {
    if (statusIn(quests, questId) !== 'completed')
      out.push(`the quest ${world.content.quests.get(questId)?.name ?? questId} completed`);
  }
  if (req.questPoints !== undefined && questPoints < req.questPoints)
    out.push(`${req.questPoints} quest points (you have ${questPoints})`);
  return out;
}
