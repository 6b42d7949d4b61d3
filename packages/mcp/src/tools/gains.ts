/** What an action gained: inventory items and experience, compared before and after it. */
import type { GameSession } from '../session';

export interface Snapshot {
  items: Map<string, number>;
  xp: Record<string, number>;
}

export function snapshot(s: GameSession): Snapshot {
  const items = new Map<string, number>();
  for (const i of s.bot.world.player?.inventory ?? [])
    items.set(i.itemId, (items.get(i.itemId) ?? 0) + i.quantity);
  return { items, xp: totalXp(s) };
}

/**
 * Items and experience gained since `before`. A ping first: its pong comes after everything the
 * server sent before it (the last inventory and xp updates of the tick that ended the activity).
 */
export async function gains(s: GameSession, before: Snapshot): Promise<Record<string, unknown>> {
  await s.client.request('ping', {});
  const now = snapshot(s);
  const itemsGained: { itemId: string; name: string; quantity: number }[] = [];
  for (const [itemId, n] of now.items) {
    const d = n - (before.items.get(itemId) ?? 0);
    if (d > 0) itemsGained.push({ itemId, name: s.content.itemName(itemId), quantity: d });
  }
  return { itemsGained, xpGained: xpDiff(before.xp, now.xp), freeSlots: s.bot.world.freeSlots };
}

export function totalXp(s: GameSession): Record<string, number> {
  return Object.fromEntries(Object.entries(s.bot.world.player?.skills ?? {}).map(([k, v]) => [k, v.xp]));
}

export function xpDiff(
  before: Record<string, number>,
  after: Record<string, number>,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(after)) if (v > (before[k] ?? 0)) out[k] = v - (before[k] ?? 0);
  return out;
}
