/**
 * Pure chat-box logic: what a typed line means (public chat, a / command, a private message),
 * which filter shows which channel, and the text of a log line. No DOM.
 */
import { CHAT_MAX_LENGTH } from '@tilerealm/protocol';
import type { ChatLine } from '../../game/store';

/** What pressing Enter in the chat input does. */
export type ChatIntent =
  | { kind: 'none' }
  /** Public chat, or a `/command` (the server runs those): `player:chat {message}`. */
  | { kind: 'public'; message: string }
  /** A private message to a friend by name: `pm:send` once the name is resolved to an id. */
  | { kind: 'pm'; name: string; message: string }
  | { kind: 'invalid'; reason: string };

/** Longest text the input accepts: a message plus room for `/pm <12-character name> `. */
export const CHAT_INPUT_MAX = CHAT_MAX_LENGTH + 20;

/** Names compare case-insensitively, with `_` standing for a space (RuneScape habit). */
export function normalizeName(name: string): string {
  return name.trim().toLowerCase().replace(/_/g, ' ').replace(/\s+/g, ' ');
}

function clip(text: string): string {
  return text.length > CHAT_MAX_LENGTH ? text.slice(0, CHAT_MAX_LENGTH) : text;
}

/**
 * Splits "Name rest of message" into name and message. Names may contain spaces, so a known name
 * (a friend's) that the text starts with wins, longest first; otherwise the first word is the name.
 */
function splitTarget(rest: string, knownNames: readonly string[]): { name: string; message: string } {
  const lower = rest.toLowerCase().replace(/_/g, ' ');
  const byLength = [...knownNames].sort((a, b) => b.length - a.length);
  for (const name of byLength) {
    const n = normalizeName(name);
    if (n.length === 0) continue;
    if (lower.startsWith(n) && (lower.length === n.length || /\s/.test(lower.charAt(n.length)))) {
      return { name, message: rest.slice(n.length).trim() };
    }
  }
  const match = /^(\S+)\s*([\s\S]*)$/.exec(rest);
  return { name: (match?.[1] ?? '').replace(/_/g, ' '), message: (match?.[2] ?? '').trim() };
}

/**
 * Parses what the player typed. `/pm Name message` and `@Name message` are private messages;
 * anything else (including other `/commands`) goes to the server as chat. Messages are cut to
 * CHAT_MAX_LENGTH characters (the server would cut them there too).
 */
export function parseChatInput(raw: string, knownNames: readonly string[] = []): ChatIntent {
  const text = raw.trim();
  if (text.length === 0) return { kind: 'none' };
  let rest: string | undefined;
  const pm = /^\/(?:pm|msg|tell|w)(?:\s+|$)/i.exec(text);
  if (pm) rest = text.slice(pm[0].length);
  else if (text.startsWith('@')) rest = text.slice(1);
  if (rest === undefined) return { kind: 'public', message: clip(text) };
  rest = rest.trim();
  if (rest.length === 0)
    return { kind: 'invalid', reason: 'usage: /pm <name> <message> or @<name> <message>' };
  const { name, message } = splitTarget(rest, knownNames);
  if (message.length === 0) return { kind: 'invalid', reason: `type a message for ${name}` };
  return { kind: 'pm', name, message: clip(message) };
}

/** The friend a name refers to (case-insensitive, `_` = space). */
export function findByName<T extends { name: string }>(list: readonly T[], name: string): T | undefined {
  const n = normalizeName(name);
  return list.find((x) => normalizeName(x.name) === n);
}

export type ChatFilter = 'all' | 'public' | 'private' | 'game';

export const CHAT_FILTERS: { id: ChatFilter; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'public', label: 'Public' },
  { id: 'private', label: 'Private' },
  { id: 'game', label: 'Game' },
];

/** The filter tab a channel belongs to. */
export function filterOf(channel: ChatLine['channel']): Exclude<ChatFilter, 'all'> {
  switch (channel) {
    case 'public':
      return 'public';
    case 'private':
    case 'private_out':
      return 'private';
    default:
      return 'game';
  }
}

/** Whether a line shows under a filter. */
export function lineVisible(line: Pick<ChatLine, 'channel'>, filter: ChatFilter): boolean {
  return filter === 'all' || filterOf(line.channel) === filter;
}

/**
 * The text content of a line: "<from>: <message>" for lines with a speaker, the message alone
 * otherwise. (The "From" / "To" of private lines is drawn by CSS so the text stays this shape.)
 */
export function lineText(line: Pick<ChatLine, 'from' | 'text'>): string {
  return line.from ? `${line.from}: ${line.text}` : line.text;
}
