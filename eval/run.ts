/**
 * One evaluation run: an isolated world on its own fresh database (embedded PGlite in a temporary
 * directory, or a new database on a PostgreSQL server), seeded and at the tick length asked for
 * (EVAL_MODE), one fresh character played by the agent for the task's game time, counted in
 * ticks. Then the world is stopped with every save flushed, and the verifier scores the final
 * state read back from the database. The world's inputs are recorded so the run can be replayed.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import pg from 'pg';
import { GameApi } from '@tilerealm/agents';
import { startServer } from '../packages/server/src/app/start-server';
import { createLogger } from '../packages/server/src/app/logger';
import { REPO_ROOT, worldPaths } from '../packages/server/src/app/paths';
import type { ShutdownReport } from '../packages/server/src/app/shutdown';
import { VERSION } from '../packages/server/src/app/version';
import { openDatabase, type Repositories } from '../packages/server/src/storage';
import { loadRecord } from '../packages/server/src/transport/ws/player-record';
import { startAgent, type AgentSpec } from './agent';
import { TICKS_PER_GAME_MINUTE, type EvalTask, type StartState } from './tasks';
import { stateHash, verifiedState, verify, type Verdict, type VerifiedState } from './verify';

export interface EvalOptions {
  task: EvalTask;
  agent: AgentSpec;
  seed: number;
  tickMs: number;
  /** Where the result and input log are written. */
  outDir: string;
  /** Game minutes instead of the task's (small runs in CI). */
  gameMinutes?: number;
  /**
   * A migrated, empty PGlite data directory (see {@link prepareDatabaseTemplate}): each run's fresh
   * database starts as a copy of it instead of migrating a new one (seconds saved per run).
   */
  databaseTemplate?: string;
  /** A PostgreSQL server URL: the run gets a fresh database there (dropped afterwards). */
  postgresUrl?: string;
  logLevel?: string;
  /** How long (wall time) the agent may take to enter the world before the run fails (60 s). */
  enterTimeoutMs?: number;
}

export const RESULT_FORMAT = 'tilerealm-eval-result';

export interface EvalResult {
  format: typeof RESULT_FORMAT;
  version: 1;
  task: EvalTask;
  gameMinutes: number;
  seed: number;
  tickMs: number;
  agent: AgentSpec;
  database: 'pglite' | 'postgres';
  characterId: string;
  /** World ticks: the agent played from `start` to `end`; the world stopped after `last`. */
  ticks: { start: number; end: number; last: number };
  score: number;
  passed: boolean;
  verdict: Verdict;
  state: { start: VerifiedState; end: VerifiedState; endHash: string };
  /** The input log, relative to the result file. */
  inputLog: string;
  versions: { server: string; node: string; commit: string };
  timings: { startedAt: string; wallMs: number; playMs: number };
}

