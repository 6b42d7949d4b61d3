/** Pure quest-journal text: status labels and what to do next. No DOM. */
import type { ServerPayload } from '@tilerealm/protocol';

export type JournalEntry = ServerPayload<'quest:journal'>['quests'][number];
export type QuestStatus = JournalEntry['status'];

/** "Not started", "In progress", "Completed". */
export function questStatusLabel(status: QuestStatus): string {
  switch (status) {
    case 'not_started':
      return 'Not started';
    case 'in_progress':
      return 'In progress';
    case 'completed':
      return 'Completed';
  }
}

/**
 * The journal line under a quest: the current stage's description with its progress while in
 * progress ("Collect twenty feathers. (4/20)"), the quest's description before it starts, and
 * "Quest complete!" once done.
 */
export function questDetailText(q: Pick<JournalEntry, 'status' | 'description' | 'progress'>): string {
  if (q.status === 'completed') return 'Quest complete!';
  if (q.status === 'not_started') return q.description;
  const progress = q.progress ? ` (${q.progress.current}/${q.progress.required})` : '';
  return `${q.description}${progress}`;
}

/** "Stage 2 of 3" while in progress, else empty. */
export function questStageText(q: Pick<JournalEntry, 'status' | 'stage' | 'stageCount'>): string {
  return q.status === 'in_progress' ? `Stage ${q.stage + 1} of ${q.stageCount}` : '';
}

/** How many quests are in each status. */
export function journalCounts(quests: readonly Pick<JournalEntry, 'status'>[]): Record<QuestStatus, number> {
  const counts: Record<QuestStatus, number> = { not_started: 0, in_progress: 0, completed: 0 };
  for (const q of quests) counts[q.status]++;
  return counts;
}
