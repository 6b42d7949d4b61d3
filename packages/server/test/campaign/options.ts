/**
 * The fault campaign's settings and their command-line flags (`npm run campaign -- --help`).
 */
import { parseArgs } from 'node:util';

/**
 * Where the world's data lives: the embedded PGlite (only `kill -9` faults apply), a private
 * PostgreSQL cluster the campaign starts and stops itself (`kill -9` and database stops), or a
 * database the campaign creates on an existing PostgreSQL server it must never stop (`kill -9` only).
 */
export type DbMode = 'pglite' | 'postgres' | 'external';

export interface CampaignOptions {
  seed: number;
  /** Faults to inject: each round runs the workload, injects one fault, then checks the database. */
  rounds: number;
  players: number;
  db: DbMode;
  /** Administrator URL of the PostgreSQL server of `external` (a database is created on it). */
  databaseUrl: string | undefined;
  /** Tick length of the server under test (NODE_ENV=test allows 5..600 ms). */
  tickMs: number;
  /** The server's auto-save interval, seconds. */
  saveIntervalSeconds: number;
  /** Workload seconds per round before the fault (the fault lands at a random moment in it). */
  roundSeconds: number;
  /** Deadline for the server to come up, the players to log in again, a shutdown to finish. */
  deadlineSeconds: number;
  /** Keep the temporary directory (world, logs, database) for inspection. */
  keep: boolean;
  /** Print every action's outcome and the server's warnings as they happen. */
  verbose: boolean;
  /** Also write the report as JSON to this file. */
  jsonPath: string | undefined;
  /** A migrated PGlite data directory (tarball) to start the world from (tests have one); else the server creates it. */
  pgliteTarball?: string | undefined;
}

export const DEFAULT_OPTIONS: CampaignOptions = {
  seed: 1,
  rounds: 4,
  players: 6,
  db: 'pglite',
  databaseUrl: undefined,
  tickMs: 50,
  saveIntervalSeconds: 5,
  roundSeconds: 6,
  deadlineSeconds: 90,
  keep: false,
  verbose: false,
  jsonPath: undefined,
};

export const USAGE = `npm run campaign -- [flags]

Players trade, bank, buy, sell, drop, pick up and die at random while the server is killed
(SIGKILL) and, with --db postgres, PostgreSQL is stopped and started again; after every fault
the database is checked item by item against the item ledger and the acknowledged trades.

  --seed <n>            seed of every random choice (default ${DEFAULT_OPTIONS.seed})
  --rounds <n>          faults to inject, one per round (default ${DEFAULT_OPTIONS.rounds})
  --players <n>         bot players, at least 2 (default ${DEFAULT_OPTIONS.players})
  --db <mode>           pglite: embedded database, kill -9 only (default)
                        postgres: a private PostgreSQL cluster, kill -9 and database stops
                        external: a fresh database on --database-url (or DATABASE_URL), kill -9 only
  --database-url <url>  administrator URL of the PostgreSQL server for --db external
  --tick-ms <n>         server tick length in ms (default ${DEFAULT_OPTIONS.tickMs})
  --save-interval <s>   server auto-save interval in seconds (default ${DEFAULT_OPTIONS.saveIntervalSeconds})
  --round-seconds <s>   workload per round; the fault lands at a random moment of it (default ${DEFAULT_OPTIONS.roundSeconds})
  --deadline <s>        how long the server may take to start, stop or let players back in (default ${DEFAULT_OPTIONS.deadlineSeconds})
  --keep                keep the temporary directory (world, server and database logs)
  --verbose             print every action and fault as it happens
  --json <file>         also write the report as JSON
  --help                this text

Exit status: 0 when every check passed, 1 on any violation, 2 on bad flags or a campaign that
could not run.`;

function intFlag(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`--${name} must be a whole number from ${min} to ${max}, not ${raw}`);
  return n;
}

function numberFlag(
  name: string,
  raw: string | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || n > max)
    throw new Error(`--${name} must be a number from ${min} to ${max}, not ${raw}`);
  return n;
}

/** Parses the command line; throws an Error naming the bad flag. `help` asks for the usage text. */
export function parseCampaignArgs(
  argv: readonly string[],
): { help: true } | { help: false; options: CampaignOptions } {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    options: {
      seed: { type: 'string' },
      rounds: { type: 'string' },
      players: { type: 'string' },
      db: { type: 'string' },
      'database-url': { type: 'string' },
      'tick-ms': { type: 'string' },
      'save-interval': { type: 'string' },
      'round-seconds': { type: 'string' },
      deadline: { type: 'string' },
      keep: { type: 'boolean' },
      verbose: { type: 'boolean' },
      json: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) return { help: true };
  const db = values.db ?? DEFAULT_OPTIONS.db;
  if (db !== 'pglite' && db !== 'postgres' && db !== 'external')
    throw new Error(`--db must be pglite, postgres or external, not ${db}`);
  const databaseUrl = values['database-url'] ?? (db === 'external' ? process.env['DATABASE_URL'] : undefined);
  if (db === 'external' && !databaseUrl)
    throw new Error('--db external needs --database-url or DATABASE_URL');
  const d = DEFAULT_OPTIONS;
  return {
    help: false,
    options: {
      seed: intFlag('seed', values.seed, d.seed, 0, 2 ** 32 - 1),
      rounds: intFlag('rounds', values.rounds, d.rounds, 1, 1000),
      players: intFlag('players', values.players, d.players, 2, 100),
      db,
      databaseUrl,
      tickMs: intFlag('tick-ms', values['tick-ms'], d.tickMs, 5, 600),
      saveIntervalSeconds: intFlag(
        'save-interval',
        values['save-interval'],
        d.saveIntervalSeconds,
        1,
        86_400,
      ),
      roundSeconds: numberFlag('round-seconds', values['round-seconds'], d.roundSeconds, 1, 3600),
      deadlineSeconds: numberFlag('deadline', values.deadline, d.deadlineSeconds, 10, 3600),
      keep: values.keep ?? false,
      verbose: values.verbose ?? false,
      jsonPath: values.json,
    },
  };
}
