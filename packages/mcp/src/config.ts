import { parseArgs } from 'node:util';
import { z } from 'zod';

/** World numbers as the game server's WORLD_ID takes them. */
const worldNumber = z.coerce.number().int().min(1).max(4095);
const port = z.coerce.number().int().min(0).max(65_535);

const schema = z
  .object({
    /** The game server's HTTP base address (its /ws and /manifests are derived from it). */
    MCP_SERVER_URL: z.url().default('http://127.0.0.1:5555'),
    /** A session token of the account to play; unset: a fresh anonymous identity (anonymous-mode servers). */
    MCP_TOKEN: z.string().min(1).optional(),
    /** The character to play, by id (one of the token's account). */
    MCP_CHARACTER_ID: z.string().min(1).max(64).optional(),
    /** The character to play, by name: the account's character of that name, created when it has none. */
    MCP_CHARACTER_NAME: z
      .string()
      .max(12, 'must be 1 to 12 characters')
      .regex(
        /^[A-Za-z0-9]+(?:[ _-][A-Za-z0-9]+)*$/,
        'may contain letters, digits and single spaces, hyphens or underscores between them',
      )
      .optional(),
    /** The world to play on (a number of GET /api/v1/worlds); unset: the server's own world. */
    MCP_WORLD: worldNumber.optional(),
    /** `stdio` (default) or `http` (streamable HTTP on MCP_HTTP_HOST:MCP_HTTP_PORT, path /mcp). */
    MCP_TRANSPORT: z.enum(['stdio', 'http']).default('stdio'),
    MCP_HTTP_HOST: z.string().min(1).default('127.0.0.1'),
    MCP_HTTP_PORT: port.default(4100),
    /** How long an action may take before the tool answers `timeout` (seconds). */
    MCP_ACTION_TIMEOUT_S: z.coerce.number().int().min(1).max(3600).default(120),
  })
  .refine((c) => c.MCP_CHARACTER_ID === undefined || c.MCP_CHARACTER_NAME === undefined, {
    message: 'give MCP_CHARACTER_ID or MCP_CHARACTER_NAME, not both',
    path: ['MCP_CHARACTER_ID'],
  })
  .refine((c) => c.MCP_TOKEN !== undefined || c.MCP_CHARACTER_ID === undefined, {
    message: 'a character id needs the token of its account (MCP_TOKEN)',
    path: ['MCP_CHARACTER_ID'],
  });

/** Every environment variable the MCP server reads (documented in docs/mcp.md and docs/configuration.md). */
export const MCP_CONFIG_VARIABLES: readonly string[] = [
  'MCP_SERVER_URL',
  'MCP_TOKEN',
  'MCP_CHARACTER_ID',
  'MCP_CHARACTER_NAME',
  'MCP_WORLD',
  'MCP_TRANSPORT',
  'MCP_HTTP_HOST',
  'MCP_HTTP_PORT',
  'MCP_ACTION_TIMEOUT_S',
];

export interface McpConfig {
  serverUrl: string;
  token: string | undefined;
  characterId: string | undefined;
  characterName: string | undefined;
  world: number | undefined;
  transport: 'stdio' | 'http';
  httpHost: string;
  httpPort: number;
  actionTimeoutMs: number;
}

/** A configuration problem: `problems` lists every one, each as `NAME: what is wrong`. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid MCP server configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

const FLAG_TO_VARIABLE = {
  server: 'MCP_SERVER_URL',
  'character-id': 'MCP_CHARACTER_ID',
  name: 'MCP_CHARACTER_NAME',
  world: 'MCP_WORLD',
  host: 'MCP_HTTP_HOST',
  port: 'MCP_HTTP_PORT',
} as const;

/**
 * The configuration from the environment and the command line (flags win): `--http` (streamable
 * HTTP instead of stdio), `--host H`, `--port N`, `--server URL`, `--character-id ID`, `--name NAME`,
 * `--world N`. The token is read from MCP_TOKEN only, so it never shows in a process list. An empty
 * variable counts as unset. Throws a ConfigError listing every problem.
 */
export function loadMcpConfig(env: NodeJS.ProcessEnv, argv: readonly string[] = []): McpConfig {
  let flags;
  try {
    flags = parseArgs({
      args: [...argv],
      options: {
        http: { type: 'boolean' },
        stdio: { type: 'boolean' },
        server: { type: 'string' },
        'character-id': { type: 'string' },
        name: { type: 'string' },
        world: { type: 'string' },
        host: { type: 'string' },
        port: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (err) {
    throw new ConfigError([err instanceof Error ? err.message : String(err)]);
  }
  const raw: Record<string, string> = {};
  for (const name of MCP_CONFIG_VARIABLES) {
    const v = env[name];
    if (v !== undefined && v.trim() !== '') raw[name] = v.trim();
  }
  for (const [flag, variable] of Object.entries(FLAG_TO_VARIABLE)) {
    const v = flags[flag as keyof typeof FLAG_TO_VARIABLE];
    if (typeof v === 'string') raw[variable] = v;
  }
  if (flags.http) raw['MCP_TRANSPORT'] = 'http';
  if (flags.stdio) raw['MCP_TRANSPORT'] = 'stdio';
  const parsed = schema.safeParse(raw);
  if (!parsed.success)
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || 'config'}: ${i.message}`));
  const c = parsed.data;
  return {
    serverUrl: c.MCP_SERVER_URL.replace(/\/+$/, ''),
    token: c.MCP_TOKEN,
    characterId: c.MCP_CHARACTER_ID,
    characterName: c.MCP_CHARACTER_NAME,
    world: c.MCP_WORLD,
    transport: c.MCP_TRANSPORT,
    httpHost: c.MCP_HTTP_HOST,
    httpPort: c.MCP_HTTP_PORT,
    actionTimeoutMs: c.MCP_ACTION_TIMEOUT_S * 1000,
  };
}
