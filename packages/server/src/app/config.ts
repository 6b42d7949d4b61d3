import { trustProxy } from './config-proxy';
import { z } from 'zod';
import { resolveVoiceConfig, type VoiceConfig } from '../voice/config';
import { resolveWorldConfig, worldEnvSchema, type WorldConfig } from './config-world';
import { metricsEnvSchema, resolveMetricsConfig, type MetricsConfig } from './config-metrics';
import { pressureEnvSchema, resolvePressureConfig, type PressureConfig } from './config-pressure';
import { resolveTicks, ticksEnvSchema } from './config-ticks';
import { bool } from './config-values';
import { resolveWebsocketConfig, websocketEnvSchema, type WebsocketConfig } from './config-websocket';

export type { VoiceConfig } from '../voice/config';
export type { WorldConfig } from './config-world';

/**
 * Runtime configuration: every environment variable, parsed and validated in one place (nothing else
 * in the server reads `process.env`). `loadConfig` reports every problem together, never one by one.
 */

const port = (name: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `${name} must be an integer between 0 and 65535`)
    .transform(Number)
    .refine((n) => n >= 0 && n <= 65535, `${name} must be an integer between 0 and 65535`);

const url = (name: string, protocols: readonly string[]) =>
  z
    .string()
    .trim()
    .refine(
      (v) => {
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      `${name} must be a URL (${protocols.join(' or ')})`,
    )
    .transform((v) => v.replace(/\/+$/, ''));

const text = z.string().trim().min(1);

const millis = (name: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, `${name} must be a whole number of milliseconds`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${name} must be between ${min} and ${max} milliseconds`);

export const NODE_ENVS = ['development', 'production', 'test'] as const;
export type NodeEnv = (typeof NODE_ENVS)[number];

/** Fail point names: `<step>:beforeCommit` or `<step>:afterCommit` (e.g. `death:afterCommit`). */
export const FAILPOINT_NAME = /^[a-z]+:(beforeCommit|afterCommit)$/;

const failpointList = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((n) => n.trim())
      .filter((n) => n !== ''),
  )
  .superRefine((names, ctx) => {
    const bad = names.filter((n) => !FAILPOINT_NAME.test(n));
    if (bad.length > 0)
      ctx.addIssue({
        code: 'custom',
        message: `FAILPOINTS must be comma-separated <step>:beforeCommit or <step>:afterCommit names (e.g. death:afterCommit); not ${bad.join(', ')}`,
      });
  });

/** The graceful shutdown's deadline when SHUTDOWN_TIMEOUT_MS is not set. */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;

/** The raw environment schema: names exactly as operators write them. Empty strings count as unset. */
const envSchema = z
  .object({
    PORT: port('PORT').optional(),
    HOST: text.optional(),
    NODE_ENV: z.enum(NODE_ENVS, { message: `NODE_ENV must be one of ${NODE_ENVS.join(', ')}` }).optional(),
    WORLD: text.optional(),
    DATABASE_URL: url('DATABASE_URL', ['postgres:', 'postgresql:']).optional(),
    USE_LOCAL_POSTGRES: bool('USE_LOCAL_POSTGRES').optional(),
    JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
    ANONYMOUS_TOKEN_TTL_SECONDS: z
      .string()
      .trim()
      .regex(/^\d+$/, 'ANONYMOUS_TOKEN_TTL_SECONDS must be a whole number of seconds')
      .transform(Number)
      .refine(
        (n) => n >= 3600 && n <= 31_536_000,
        'ANONYMOUS_TOKEN_TTL_SECONDS must be between 3600 (one hour) and 31536000 (365 days)',
      )
      .optional(),
    ADMIN_CODE: z.string().min(8, 'ADMIN_CODE must be at least 8 characters').optional(),
    PUBLIC_IDP_APP_ID: text.optional(),
    IDP_APP_SECRET: text.optional(),
    IDP_JWKS_URL: url('IDP_JWKS_URL', ['https:', 'http:']).optional(),
    IDP_VERIFICATION_KEY: text.optional(),
    IDP_ISSUER: text.optional(),
    PUBLIC_CDN_URL: url('PUBLIC_CDN_URL', ['http:', 'https:']).optional(),
    PRODUCTION_CDN_URL: url('PRODUCTION_CDN_URL', ['http:', 'https:']).optional(),
    PUBLIC_API_URL: url('PUBLIC_API_URL', ['http:', 'https:']).optional(),
    PUBLIC_WS_URL: url('PUBLIC_WS_URL', ['ws:', 'wss:']).optional(),
    PUBLIC_APP_URL: url('PUBLIC_APP_URL', ['http:', 'https:']).optional(),
    CLIENT_URL: url('CLIENT_URL', ['http:', 'https:']).optional(),
    AGENT_URL: url('AGENT_URL', ['http:', 'https:']).optional(),
    AGENT_API_URL: url('AGENT_API_URL', ['http:', 'https:']).optional(),
    AGENT_PORT: port('AGENT_PORT').optional(),
    AGENT_RUNTIME_SECRET: z
      .string()
      .min(32, 'AGENT_RUNTIME_SECRET must be at least 32 characters')
      .optional(),
    SKIP_MANIFESTS: bool('SKIP_MANIFESTS').optional(),
    SKIP_ASSETS: bool('SKIP_ASSETS').optional(),
    CI: bool('CI').optional(),
    SAVE_INTERVAL: z
      .string()
      .trim()
      .regex(/^\d+$/, 'SAVE_INTERVAL must be a whole number of seconds')
      .transform(Number)
      .refine((n) => n >= 1 && n <= 86_400, 'SAVE_INTERVAL must be between 1 and 86400 seconds')
      .optional(),
    DISABLE_RATE_LIMIT: bool('DISABLE_RATE_LIMIT').optional(),
    TRUST_PROXY: trustProxy.optional(),
    FAILPOINTS: failpointList.optional(),
    VOICE_API_KEY: text.optional(),
    VOICE_API_SECRET: text.optional(),
    VOICE_URL: url('VOICE_URL', ['ws:', 'wss:', 'http:', 'https:']).optional(),
    COMMIT_HASH: text.optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
    WORLD_SEED: z
      .string()
      .trim()
      .regex(/^\d{1,10}$/, 'WORLD_SEED must be an integer between 0 and 4294967295')
      .transform(Number)
      .refine((n) => n <= 4294967295, 'WORLD_SEED must be an integer between 0 and 4294967295')
      .optional(),
    INPUT_LOG: text.optional(),
    RECONNECT_GRACE_MS: z
      .string()
      .trim()
      .regex(/^\d+$/, 'RECONNECT_GRACE_MS must be a whole number of milliseconds')
      .transform(Number)
      .optional(),
    DATABASE_STATEMENT_TIMEOUT_MS: millis('DATABASE_STATEMENT_TIMEOUT_MS', 100, 3_600_000).optional(),
    DATABASE_CONNECT_TIMEOUT_MS: millis('DATABASE_CONNECT_TIMEOUT_MS', 100, 120_000).optional(),
    SHUTDOWN_TIMEOUT_MS: z
      .string()
      .trim()
      .regex(/^\d+$/, 'SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds')
      .transform(Number)
      .refine((n) => n >= 1000 && n <= 600_000, 'SHUTDOWN_TIMEOUT_MS must be between 1000 and 600000')
      .optional(),
  })
  .extend(worldEnvSchema.shape)
  .extend(metricsEnvSchema.shape)
  .extend(pressureEnvSchema.shape)
  .extend(websocketEnvSchema.shape)
  .extend(ticksEnvSchema(bool('EVAL_MODE')).shape);

/** Every environment variable the server reads, as operators write it (deployment files are checked against it). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

/** How long an anonymous identity's session token lives unless ANONYMOUS_TOKEN_TTL_SECONDS says otherwise: 30 days. */
export const DEFAULT_ANONYMOUS_TOKEN_TTL_SECONDS = 30 * 24 * 3600;

/** The variables production refuses to start without, in the order they are reported. */
export const PRODUCTION_REQUIRED = [
  'DATABASE_URL',
  'JWT_SECRET',
  'ADMIN_CODE',
  'PUBLIC_IDP_APP_ID',
  'IDP_APP_SECRET',
] as const;

export interface IdentityProviderConfig {
  appId: string;
  appSecret: string | undefined;
  jwksUrl: string | undefined;
  verificationKey: string | undefined;
  issuer: string | undefined;
}

/** Every setting; the WebSocket endpoint's are in {@link WebsocketConfig}. */
export interface Config extends WebsocketConfig {
  env: NodeEnv;
  port: number;
  host: string;
  worldDir: string;
  databaseUrl: string | undefined;
  useLocalPostgres: boolean;
  /** Undefined outside production when not configured: the app then generates and persists one. */
  jwtSecret: string | undefined;
  /** Lifetime of the session tokens of anonymous identities (REST and WebSocket-issued), in seconds. */
  anonymousTokenTtlSeconds: number;
  adminCode: string | undefined;
  /** Set when an identity provider is configured; otherwise the server runs in anonymous mode. */
  idp: IdentityProviderConfig | undefined;
  publicCdnUrl: string;
  productionCdnUrl: string | undefined;
  publicApiUrl: string;
  publicWsUrl: string;
  publicAppUrl: string | undefined;
  extraOrigins: string[];
  agentApiUrl: string;
  agentPort: number;
  /**
   * The agent runtime's credential for `/api/internal/agent-runtime/*` (its agent records and the
   * session tokens it plays them with); unset: those endpoints refuse every request.
   */
  agentRuntimeSecret: string | undefined;
  skipManifests: boolean;
  skipAssets: boolean;
  ci: boolean;
  saveIntervalSeconds: number;
  rateLimitEnabled: boolean;
  /**
   * Who may name the client address with X-Forwarded-For: nobody (false, the default), a hop count
   * (the server is reached only through that many proxies) or proxy addresses and CIDR ranges.
   */
  trustProxy: false | number | string[];
  /**
   * Crash tests only: names of the fail points at which the process kills itself (SIGKILL), e.g.
   * `death:afterCommit`. Always empty in production.
   */
  failpoints: string[];
  /** Set when VOICE_API_KEY, VOICE_API_SECRET and VOICE_URL are all given (see docs/voice.md). */
  voice: VoiceConfig | undefined;
  commitHash: string;
  logLevel: string;
  /** Seed of the world's random generator; random per start unless WORLD_SEED is set. */
  worldSeed: number | undefined;
  /** When set, every world input is recorded to this NDJSON file (see `npm run replay`). */
  inputLogPath: string | undefined;
  /** 600 ms; NODE_ENV=test or EVAL_MODE (never production) may shorten it with TICK_MS. */
  tickMs: number;
  /** An accelerated evaluation world (`npm run eval`, docs/evaluation.md); refused in production. */
  evalMode: boolean;
  /** How long a dropped connection's player stays in the world (30 s; shorter under NODE_ENV=test). */
  reconnectGraceMs: number;
  /** PostgreSQL timeouts (docs/storage.md, "Timeouts"): statement (10 s) and connect (5 s). */
  databaseTimeouts: { statementMs: number; connectMs: number };
  /** The graceful shutdown's deadline: every step of it is bounded to finish within this. */
  shutdownTimeoutMs: number;
  /** This process's world: number, name, capacity, lease lifetime (app/config-world.ts). */
  world: WorldConfig;
  /** REDIS_URL: cross-world social and shared rate limits; in-process when unset. */
  redisUrl: string | undefined;
  /** Who may read /metrics: METRICS_TOKEN, METRICS_PORT, METRICS_HOST (app/config-metrics.ts). */
  metrics: MetricsConfig;
  /** Load shedding under event-loop pressure (app/config-pressure.ts). */
  pressure: PressureConfig;
}

export interface ConfigResult {
  config: Config;
  /** Non-fatal notices (ignored variables). */
  warnings: string[];
}

/** Thrown when the environment is invalid; `problems` lists every one of them. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses and validates `env` (normally `process.env`). Throws {@link ConfigError} listing all problems. */
export function loadConfig(env: Record<string, string | undefined>): ConfigResult {
  const present = Object.fromEntries(
    Object.keys(envSchema.shape)
      .map((key) => [key, env[key]] as const)
      .filter(([, v]) => v !== undefined && v.trim() !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`),
    );
  }
  const e = parsed.data;
  const nodeEnv: NodeEnv = e.NODE_ENV ?? 'development';
  const production = nodeEnv === 'production';
  const warnings: string[] = [];
  const problems: string[] = [];

  if (production) {
    const missing = PRODUCTION_REQUIRED.filter((k) => e[k] === undefined);
    if (missing.length > 0) {
      problems.push(`NODE_ENV=production requires ${missing.join(', ')} (missing: ${missing.length})`);
    }
    if (e.DISABLE_RATE_LIMIT) warnings.push('DISABLE_RATE_LIMIT is ignored in production');
    if (e.USE_LOCAL_POSTGRES) warnings.push('USE_LOCAL_POSTGRES is ignored in production');
    if (e.FAILPOINTS && e.FAILPOINTS.length > 0) warnings.push('FAILPOINTS is ignored in production');
  }
  if (e.USE_LOCAL_POSTGRES && e.DATABASE_URL && !production) {
    warnings.push('USE_LOCAL_POSTGRES is ignored because DATABASE_URL is set');
  }
  const { voice, problems: voiceProblems } = resolveVoiceConfig(e, production);
  problems.push(...voiceProblems);
  const metrics = resolveMetricsConfig(e, production);
  problems.push(...metrics.problems);
  warnings.push(...metrics.warnings);
  if (e.PUBLIC_IDP_APP_ID && !e.IDP_JWKS_URL && !e.IDP_VERIFICATION_KEY && !e.IDP_APP_SECRET) {
    problems.push(
      'PUBLIC_IDP_APP_ID is set but no way to verify its tokens: set IDP_JWKS_URL, IDP_VERIFICATION_KEY or IDP_APP_SECRET',
    );
  }
  const ticks = resolveTicks(e, nodeEnv);
  problems.push(...ticks.problems);
  warnings.push(...ticks.warnings);
  if (e.RECONNECT_GRACE_MS !== undefined && nodeEnv !== 'test')
    warnings.push('RECONNECT_GRACE_MS is ignored outside NODE_ENV=test');
  if (problems.length > 0) throw new ConfigError(problems);

  const port = e.PORT ?? 5555;
  const config: Config = {
    env: nodeEnv,
    port,
    host: e.HOST ?? '0.0.0.0',
    worldDir: e.WORLD ?? 'world',
    databaseUrl: e.DATABASE_URL,
    useLocalPostgres: !production && !e.DATABASE_URL && (e.USE_LOCAL_POSTGRES ?? false),
    jwtSecret: e.JWT_SECRET,
    anonymousTokenTtlSeconds: e.ANONYMOUS_TOKEN_TTL_SECONDS ?? DEFAULT_ANONYMOUS_TOKEN_TTL_SECONDS,
    adminCode: e.ADMIN_CODE,
    idp: e.PUBLIC_IDP_APP_ID
      ? {
          appId: e.PUBLIC_IDP_APP_ID,
          appSecret: e.IDP_APP_SECRET,
          jwksUrl: e.IDP_JWKS_URL,
          verificationKey: e.IDP_VERIFICATION_KEY,
          issuer: e.IDP_ISSUER,
        }
      : undefined,
    publicCdnUrl: e.PUBLIC_CDN_URL ?? 'http://localhost:8080',
    productionCdnUrl: e.PRODUCTION_CDN_URL,
    publicApiUrl: e.PUBLIC_API_URL ?? `http://localhost:${port}`,
    publicWsUrl: e.PUBLIC_WS_URL ?? `ws://localhost:${port}/ws`,
    publicAppUrl: e.PUBLIC_APP_URL,
    extraOrigins: [e.PUBLIC_APP_URL, e.CLIENT_URL, e.AGENT_URL, e.AGENT_API_URL].filter(
      (v): v is string => v !== undefined,
    ),
    agentApiUrl: e.AGENT_API_URL ?? `http://localhost:${e.AGENT_PORT ?? 4001}`,
    agentPort: e.AGENT_PORT ?? 4001,
    agentRuntimeSecret: e.AGENT_RUNTIME_SECRET,
    skipManifests: e.SKIP_MANIFESTS ?? false,
    skipAssets: (e.SKIP_ASSETS ?? false) || (e.CI ?? false),
    ci: e.CI ?? false,
    saveIntervalSeconds: e.SAVE_INTERVAL ?? 60,
    rateLimitEnabled: production || !(e.DISABLE_RATE_LIMIT ?? false),
    trustProxy: e.TRUST_PROXY ?? false,
    failpoints: production ? [] : [...new Set(e.FAILPOINTS ?? [])],
    voice,
    commitHash: e.COMMIT_HASH ?? 'dev',
    logLevel: e.LOG_LEVEL ?? (nodeEnv === 'test' ? 'warn' : 'info'),
    worldSeed: e.WORLD_SEED,
    inputLogPath: e.INPUT_LOG,
    tickMs: ticks.tickMs,
    evalMode: ticks.evalMode,
    reconnectGraceMs:
      nodeEnv === 'test' && e.RECONNECT_GRACE_MS !== undefined ? e.RECONNECT_GRACE_MS : 30_000,
    databaseTimeouts: {
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS ?? 10_000,
      connectMs: e.DATABASE_CONNECT_TIMEOUT_MS ?? 5_000,
    },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS ?? DEFAULT_SHUTDOWN_TIMEOUT_MS,
    ...resolveWorldConfig(e),
    metrics: metrics.metrics,
    ...resolvePressureConfig(e, nodeEnv),
    ...resolveWebsocketConfig(e),
  };
  return { config, warnings };
}

/** What `/env.js` may show a browser: PUBLIC_* only (PUBLIC_VOICE_URL only with voice chat on). */
export function publicEnv(config: Config): Record<string, string | null> {
  return {
    PUBLIC_IDP_APP_ID: config.idp?.appId ?? null,
    PUBLIC_CDN_URL: config.publicCdnUrl,
    PUBLIC_API_URL: config.publicApiUrl,
    PUBLIC_WS_URL: config.publicWsUrl,
    PUBLIC_APP_URL: config.publicAppUrl ?? null,
    PUBLIC_AUTH_MODE: config.idp ? 'identity-provider' : 'anonymous',
    ...(config.voice ? { PUBLIC_VOICE_URL: config.voice.url } : {}),
  };
}
