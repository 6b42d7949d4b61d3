/**
 * XP per hour as the dashboard measures it: the change of an agent's total XP between the first
 * poll that saw it (since the page opened) and the latest one. Pure; times in milliseconds.
 */
export class XpTracker {
  private readonly first = new Map<string, { at: number; xp: number }>();
  private readonly last = new Map<string, { at: number; xp: number }>();

  /** Records a poll's total XP; a drop (another character, a reset) starts the measure again. */
  observe(agentId: string, xp: number, at: number): void {
    const start = this.first.get(agentId);
    if (!start || xp < start.xp) this.first.set(agentId, { at, xp });
    this.last.set(agentId, { at, xp });
  }

  /** XP per hour, or undefined until a minute has been measured. */
  perHour(agentId: string): number | undefined {
    const a = this.first.get(agentId);
    const b = this.last.get(agentId);
    if (!a || !b || b.at - a.at < 60_000) return undefined;
    return Math.round(((b.xp - a.xp) * 3_600_000) / (b.at - a.at));
  }

  /** `1,250 XP per hour (over 12 min)`, or the reason there is no figure yet. */
  text(agentId: string): string {
    const rate = this.perHour(agentId);
    const a = this.first.get(agentId);
    const b = this.last.get(agentId);
    if (rate === undefined || !a || !b) return 'XP per hour: measuring (needs a minute)';
    return `${rate.toLocaleString('en')} XP per hour (over ${Math.round((b.at - a.at) / 60_000)} min)`;
  }
}

/** The sum of the skills' XP. */
export function totalXp(skills: Record<string, { xp?: number | undefined }>): number {
  return Object.values(skills).reduce((sum, s) => sum + (s.xp ?? 0), 0);
}
