import { z } from 'zod';

/**
 * Load shedding (docs/operations.md, "Health, readiness and pressure"): past these limits the
 * server answers requests with 503 and `Retry-After` instead of queueing them behind a loop that
 * no longer keeps up. The probes (/health, /ready, /metrics) are always answered.
 */

const whole = (name: string, min: number, max: number, unit: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `${name} must be a whole number of ${unit}`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${name} must be between ${min} and ${max} ${unit}`);

export const pressureEnvSchema = z.object({
  PRESSURE_MAX_EVENT_LOOP_DELAY_MS: whole(
    'PRESSURE_MAX_EVENT_LOOP_DELAY_MS',
    0,
    60_000,
    'milliseconds',
  ).optional(),
  PRESSURE_MAX_EVENT_LOOP_UTILIZATION: z
    .string()
    .trim()
    .regex(/^(0(\.\d+)?|1(\.0+)?)$/, 'PRESSURE_MAX_EVENT_LOOP_UTILIZATION must be a number between 0 and 1')
    .transform(Number)
    .optional(),
  PRESSURE_RETRY_AFTER_SECONDS: whole('PRESSURE_RETRY_AFTER_SECONDS', 1, 3600, 'seconds').optional(),
});

export interface PressureConfig {
  /** Mean event-loop delay (ms, over the last second) past which requests are shed; 0 turns it off. */
  maxEventLoopDelayMs: number;
  /** Event-loop utilisation (0 to 1) past which requests are shed; 0 turns it off. */
  maxEventLoopUtilization: number;
  /** The `Retry-After` of a shed request, in seconds. */
  retryAfterSeconds: number;
}

/** The event-loop delay past which requests are shed unless PRESSURE_MAX_EVENT_LOOP_DELAY_MS says otherwise. */
export const DEFAULT_MAX_EVENT_LOOP_DELAY_MS = 1000;

/**
 * The load-shedding limits from the parsed variables. Under NODE_ENV=test shedding is off unless a
 * limit is set: a test run's own load (a whole suite on two cores) must not turn its requests away.
 */
export function resolvePressureConfig(
  e: z.infer<typeof pressureEnvSchema>,
  nodeEnv: string,
): { pressure: PressureConfig } {
  return {
    pressure: {
      maxEventLoopDelayMs:
        e.PRESSURE_MAX_EVENT_LOOP_DELAY_MS ?? (nodeEnv === 'test' ? 0 : DEFAULT_MAX_EVENT_LOOP_DELAY_MS),
      maxEventLoopUtilization: e.PRESSURE_MAX_EVENT_LOOP_UTILIZATION ?? 0,
      retryAfterSeconds: e.PRESSURE_RETRY_AFTER_SECONDS ?? 10,
    },
  };
}
