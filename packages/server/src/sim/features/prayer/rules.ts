/**
 * The rules of prayer as pure functions, so each one is testable without a world: drain (OSRS's
 * drain counter against the drain resistance), which prayers a new one switches off, and whether
 * a player may switch a prayer on.
 */
import { SKILLS, type SkillName } from '../../../content/skills';
import type { PrayerDef } from '../../../content/schemas/prayers';

/** Base prayer drain resistance (OSRS): every point of the prayer equipment bonus adds 2. */
export const BASE_DRAIN_RESISTANCE = 60;

/** Ticks between two burials (OSRS: one bone every 2 ticks). */
export const BURY_DELAY_TICKS = 2;

/**
 * OSRS prayer drain resistance: 2 x prayer equipment bonus + 60. A negative bonus (no item has one
 * yet) is kept, but the resistance never drops below 1, so the drain loop always ends.
 */
export function drainResistance(prayerBonus: number): number {
  return Math.max(1, 2 * prayerBonus + BASE_DRAIN_RESISTANCE);
}

/** The summed drain effect of the active prayers (unknown ids add nothing). */
export function drainEffect(active: Iterable<string>, defs: ReadonlyMap<string, PrayerDef>): number {
  let sum = 0;
  for (const id of active) sum += defs.get(id)?.drainEffect ?? 0;
  return sum;
}

/** Points and drain counter after one tick of drain. */
export interface DrainResult {
  points: number;
  counter: number;
  /** Points lost this tick. */
  drained: number;
}

/**
 * One tick of OSRS prayer drain: the counter grows by the summed drain effect of the active
 * prayers; each time it exceeds the resistance, one point is lost and the resistance is taken off
 * the counter. At 0 points the counter starts again from 0 (every prayer is off by then). With no
 * prayer active (`effect` 0) nothing changes: the counter keeps its progress.
 */
export function drainTick(points: number, counter: number, effect: number, resistance: number): DrainResult {
  if (effect <= 0 || points <= 0) return { points: Math.max(0, points), counter, drained: 0 };
  let c = counter + effect;
  let p = points;
  while (c > resistance && p > 0) {
    c -= resistance;
    p--;
  }
  if (p === 0) c = 0;
  return { points: p, counter: c, drained: points - p };
}

/** Whether two prayers conflict: they share any conflict group. */
export function conflicts(
  a: Pick<PrayerDef, 'conflictGroups'>,
  b: Pick<PrayerDef, 'conflictGroups'>,
): boolean {
  return a.conflictGroups.some((g) => b.conflictGroups.includes(g));
}

/** The active prayers that switching `next` on switches off (sorted ids; never `next` itself). */
export function switchedOffBy(
  next: PrayerDef,
  active: Iterable<string>,
  defs: ReadonlyMap<string, PrayerDef>,
): string[] {
  const out: string[] = [];
  for (const id of active) {
    const def = defs.get(id);
    if (id !== next.id && def && conflicts(next, def)) out.push(id);
  }
  return out.sort();
}

/** What a player brings to a prayer's requirements. */
export interface PrayerRequirementsInput {
  levels: Readonly<Record<SkillName, { level: number }>>;
  /** Ids of the quests the player has completed. */
  completedQuest: (questId: string) => boolean;
  points: number;
}

/** Why a prayer may not be switched on, most basic reason first. */
export type ActivationRefusal =
  | { reason: 'level_too_low'; skill: SkillName; level: number }
  | { reason: 'prayer_locked'; questId: string }
  | { reason: 'no_prayer_points' };

/**
 * Checks that `def` may be switched on: the prayer level, any other skill level and quest the
 * prayer asks for, then at least one prayer point. Undefined when it may.
 */
export function activationRefusal(def: PrayerDef, p: PrayerRequirementsInput): ActivationRefusal | undefined {
  if (p.levels.prayer.level < def.level)
    return { reason: 'level_too_low', skill: 'prayer', level: def.level };
  const skills = def.requirements?.skills ?? {};
  for (const skill of SKILLS) {
    const level = skills[skill];
    if (level !== undefined && p.levels[skill].level < level)
      return { reason: 'level_too_low', skill, level };
  }
  const questId = def.requirements?.questId;
  if (questId !== undefined && !p.completedQuest(questId)) return { reason: 'prayer_locked', questId };
  if (p.points <= 0) return { reason: 'no_prayer_points' };
  return undefined;
}
