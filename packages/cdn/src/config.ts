import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { MetricsAccess } from './metrics';

/** Where and how the CDN listens, read from the environment by {@link loadCdnConfig}. */
export interface CdnConfig {
  port: number;
  host: string;
  root: string;
  /** METRICS_TOKEN and NODE_ENV: who may read `/metrics` (docs/cdn.md). */
  metrics: MetricsAccess;
}

/** `<repo>/assets`, found relative to this file so the CDN works from any working directory. */
export const DEFAULT_ASSET_ROOT = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../assets',
);

const envSchema = z.object({
  CDN_PORT: z
    .string()
    .regex(/^\d+$/, 'CDN_PORT must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(1, 'CDN_PORT must be 1-65535').max(65535, 'CDN_PORT must be 1-65535'))
    .optional(),
  CDN_HOST: z.string().min(1).optional(),
  CDN_ROOT: z.string().min(1).optional(),
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{1,512}$/, 'METRICS_TOKEN must be 1 to 512 printable ASCII characters without spaces')
    .optional(),
  // Read only to tell production apart; other values are the server's to judge.
  NODE_ENV: z.string().optional(),
});

/** Every environment variable the CDN's configuration reads (deployment files are checked against it). */
export const CDN_CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

/**
 * Parses CDN_PORT (default 8080, the port the game server expects for a local CDN), CDN_HOST
 * (default 0.0.0.0) and CDN_ROOT (default `<repo>/assets`). Throws one readable error listing
 * every invalid variable, so a typo fails at startup instead of binding a surprising port.
 */
export function loadCdnConfig(env: Record<string, string | undefined>): CdnConfig {
  const parsed = envSchema.safeParse({
    CDN_PORT: blankToUndefined(env['CDN_PORT']),
    CDN_HOST: blankToUndefined(env['CDN_HOST']),
    CDN_ROOT: blankToUndefined(env['CDN_ROOT']),
    METRICS_TOKEN: blankToUndefined(env['METRICS_TOKEN']),
    NODE_ENV: blankToUndefined(env['NODE_ENV']),
  });
  const production = parsed.data?.NODE_ENV === 'production';
  const token = parsed.data?.METRICS_TOKEN;
  if (parsed.success && production && token !== undefined && token.length < 32)
    throw new Error(
      'Invalid CDN configuration:\n  METRICS_TOKEN: must be at least 32 characters in production',
    );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid CDN configuration:\n  ${lines.join('\n  ')}`);
  }
  return {
    port: parsed.data.CDN_PORT ?? 8080,
    host: parsed.data.CDN_HOST ?? '0.0.0.0',
    root: path.resolve(parsed.data.CDN_ROOT ?? DEFAULT_ASSET_ROOT),
    metrics: { token, open: !production && token === undefined },
  };
}

function blankToUndefined(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}
