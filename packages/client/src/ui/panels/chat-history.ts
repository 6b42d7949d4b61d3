/**
 * The chat box's history kept across reloads: the last lines of each character, in the browser's
 * localStorage under `tilerealm.chat.<characterId>`. Bounded (HISTORY_LINES lines, each cut to
 * LINE_MAX characters); anything unreadable in storage is ignored. No DOM: the storage is passed in.
 */
import { z } from 'zod';
import type { ChatLine } from '../../game/store';

/** Lines kept per character. */
export const HISTORY_LINES = 100;
const LINE_MAX = 400;
const KEY_PREFIX = 'tilerealm.chat.';

/** The part of the Web Storage API this needs. */
export interface ChatStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const storedLine = z.object({
  channel: z.enum(['public', 'private', 'private_out', 'system', 'broadcast', 'game', 'error', 'trade']),
  from: z.string().max(LINE_MAX).optional(),
  text: z.string(),
  at: z.number(),
});

export function historyKey(characterId: string): string {
  return `${KEY_PREFIX}${characterId}`;
}

/** The stored lines of a character, oldest first (at most HISTORY_LINES; none if unreadable). */
export function loadHistory(storage: ChatStorage, characterId: string): ChatLine[] {
  let raw: string | null;
  try {
    raw = storage.getItem(historyKey(characterId));
  } catch (err) {
    console.warn('the chat history could not be read', err);
    return [];
  }
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return []; // Not JSON (written by something else): start a fresh history.
  }
  if (!Array.isArray(parsed)) return [];
  const lines: ChatLine[] = [];
  for (const item of parsed.slice(-HISTORY_LINES)) {
    const line = storedLine.safeParse(item);
    if (line.success) lines.push({ ...line.data, text: line.data.text.slice(0, LINE_MAX) });
  }
  return lines;
}

/** The history with `added` appended, bounded to the newest HISTORY_LINES lines. */
export function appendHistory(history: readonly ChatLine[], added: readonly ChatLine[]): ChatLine[] {
  const all = [...history, ...added.map((l) => ({ ...l, text: l.text.slice(0, LINE_MAX) }))];
  return all.slice(-HISTORY_LINES);
}

/** Writes a character's history; a full or blocked storage only costs the history (logged). */
export function saveHistory(storage: ChatStorage, characterId: string, lines: readonly ChatLine[]): void {
  try {
    storage.setItem(historyKey(characterId), JSON.stringify(lines.slice(-HISTORY_LINES)));
  } catch (err) {
    console.warn('the chat history could not be saved', err);
  }
}
