import { z } from 'zod';

/**
 * The tick length: 600 ms, as the game is played. Accelerated time (TICK_MS, 5 to 600 ms) is for
 * tests (NODE_ENV=test) and evaluation worlds (EVAL_MODE, docs/evaluation.md) only; production
 * refuses both, so a live world never runs fast by a stray variable.
 */
export const ticksEnvSchema = <B extends z.ZodType<boolean, string>>(evalMode: B) =>
  z.object({
    TICK_MS: z
      .string()
      .trim()
      .regex(/^\d+$/, 'TICK_MS must be a whole number of milliseconds')
      .transform(Number)
      .refine((n) => n >= 5 && n <= 600, 'TICK_MS must be between 5 and 600')
      .optional(),
    EVAL_MODE: evalMode.optional(),
  });

export interface TicksResolution {
  tickMs: number;
  evalMode: boolean;
  problems: string[];
  warnings: string[];
}

export function resolveTicks(
  e: { TICK_MS?: number | undefined; EVAL_MODE?: boolean | undefined },
  nodeEnv: string,
): TicksResolution {
  const production = nodeEnv === 'production';
  const problems: string[] = [];
  const warnings: string[] = [];
  if (e.EVAL_MODE && production) problems.push('EVAL_MODE is refused with NODE_ENV=production');
  else if (production && e.TICK_MS !== undefined && e.TICK_MS < 600)
    problems.push('TICK_MS below 600 is refused with NODE_ENV=production');
  const shortTicks = nodeEnv === 'test' || (e.EVAL_MODE ?? false);
  if (e.TICK_MS !== undefined && !shortTicks && !production)
    warnings.push('TICK_MS is ignored outside NODE_ENV=test and EVAL_MODE');
  return {
    tickMs: shortTicks && e.TICK_MS !== undefined ? e.TICK_MS : 600,
    evalMode: e.EVAL_MODE ?? false,
    problems,
    warnings,
  };
}