export async function runEval(o: EvalOptions): Promise<{ result: EvalResult; resultPath: string }> {
  const t0 = Date.now();
  const startedAt = new Date(t0).toISOString();
  const gameMinutes = o.gameMinutes ?? o.task.gameMinutes;
  const outDir = resolve(o.outDir);
  await mkdir(outDir, { recursive: true });
  const stem = `${o.task.id}-${o.seed}-${startedAt.replace(/[:.]/g, '-')}`;
  const inputLog = join(outDir, `${stem}.inputs.ndjson`);
  const worldDir = await mkdtemp(join(tmpdir(), 'tilerealm-eval-'));
  const database = o.postgresUrl ? await freshPostgresDatabase(o.postgresUrl) : undefined;
  let characterId: string | undefined;
  let finalState: VerifiedState | undefined;
  try {
    if (!database && o.databaseTemplate)
      await cp(o.databaseTemplate, worldPaths(worldDir).database, { recursive: true });
    const server = await startServer(
      {
        NODE_ENV: 'development',
        EVAL_MODE: 'true',
        TICK_MS: String(o.tickMs),
        WORLD_SEED: String(o.seed),
        INPUT_LOG: inputLog,
        WORLD: worldDir,
        PORT: '0',
        HOST: '127.0.0.1',
        SKIP_ASSETS: 'true',
        // The bundled manifests, as `npm run replay` loads them: no CDN is asked.
        SKIP_MANIFESTS: 'true',
        DISABLE_RATE_LIMIT: 'true',
        // No load shedding: the run's own agent must never be turned away by the machine's load.
        PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
        ...(database ? { DATABASE_URL: database.url } : {}),
      },
      {
        logger: createLogger({ level: o.logLevel ?? 'warn' }),
        // The verdict reads the database once the shutdown has flushed every save (and before the
        // database closes): the state the world left in storage, not what the agent reported.
        onDrainStep: async (step) => {
          if (step === 'flush saves' && characterId !== undefined)
            finalState = await readFinalState(server.repos, characterId, o.tickMs);
        },
      },
    );
    let seat;
    let ticks;
    let startState: VerifiedState | undefined;
    let stopped: ShutdownReport;
    let playMs = 0;
    try {
      const api = new GameApi(server.url);
      const owner = await api.anonymous();
      const created = await api.createAgent(owner.token, `Eval${randomBytes(3).toString('hex')}`);
      characterId = created.characterId;
      await applyStart(server.repos, created.characterId, o.task.start);
      const character = await server.repos.characters.findById(created.characterId);
      if (!character) throw new Error('the created character is not in the database');
      startState = verifiedState(await loadRecord(server.repos, character, o.tickMs));
      seat = { ...created, serverUrl: server.url, ownerAccountId: owner.accountId };
      const agent = await startAgent(o.agent, o.task, seat);
      // Game time starts once the agent's character is in the world (a command takes a while to start).
      const enterBy = Date.now() + (o.enterTimeoutMs ?? 60_000);
      await new Promise<void>((entered, failed) =>
        server.host.observeTicks(() => {
          if (server.host.world.players.has(created.characterId)) entered();
          else if (Date.now() > enterBy) failed(new Error('the agent never entered the world'));
        }),
      ).catch(async (err: unknown) => {
        await agent.stop();
        throw err;
      });
      const start = server.host.world.tick;
      const end = start + Math.round(gameMinutes * TICKS_PER_GAME_MINUTE);
      const p0 = Date.now();
      await new Promise<void>((done) =>
        server.host.observeTicks((r) => {
          if (r.tick >= end) done();
        }),
      );
      await agent.stop();
      playMs = Date.now() - p0;
      ticks = { start, end };
    } finally {
      // Stops the world: every session closed, every player saved, the saves flushed.
      stopped = await server.close();
    }
    if (!stopped.clean || stopped.unsaved > 0)
      throw new Error(`the world did not stop cleanly: ${JSON.stringify(stopped)}`);
    // The verdict comes from the database the world saved to, read again after it stopped.
    const end = finalState;
    if (!end) throw new Error('the final state could not be read from the database');
    const start = startState;
    const lastTick = server.host.world.tick;
    const verdict = verify(o.task.verifier, start, end);
    const result: EvalResult = {
      format: RESULT_FORMAT,
      version: 1,
      task: o.task,
      gameMinutes,
      seed: o.seed,
      tickMs: o.tickMs,
      agent: o.agent,
      database: database ? 'postgres' : 'pglite',
      characterId: seat.characterId,
      ticks: { ...ticks, last: lastTick },
      score: verdict.score,
      passed: verdict.passed,
      verdict,
      state: { start, end, endHash: stateHash(end) },
      inputLog: basename(inputLog),
      versions: { server: VERSION, node: process.version, commit: commitOf() },
      timings: { startedAt, wallMs: Date.now() - t0, playMs },
    };
    const resultPath = join(outDir, `${stem}.json`);
    await writeFile(resultPath, `${JSON.stringify(result, null, 2)}\n`);
    return { result, resultPath };
  } finally {
    await database?.drop();
    await rm(worldDir, { recursive: true, force: true });
  }
}

/** Creates a migrated, empty PGlite database in `dir`, for {@link EvalOptions.databaseTemplate}. */
export async function prepareDatabaseTemplate(dir: string): Promise<void> {
  const db = await openDatabase({ url: undefined, dataDir: dir });
  await db.close();
}

/** Adds the task's starting items to the fresh character (before it ever enters the world). */
async function applyStart(repos: Repositories, characterId: string, start: StartState): Promise<void> {
  if (start.inventory?.length) {
    const slots = await repos.inventory.get(characterId);
    const used = new Set(slots.map((s) => s.slot));
    let next = 0;
    for (const item of start.inventory) {
      while (used.has(next)) next++;
      slots.push({ slot: next, ...item });
      used.add(next);
    }
    await repos.inventory.replaceAll(characterId, slots);
  }
  if (start.equipment?.length) {
    const given = new Set(start.equipment.map((e) => e.slot));
    const kept = (await repos.equipment.get(characterId)).filter((e) => !given.has(e.slot));
    await repos.equipment.replaceAll(characterId, [...kept, ...start.equipment]);
  }
}

/** The character's state as saved in the database. */
async function readFinalState(
  repos: Repositories,
  characterId: string,
  tickMs: number,
): Promise<VerifiedState> {
  const character = await repos.characters.findById(characterId);
  if (!character) throw new Error(`character ${characterId} is not in the database`);
  return verifiedState(await loadRecord(repos, character, tickMs));
}

/** A new, empty database on the PostgreSQL server at `serverUrl`; `drop()` removes it. */
async function freshPostgresDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `tilerealm_eval_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

/** The commit the code under evaluation was built from ("unknown" outside a git checkout). */
function commitOf(): string {
  try {
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
    return dirty ? `${head}-dirty` : head;
  } catch {
    // Not a checkout (an installed copy): the server version in the result still names the code.
    return 'unknown';
  }
}
