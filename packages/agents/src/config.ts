import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { MetricsAccess } from './metrics';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** World numbers as the game server's WORLD_ID takes them. */
const worldNumber = z.coerce.number().int().min(1).max(4095);

const envSchema = z.object({
  AGENT_PORT: z.coerce.number().int().min(0).max(65_535).default(4001),
  AGENT_HOST: z.string().default('127.0.0.1'),
  /** The game server's HTTP base address (its /ws is derived from it). */
  GAME_SERVER_URL: z.url().default('http://127.0.0.1:5555'),
  /**
   * The game server's credential for the runtime (its AGENT_RUNTIME_SECRET): the runtime's agents
   * and their session tokens come from the game server with it. Required by the runtime (main.ts).
   */
  AGENT_RUNTIME_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The world the runtime plays its agents on; defaults to WORLD_ID, then 1. */
  AGENT_WORLD_ID: worldNumber.optional(),
  WORLD_ID: worldNumber.optional(),
  /** Where owner.json (the default agents' owner account id, no token) lives. */
  AGENT_DATA_DIR: z.string().default(`${repoRoot}world/agents`),
  /** The public world map the agents read placements from (the same file the CDN serves). */
  AGENT_WORLD_AREAS: z.string().default(`${repoRoot}assets/manifests/world-areas.json`),
  /** How many agents `npm start` creates on first start (0: none). */
  AGENT_DEFAULT_COUNT: z.coerce.number().int().min(0).max(50).default(0),
  AGENT_LLM_URL: z.url().optional(),
  AGENT_LLM_API_KEY: z.string().optional(),
  AGENT_LLM_MODEL: z.string().default('gpt-4o-mini'),
  AGENT_LLM_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
  /** The bearer token GET /metrics asks for; without it /metrics is open outside production and 404 in it. */
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{1,512}$/, 'must be 1 to 512 printable ASCII characters without spaces')
    .optional(),
  // Read only to tell production apart; other values are the server's to judge.
  NODE_ENV: z.string().optional(),
});

/** Every environment variable the runtime's configuration reads (deployment files are checked against it). */
export const AGENT_CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

/** The runtime's settings, from the environment (see docs/agent-runtime.md). */
export type AgentRuntimeConfig = z.infer<typeof envSchema>;

/** Validates the environment; throws with every problem listed. An empty value counts as unset, as for the server. */
export function loadAgentConfig(env: NodeJS.ProcessEnv): AgentRuntimeConfig {
  const set = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = envSchema
    .refine(
      (e) => e.NODE_ENV !== 'production' || e.METRICS_TOKEN === undefined || e.METRICS_TOKEN.length >= 32,
      {
        message: 'must be at least 32 characters in production',
        path: ['METRICS_TOKEN'],
      },
    )
    .safeParse(set);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`invalid agent runtime environment: ${problems}`);
  }
  return parsed.data;
}

/** Who may read the runtime's /metrics (see metrics.ts). */
export function metricsAccess(config: AgentRuntimeConfig): MetricsAccess {
  const token = config.METRICS_TOKEN;
  return { token, open: config.NODE_ENV !== 'production' && token === undefined };
}

/** The world the runtime plays on: AGENT_WORLD_ID, else WORLD_ID (shared with a server started alongside), else 1. */
export function agentWorldId(config: AgentRuntimeConfig): number {
  return config.AGENT_WORLD_ID ?? config.WORLD_ID ?? 1;
}
