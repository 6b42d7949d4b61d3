import type { z } from 'zod';

/**
 * Friends, ignore lists, private messages and presence: the client events (part of clientEvents)
 * and the server events (part of serverEvents). The specification leaves their names to us; they
 * follow the `domain:verb` style of the other events and are documented in docs/protocol.md.
 */
export const socialClientEvents = {} as const satisfies Record<string, { schema: z.ZodType }>;

export const socialServerEvents = {} as const satisfies Record<string, { schema: z.ZodType }>;
