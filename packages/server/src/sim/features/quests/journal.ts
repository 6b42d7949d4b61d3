/**
 * The quest journal: every quest of the world with one character's status, stage and progress.
 * A pure function of the content and the character's progress, so the world (`quest:journal`)
 * and the REST read (GET /api/player/:characterId/quests, from the saved rows) show the same thing.
 */
import type { QuestJournalEntry } from '@tilerealm/protocol';
import type { Content } from '../../../content/load';
import type { QuestDef } from '../../../content/schemas/quests';
import type { QuestProgressState } from '../../core/types';
import { counterOf, currentStage } from './state';

/** How many units of an item the character carries (gather and deliver progress). */
export type HeldCount = (itemId: string) => number;

function entryOf(def: QuestDef, q: QuestProgressState | undefined, held: HeldCount): QuestJournalEntry {
  const base = {
    questId: def.id,
    name: def.name,
    difficulty: def.difficulty,
    stageCount: def.stages.length,
    startNpcId: def.startNpcId,
  };
  const stage = currentStage(def, q);
  if (!q || !stage) {
    const status = q?.status ?? 'not_started';
    return {
      ...base,
      status,
      stage: status === 'completed' ? def.stages.length : (q?.stage ?? 0),
      stageId: null,
      kind: null,
      description: def.description,
      progress: null,
    };
  }
  let progress: QuestJournalEntry['progress'] = null;
  switch (stage.kind) {
    case 'kill':
    case 'interact':
    case 'light_fire':
    case 'make':
    case 'bank_deposit':
    case 'shop_buy':
      progress = { current: Math.min(counterOf(q), stage.count), required: stage.count };
      break;
    case 'gather':
    case 'deliver':
      progress = { current: Math.min(held(stage.itemId), stage.count), required: stage.count };
      break;
    case 'dialogue':
    case 'reach_area':
    case 'reach_tile':
      break;
  }
  return {
    ...base,
    status: q.status,
    stage: q.stage,
    stageId: stage.id,
    kind: stage.kind,
    description: stage.description,
    progress,
  };
}

/** The journal entries of every quest in content order. */
export function journalEntries(
  content: Content,
  quests: ReadonlyMap<string, QuestProgressState>,
  held: HeldCount,
): QuestJournalEntry[] {
  return [...content.quests.values()].map((def) => entryOf(def, quests.get(def.id), held));
}
