/**
 * The pure rules of the client's feedback: XP drops (merging and lifetime), the level-up and
 * quest-complete window texts, which overhead notices (health bars, chat, prayers) are alive at a
 * time, loot labels, and which chat-box style a server chat line gets. No DOM, no three.js.
 */

/** How long an XP drop floats by the XP tracker. */
export const XP_DROP_MS = 1800;
/** Drops of the same skill this close together merge into one (one game tick and a bit). */
export const XP_MERGE_MS = 700;
/** How long a health bar stays over an entity after it takes or deals a hit. */
export const HEALTH_BAR_MS = 6000;
/** How long public chat stays over the speaker's head. */
export const OVERHEAD_CHAT_MS = 3000;
/** The longest overhead chat text; longer lines are cut with an ellipsis. */
export const OVERHEAD_CHAT_MAX = 80;
/** Loot labels are drawn for piles within this many tiles (Chebyshev) of the player. */
export const LOOT_LABEL_RANGE = 12;

export interface XpDrop {
  id: number;
  skill: string;
  amount: number;
  born: number;
}

/**
 * Adds an XP gain to the drops: a gain of the same skill as a drop born within `XP_MERGE_MS`
 * adds to it (several gains of one tick show as one number), otherwise it starts a new drop.
 * Returns the new list (the input is not changed).
 */
export function addXpDrop(
  drops: readonly XpDrop[],
  gain: { skill: string; amount: number },
  now: number,
  nextId: number,
): XpDrop[] {
  if (!(gain.amount > 0)) return [...drops];
  const i = drops.findIndex((d) => d.skill === gain.skill && now - d.born <= XP_MERGE_MS);
  const merged = drops[i];
  if (merged) {
    const out = [...drops];
    out[i] = { ...merged, amount: merged.amount + gain.amount };
    return out;
  }
  return [...drops, { id: nextId, skill: gain.skill, amount: gain.amount, born: now }];
}

/** The drops still floating at `now`, each with how far it has risen (0..1) and its opacity. */
export function liveXpDrops(
  drops: readonly XpDrop[],
  now: number,
): { drop: XpDrop; rise: number; opacity: number }[] {
  // A frame's timestamp may be a little older than a drop born during that frame: age 0 then.
  return drops
    .filter((d) => now - d.born < XP_DROP_MS)
    .map((drop) => {
      const t = Math.max(0, now - drop.born) / XP_DROP_MS;
      return { drop, rise: t, opacity: t < 0.7 ? 1 : Math.max(0, (1 - t) / 0.3) };
    });
}

/** "+25", "+12.5" (XP has one decimal). */
export function formatXp(amount: number): string {
  const rounded = Math.round(amount * 10) / 10;
  return `+${rounded.toLocaleString('en-US', { maximumFractionDigits: 1 })}`;
}

