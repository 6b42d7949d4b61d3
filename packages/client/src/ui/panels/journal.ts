/** Pure quest-journal text: status labels, what to do next, where to start, requirements, rewards. No DOM. */
import type { ServerPayload } from '@tilerealm/protocol';
import { z } from 'zod';
import type { Content } from '../../content';
import { npcSpawnPoints } from './map-icons';

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

/** A quest's start, requirements and rewards as quests.json gives them (only what the journal shows). */
const questInfo = z.looseObject({
  startNpcId: z.string().optional(),
  stages: z.array(z.looseObject({ id: z.string(), description: z.string() })).optional(),
  requirements: z
    .looseObject({
      skills: z.record(z.string(), z.number()).optional(),
      quests: z.array(z.string()).optional(),
      questPoints: z.number().optional(),
    })
    .optional(),
  rewards: z
    .looseObject({
      questPoints: z.number().optional(),
      xp: z.record(z.string(), z.number()).optional(),
      items: z.array(z.object({ itemId: z.string(), quantity: z.number() })).optional(),
      unlocks: z.array(z.looseObject({ description: z.string() })).optional(),
    })
    .optional(),
});

/** "woodcutting" -> "Woodcutting", "hit_points" -> "Hit points". */
function skillName(id: string): string {
  const words = id.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export interface Requirement {
  text: string;
  /** Whether the player meets it (undefined when the client cannot tell). */
  met: boolean | undefined;
}

export interface QuestGuide {
  /** "Talk to Cook Bertram in Oakhaven." (undefined when the quest names no start NPC). */
  start: string | undefined;
  requirements: Requirement[];
  rewards: string[];
}

/** What the player has, to mark requirements met or not. */
export interface PlayerProgress {
  skills?: Record<string, { level: number }>;
  questPoints?: number;
  /** The ids of the quests the player has completed (from the journal). */
  completed?: ReadonlySet<string>;
}

/**
 * Where a quest starts (its first NPC's name and the area they stand in), what it requires (skill
 * levels, other quests, quest points; each marked met or not for the player) and what it gives
 * (quest points, experience, items, unlocks), from the quest content.
 */
export function questGuide(
  content: Pick<Content, 'quests' | 'npcs' | 'items' | 'areas'>,
  questId: string,
  player: PlayerProgress = {},
): QuestGuide {
  const parsed = questInfo.safeParse(content.quests.get(questId));
  const info = parsed.success ? parsed.data : {};
  let start: string | undefined;
  if (info.startNpcId) {
    const name = content.npcs.get(info.startNpcId)?.name ?? info.startNpcId;
    const spawn = npcSpawnPoints(content).get(info.startNpcId);
    const area = spawn
      ? content.areas.find(
          (a) =>
            spawn.x >= a.bounds.minX &&
            spawn.x <= a.bounds.maxX &&
            spawn.z >= a.bounds.minZ &&
            spawn.z <= a.bounds.maxZ,
        )
      : undefined;
    start = area ? `Talk to ${name} in ${area.name}.` : `Talk to ${name}.`;
  }
  const req = info.requirements ?? {};
  const requirements: Requirement[] = [];
  for (const [skill, level] of Object.entries(req.skills ?? {})) {
    const have = player.skills?.[skill]?.level;
    requirements.push({
      text: `Level ${level} ${skillName(skill)}`,
      met: have === undefined ? undefined : have >= level,
    });
  }
  for (const q of req.quests ?? []) {
    const name = content.quests.get(q)?.name ?? q;
    requirements.push({
      text: `Complete ${name}`,
      met: player.completed ? player.completed.has(q) : undefined,
    });
  }
  if (req.questPoints !== undefined) {
    const qp = req.questPoints;
    requirements.push({
      text: `${qp} quest point${qp === 1 ? '' : 's'}`,
      met: player.questPoints === undefined ? undefined : player.questPoints >= qp,
    });
  }
  const r = info.rewards ?? {};
  const rewards: string[] = [];
  if (r.questPoints) rewards.push(`${r.questPoints} quest point${r.questPoints === 1 ? '' : 's'}`);
  for (const [skill, xp] of Object.entries(r.xp ?? {})) {
    rewards.push(`${xp.toLocaleString('en-GB')} ${skillName(skill)} XP`);
  }
  for (const item of r.items ?? []) {
    const name = content.items.get(item.itemId)?.name ?? item.itemId;
    rewards.push(item.quantity === 1 ? name : `${item.quantity.toLocaleString('en-GB')} x ${name}`);
  }
  for (const u of r.unlocks ?? []) rewards.push(u.description);
  return { start, requirements, rewards };
}

/** One step of a quest's journal: a stage's description, done or the current one. */
export interface QuestStep {
  text: string;
  done: boolean;
}

/**
 * The journal's steps of a quest so far, from its stages in the quest content: every stage before
 * the current one (done), then the current one; all of them, done, once completed; none before it
 * starts. Stages ahead stay hidden, as in the original's journal.
 */
export function questSteps(
  content: Pick<Content, 'quests'>,
  q: Pick<JournalEntry, 'questId' | 'status' | 'stage'>,
): QuestStep[] {
  if (q.status === 'not_started') return [];
  const parsed = questInfo.safeParse(content.quests.get(q.questId));
  const stages = parsed.success ? (parsed.data.stages ?? []) : [];
  const shown = q.status === 'completed' ? stages.length : Math.min(q.stage + 1, stages.length);
  return stages
    .slice(0, shown)
    .map((s, i) => ({ text: s.description, done: q.status === 'completed' || i < q.stage }));
}
