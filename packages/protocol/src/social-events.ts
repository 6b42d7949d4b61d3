import { z } from 'zod';
import { CHAT_MAX_LENGTH } from './chat-limits';

/**
 * Friends, ignore lists, private messages and presence: the client events (part of clientEvents)
 * and the server events (part of serverEvents). The specification leaves their names to us; they
 * follow the `domain:verb` style of the other events and are documented in docs/protocol.md and
 * docs/social.md. The server answers every social request itself (outside the world tick) with
 * `ack` or `error`, like any other request.
 */

/** The most friends plus pending requests you sent that one character may have. */
export const FRIENDS_MAX = 200;
/** The most characters one account may ignore. */
export const IGNORED_MAX = 200;
/** Private messages one character may send within {@link PM_WINDOW_MS}. */
export const PM_MAX_PER_WINDOW = 5;
/** The sliding window of the private message limit (5 seconds). */
export const PM_WINDOW_MS = 5_000;

const playerId = z.string().min(1).max(64);

/**
 * A character name as typed by a player (matched case-insensitively): the shape every character
 * name has (1-12 letters, digits and single spaces, hyphens or underscores between them).
 */
const characterName = z
  .string()
  .min(1)
  .max(12)
  .regex(/^[A-Za-z0-9]+(?:[ _-][A-Za-z0-9]+)*$/, 'not a character name');

const playerRef = z.object({ id: z.string(), name: z.string() });

const friendEntry = z.object({
  id: z.string(),
  name: z.string(),
  online: z.boolean(),
  world: z
    .number()
    .int()
    .positive()
    .nullable()
    .describe('The world the friend plays on (this server hosts world 1); null when offline.'),
});

export const socialClientEvents = {
  'friends:request': {
    description: `Send a friend request to a character by name (case-insensitive). When that character already asked you, this accepts their request instead (ack \`result.status\` is \`accepted\`, else \`requested\`). Your friends plus the requests you sent are limited to ${FRIENDS_MAX}.`,
    schema: z.strictObject({ name: characterName }),
    example: { name: 'Alice' },
  },
  'friends:respond': {
    description:
      'Accept or decline a friend request you received (social:state `incoming`). Accepting makes you friends; either way the request is gone.',
    schema: z.strictObject({ playerId, accept: z.boolean() }),
    example: { playerId: 'c7…', accept: true },
  },
  'friends:cancel': {
    description: 'Withdraw a friend request you sent (social:state `outgoing`).',
    schema: z.strictObject({ playerId }),
    example: { playerId: 'c7…' },
  },
  'friends:remove': {
    description: 'End a friendship (for both sides).',
    schema: z.strictObject({ playerId }),
    example: { playerId: 'c7…' },
  },
  'ignore:add': {
    description: `Put a character on your account's ignore list (at most ${IGNORED_MAX}): their public chat, private messages, friend and trade requests no longer reach any of your characters. Also ends any friendship and pending request between them and this character.`,
    schema: z.strictObject({ name: characterName }),
    example: { name: 'Spammer' },
  },
  'ignore:remove': {
    description: "Take a character off your account's ignore list.",
    schema: z.strictObject({ playerId }),
    example: { playerId: 'c7…' },
  },
  'pm:send': {
    description: `Send a private message to a friend who is online. Sanitized and limited like public chat; at most ${PM_MAX_PER_WINDOW} messages every ${PM_WINDOW_MS / 1000} seconds. Ack \`result.message\` is the text as delivered.`,
    schema: z.strictObject({
      toPlayerId: playerId,
      message: z
        .string()
        .min(1)
        .max(CHAT_MAX_LENGTH * 2),
    }),
    example: { toPlayerId: 'c7…', message: 'meet me at the bank' },
  },
} as const satisfies Record<string, { description: string; schema: z.ZodType; example: unknown }>;

export const socialServerEvents = {
  'social:state': {
    description:
      'Your whole social lists: sent when your session starts (or resumes) and after every change to any of them, including changes made by the other player.',
    schema: z.object({
      friends: z.array(friendEntry),
      incoming: z.array(playerRef).describe('Friend requests waiting for your answer, oldest first.'),
      outgoing: z.array(playerRef).describe('Friend requests you sent that are still waiting, oldest first.'),
      ignored: z.array(playerRef).describe("Your account's ignore list."),
    }),
    example: {
      friends: [{ id: 'c7…', name: 'Alice', online: true, world: 1 }],
      incoming: [{ id: 'c9…', name: 'Bob' }],
      outgoing: [],
      ignored: [],
    },
  },
  'friends:requestReceived': {
    description: 'Someone sent you a friend request (answer with friends:respond).',
    schema: z.object({ from: playerRef }),
    example: { from: { id: 'c9…', name: 'Bob' } },
  },
  'friends:presence': {
    description:
      'A friend came online (a new session; not a reconnect within the grace period) or went offline (their session ended).',
    schema: z.object({
      playerId: z.string(),
      name: z.string(),
      online: z.boolean(),
      world: z.number().int().positive().nullable(),
    }),
    example: { playerId: 'c7…', name: 'Alice', online: true, world: 1 },
  },
  'pm:message': {
    description: 'A private message from a friend.',
    schema: z.object({ from: playerRef, message: z.string() }),
    example: { from: { id: 'c7…', name: 'Alice' }, message: 'meet me at the bank' },
  },
} as const satisfies Record<string, { description: string; schema: z.ZodType; example: unknown }>;

/** The client events the social service answers (they never reach the world). */
export type SocialClientEventName = keyof typeof socialClientEvents;

/** Whether a client event is one of the social events. */
export function isSocialClientEventName(name: string): name is SocialClientEventName {
  return Object.hasOwn(socialClientEvents, name);
}
