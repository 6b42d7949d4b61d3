import { z } from 'zod';
import { DEFAULT_SETTINGS } from '../sim/core/world';

/**
 * The world node's identity and the shared services of a many-world deployment
 * (docs/scaling.md): which world this process runs, what the world list shows of it, how long a
 * crashed world's character leases outlive it, and the Redis that carries cross-world social.
 */

const whole = (name: string, min: number, max: number, unit = '') =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `${name} must be a whole number${unit}`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${name} must be between ${min} and ${max}${unit}`);

/** The largest world number (the world list shows numbers as players know them: 1, 2, ... 4095). */
export const MAX_WORLD_ID = 4095;

/** Players from which a world scans its views on a worker thread, by default (docs/performance.md). */
export const DEFAULT_VIEW_THREAD_FROM = 1000;

/** Default lifetime of a character lease whose world stopped renewing it (a crashed world). */
export const DEFAULT_LEASE_TTL_MS = 30_000;

export const worldEnvSchema = z.object({
  WORLD_ID: whole('WORLD_ID', 1, MAX_WORLD_ID).optional(),
  WORLD_NAME: z.string().trim().min(1).max(40, 'WORLD_NAME must be at most 40 characters').optional(),
  WORLD_ACTIVITY: z.string().trim().max(60, 'WORLD_ACTIVITY must be at most 60 characters').optional(),
  WORLD_CAPACITY: whole('WORLD_CAPACITY', 1, 20_000).optional(),
  CHARACTER_LEASE_TTL_MS: whole('CHARACTER_LEASE_TTL_MS', 1000, 600_000, ' milliseconds').optional(),
  VIEW_CROWD: whole('VIEW_CROWD', 8, 2000).optional(),
  VIEW_THREAD_FROM: whole('VIEW_THREAD_FROM', 0, 1_000_000).optional(),
  REDIS_URL: z
    .string()
    .trim()
    .refine((v) => {
      try {
        return ['redis:', 'rediss:'].includes(new URL(v).protocol);
      } catch {
        return false;
      }
    }, 'REDIS_URL must be a URL (redis: or rediss:)')
    .optional(),
});

export interface WorldConfig {
  /** WORLD_ID: this process's world number (default 1). */
  id: number;
  /** WORLD_NAME: what the world list calls it (default `World <id>`). */
  name: string;
  /** WORLD_ACTIVITY: the short text the world list shows beside it (e.g. "Trade", "Skill total 500"). */
  activity: string;
  /** WORLD_CAPACITY: the most players in the world at once; logins beyond it get close 4012. */
  capacity: number;
  /**
   * CHARACTER_LEASE_TTL_MS: how long a character lease lives without its world renewing it; the
   * world renews its leases every third of it. After a world crash, its characters can log in
   * elsewhere once this has passed.
   */
  leaseTtlMs: number;
  /**
   * VIEW_CROWD: how many players and NPCs a player's view holds before it shrinks, a tile a tick, as
   * in a crowd (features/sync).
   */
  viewCrowd: number;
  /**
   * VIEW_THREAD_FROM: the players from which the views are scanned on a worker thread (0: never;
   * features/sync/view-thread.ts).
   */
  viewThreadFrom: number;
}

/** The world's configuration from the parsed variables. */
export function resolveWorldConfig(e: z.infer<typeof worldEnvSchema>): {
  world: WorldConfig;
  redisUrl: string | undefined;
} {
  const id = e.WORLD_ID ?? 1;
  return {
    world: {
      id,
      name: e.WORLD_NAME ?? `World ${id}`,
      activity: e.WORLD_ACTIVITY ?? '',
      capacity: e.WORLD_CAPACITY ?? 2000,
      leaseTtlMs: e.CHARACTER_LEASE_TTL_MS ?? DEFAULT_LEASE_TTL_MS,
      viewCrowd: e.VIEW_CROWD ?? DEFAULT_SETTINGS.viewCrowd,
      viewThreadFrom: e.VIEW_THREAD_FROM ?? DEFAULT_VIEW_THREAD_FROM,
    },
    redisUrl: e.REDIS_URL,
  };
}
