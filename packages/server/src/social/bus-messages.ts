import { CHAT_MAX_LENGTH, serverEvents } from '@tilerealm/protocol';
import { z } from 'zod';
import type { OutEvent } from '../sim/core/types';

/*
 * What worlds send each other over Redis pub/sub, as JSON. Every message is checked on arrival
 * (another process wrote it): a malformed one is logged and dropped.
 */

/** The events one world may deliver to another's characters: the social notices. */
const RELAYED_EVENTS = ['pm:message', 'friends:requestReceived', 'friends:presence'] as const;

const relayedEvent = z
  .object({ event: z.enum(RELAYED_EVENTS), data: z.unknown() })
  .transform((e, ctx): OutEvent => {
    const parsed = serverEvents[e.event].schema.safeParse(e.data);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: `invalid ${e.event} payload` });
      return z.NEVER;
    }
    // Parsed by the schema of the event it is tagged with.
    return { event: e.event, data: parsed.data } as OutEvent;
  });

const characterId = z.string().min(1).max(64);
const worldId = z.number().int().min(1);
/** Where the answer to a request goes: the asking world's channel, under the request's number. */
const replyTo = z.object({ world: worldId, id: z.number().int().nonnegative() });

export const busMessage = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('deliver'),
    to: characterId,
    events: z.array(relayedEvent).min(1).max(16),
    connectedOnly: z.boolean(),
    reply: replyTo.optional(),
  }),
  z.object({ kind: z.literal('refresh'), to: characterId }),
  z.object({ kind: z.literal('kick'), to: characterId, reply: replyTo }),
  z.object({ kind: z.literal('logout'), to: characterId, reply: replyTo }),
  z.object({ kind: z.literal('broadcast'), from: worldId, message: z.string().min(1).max(CHAT_MAX_LENGTH) }),
  z.object({ kind: z.literal('reply'), id: z.number().int().nonnegative(), done: z.boolean() }),
]);

export type BusMessage = z.infer<typeof busMessage>;

/** Reads one message; undefined when it is not one (not JSON, or not a valid message). */
export function parseBusMessage(raw: string): BusMessage | undefined {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const parsed = busMessage.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}