/** "woodcutting" -> "Woodcutting". */
export function titleCase(id: string): string {
  const text = id.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The two lines of the level-up window. "an Attack level" before a vowel. */
export function levelUpText(skill: string, level: number): { title: string; body: string } {
  const name = titleCase(skill);
  const article = /^[aeiou]/i.test(name) ? 'an' : 'a';
  return {
    title: `Congratulations, you just advanced ${article} ${name} level.`,
    body: `Your ${name} level is now ${level}.`,
  };
}

export interface QuestCompletion {
  name: string;
  questPoints: number;
  totalQuestPoints: number;
  xp: Record<string, number>;
  items: { itemId: string; quantity: number; to?: string }[];
  unlocks: { description: string }[];
}

/** The quest-complete window: its title and the reward lines, quest points first (as OSRS). */
export function questRewardLines(
  q: QuestCompletion,
  itemName: (itemId: string) => string,
): { title: string; rewards: string[]; total: string } {
  const qp = `${q.questPoints} Quest Point${q.questPoints === 1 ? '' : 's'}`;
  const xp = Object.entries(q.xp)
    .filter(([, amount]) => amount > 0)
    .map(([skill, amount]) => `${Math.round(amount).toLocaleString('en-US')} ${titleCase(skill)} XP`);
  const items = q.items.map((it) => {
    const name = itemName(it.itemId);
    const where = it.to === 'bank' ? ' (sent to your bank)' : '';
    return `${it.quantity > 1 ? `${it.quantity.toLocaleString('en-US')} x ` : ''}${name}${where}`;
  });
  return {
    title: `You have completed ${q.name}!`,
    rewards: [qp, ...xp, ...items, ...q.unlocks.map((u) => u.description)],
    total: `Quest Points: ${q.totalQuestPoints}`,
  };
}

/** A window dismissal key: Escape, space or Enter. */
export function dismissKey(key: string): boolean {
  return key === 'Escape' || key === ' ' || key === 'Spacebar' || key === 'Enter';
}

/** Health bar width: the fraction of health left, 0..1 (0 for a zero or bad maximum). */
export function healthFraction(health: number, maxHealth: number): number {
  if (!(maxHealth > 0)) return 0;
  return Math.min(1, Math.max(0, health / maxHealth));
}

/**
 * Whether a notice shown at `since` for `ms` is still up at `now`. A frame's timestamp may be a
 * little older than a notice born during that frame: the notice is up then too.
 */
export function alive(since: number | undefined, now: number, ms: number): boolean {
  return since !== undefined && now - since < ms;
}

/** The overhead text of a chat line: one line, at most `OVERHEAD_CHAT_MAX` characters. */
export function overheadChatText(message: string): string {
  const line = message.replace(/\s+/g, ' ').trim();
  return line.length > OVERHEAD_CHAT_MAX ? `${line.slice(0, OVERHEAD_CHAT_MAX - 1)}…` : line;
}

/** The overhead icon of a prayer (conflict group "overhead"), or undefined for other prayers. */
export function overheadPrayerIcon(
  prayer: { id: string; name: string; conflictGroups?: readonly string[] } | undefined,
): { symbol: string; kind: string; title: string } | undefined {
  if (!prayer?.conflictGroups?.includes('overhead')) return undefined;
  const known: Record<string, [string, string]> = {
    aegis_of_blades: ['⚔', 'melee'],
    aegis_of_arrows: ['➶', 'missiles'],
    vengeful_spirit: ['✹', 'retribution'],
    last_rite: ['✚', 'redemption'],
    soul_leech: ['☠', 'smite'],
  };
  const [symbol, kind] = known[prayer.id] ?? [prayer.name.charAt(0).toUpperCase(), 'other'];
  return { symbol, kind, title: prayer.name };
}

/** "Bones", "Coins (25)". */
export function lootLabel(name: string, quantity: number): string {
  return quantity > 1 ? `${name} (${quantity.toLocaleString('en-US')})` : name;
}

/**
 * The loot labels to draw: piles within `LOOT_LABEL_RANGE` of the player, grouped per tile (one
 * label per tile, one line per pile, the newest pile on top as OSRS draws them), nearest tiles first.
 */
export function lootLabels(
  piles: Iterable<{ id: string; itemId: string; quantity: number; x: number; z: number }>,
  me: { x: number; z: number } | undefined,
  itemName: (itemId: string) => string,
): { key: string; x: number; z: number; lines: string[] }[] {
  if (!me) return [];
  const byTile = new Map<string, { key: string; x: number; z: number; lines: string[] }>();
  for (const p of piles) {
    if (Math.max(Math.abs(p.x - me.x), Math.abs(p.z - me.z)) > LOOT_LABEL_RANGE) continue;
    const key = `${p.x},${p.z}`;
    let tile = byTile.get(key);
    if (!tile) byTile.set(key, (tile = { key, x: p.x, z: p.z, lines: [] }));
    tile.lines.unshift(lootLabel(itemName(p.itemId), p.quantity));
  }
  const dist = (t: { x: number; z: number }): number => Math.max(Math.abs(t.x - me.x), Math.abs(t.z - me.z));
  return [...byTile.values()].sort((a, b) => dist(a) - dist(b));
}

/**
 * The chat-box style of a server chat line: the server's own lines (no speaker, channel "system"
 * or "game") are game messages ("You get some logs."); public speech and broadcasts keep theirs.
 */
export function chatStyleOf(m: {
  channel: string;
  from: { id: string; name: string } | null;
}): 'public' | 'broadcast' | 'game' | 'system' {
  if (m.channel === 'public') return 'public';
  if (m.channel === 'broadcast') return 'broadcast';
  if (m.channel === 'game' || (m.channel === 'system' && m.from === null)) return 'game';
  return 'system';
}
