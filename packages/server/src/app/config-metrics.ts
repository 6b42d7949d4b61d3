import { z } from 'zod';

/**
 * Who may read the Prometheus metrics (docs/operations.md, "Metrics"): METRICS_TOKEN protects
 * `/metrics` on the main port with a bearer token; METRICS_PORT opens a listener of its own (on
 * METRICS_HOST, 127.0.0.1 unless told) that serves only `/metrics`, without a token, for a scraper
 * on the same host or network namespace.
 */

/** The shortest METRICS_TOKEN production accepts. */
export const MIN_PRODUCTION_METRICS_TOKEN = 32;

export const metricsEnvSchema = z.object({
  METRICS_TOKEN: z
    .string()
    .trim()
    .min(1)
    .max(512, 'METRICS_TOKEN must be at most 512 characters')
    .regex(/^[\x21-\x7e]+$/, 'METRICS_TOKEN must be printable ASCII without spaces')
    .optional(),
  METRICS_PORT: z
    .string()
    .trim()
    .regex(/^\d+$/, 'METRICS_PORT must be an integer between 0 and 65535')
    .transform(Number)
    .refine((n) => n >= 0 && n <= 65535, 'METRICS_PORT must be an integer between 0 and 65535')
    .optional(),
  METRICS_HOST: z.string().trim().min(1).optional(),
});

export interface MetricsConfig {
  /** METRICS_TOKEN: the bearer token `/metrics` on the main port asks for; unset: see `open`. */
  token: string | undefined;
  /**
   * Whether `/metrics` on the main port answers without a token: only outside production, and
   * only while METRICS_TOKEN is unset. In production without a token it answers 404.
   */
  open: boolean;
  /** METRICS_PORT/METRICS_HOST: the separate metrics listener (only `/metrics`, no token); unset: none. */
  listener: { port: number; host: string } | undefined;
}

/** The metrics settings from the parsed variables, with the problems and notices they raise. */
export function resolveMetricsConfig(
  e: z.infer<typeof metricsEnvSchema>,
  production: boolean,
): { metrics: MetricsConfig; problems: string[]; warnings: string[] } {
  const problems: string[] = [];
  const warnings: string[] = [];
  if (production && e.METRICS_TOKEN !== undefined && e.METRICS_TOKEN.length < MIN_PRODUCTION_METRICS_TOKEN)
    problems.push(`METRICS_TOKEN must be at least ${MIN_PRODUCTION_METRICS_TOKEN} characters in production`);
  if (e.METRICS_HOST !== undefined && e.METRICS_PORT === undefined)
    warnings.push('METRICS_HOST is ignored because METRICS_PORT is not set');
  return {
    metrics: {
      token: e.METRICS_TOKEN,
      open: !production && e.METRICS_TOKEN === undefined,
      listener:
        e.METRICS_PORT === undefined
          ? undefined
          : { port: e.METRICS_PORT, host: e.METRICS_HOST ?? '127.0.0.1' },
    },
    problems,
    warnings,
  };
}
