import { CHAT_MAX_LENGTH } from '@tilerealm/protocol';

// C0 and C1 controls, DEL, zero-width and bidirectional override characters.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/g;

/** Chat text as others see it: control characters removed, whitespace collapsed, length capped. */
export function sanitizeChat(raw: string): string {
  const clean = raw.replace(CONTROL, '').replace(/\s+/g, ' ').trim();
  return [...clean].slice(0, CHAT_MAX_LENGTH).join('');
}
