import { z } from 'zod';

/**
 * The world list (`GET /api/v1/worlds`, public): every world of the deployment with its public
 * WebSocket address, population and status. A world whose heartbeat is stale shows `offline`;
 * one shutting down shows `draining`; one at its capacity `full`.
 */
export const WORLD_STATUSES = ['online', 'full', 'draining', 'offline'] as const;
export type WorldStatus = (typeof WORLD_STATUSES)[number];

/** One world of the list; fields a newer server adds are kept. */
export const worldEntrySchema = z.looseObject({
  /** The world number players know (1, 2, ...). */
  id: z.number().int().positive(),
  name: z.string(),
  /** The world's WebSocket address (`ws://` or `wss://` URL of its `/ws`). */
  address: z.string().refine(isSocketUrl, { message: 'address must be a ws:// or wss:// URL' }),
  population: z.number().int().nonnegative(),
  capacity: z.number().int().nonnegative(),
  /** A short text shown beside it ("Trade", "Skill total 500"); may be empty. */
  activity: z.string(),
  status: z.enum(WORLD_STATUSES),
  /** True for the world that answered the request. */
  current: z.boolean().optional(),
});
export type WorldEntry = z.infer<typeof worldEntrySchema>;

export const worldListSchema = z.object({ worlds: z.array(worldEntrySchema) });
export type WorldList = z.infer<typeof worldListSchema>;

function isSocketUrl(value: string): boolean {
  try {
    return ['ws:', 'wss:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** True when a login may be tried on the world: it is `online` (not full, draining or offline). */
export function isJoinable(world: Pick<WorldEntry, 'status'>): boolean {
  return world.status === 'online';
}

/** The world number named in a close reason such as `logged_in_elsewhere: world 2`, if any. */
export function worldOfReason(reason: string): number | undefined {
  const match = /\bworld (\d{1,9})\b/i.exec(reason);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}
