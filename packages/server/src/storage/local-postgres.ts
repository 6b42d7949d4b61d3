import { execFile } from 'node:child_process';
import { access, mkdir, readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Log } from '../app/logger';

const run = promisify(execFile);

/** Options of {@link startLocalPostgres}. */
export interface LocalPostgresOptions {
  /** Directory holding the cluster (`pgdata/`), its socket directory and its log. */
  dataDir: string;
  /** TCP port on 127.0.0.1; a free one is picked when absent. */
  port?: number;
  /** Database to create and connect to; default `tilerealm`. */
  database?: string;
  logger: Log;
}

/** How `pg_ctl stop` shuts the server down (see its manual): `immediate` is a crash without clean-up. */
export type PostgresStopMode = 'smart' | 'fast' | 'immediate';

/** A running local PostgreSQL server. */
export interface LocalPostgres {
  /** Connection string for {@link openDatabase}. */
  url: string;
  port: number;
  /** Stops the server (`pg_ctl stop -m <mode>`, `fast` by default). Idempotent. */
  stop(mode?: PostgresStopMode): Promise<void>;
  /** Starts a stopped server again on the same port and data (fault tests: a database restart). */
  start(): Promise<void>;
}

/**
 * Runs a private PostgreSQL server from the machine's own binaries for
 * USE_LOCAL_POSTGRES=true (development only): a real PostgreSQL without
 * Docker or a system service, kept under the world directory. The cluster is
 * created on first use (trust authentication, loopback only) and adopted if
 * a previous run left it running.
 */
export async function startLocalPostgres(opts: LocalPostgresOptions): Promise<LocalPostgres> {
  const bin = await findPostgresBinDir();
  const root = path.resolve(opts.dataDir);
  const pgdata = path.join(root, 'pgdata');
  const socketDir = path.join(root, 'run');
  const logFile = path.join(root, 'postgres.log');
  const database = opts.database ?? 'tilerealm';
  const asRoot = process.getuid?.() === 0;
  const exec = (tool: string, args: string[]) =>
    asRoot
      ? runTool('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args])
      : runTool(path.join(bin, tool), args);

  await mkdir(socketDir, { recursive: true });
  // initdb and postgres refuse to run as root: the cluster belongs to the postgres user.
  if (asRoot) await chownTree(root, 'postgres');

  if (!(await exists(path.join(pgdata, 'PG_VERSION')))) {
    opts.logger.info(`initialising a local PostgreSQL cluster in ${pgdata}`);
    await exec('initdb', [
      '-D',
      pgdata,
      '-U',
      'postgres',
      '--auth-local=trust',
      '--auth-host=trust',
      '-E',
      'UTF8',
      '--locale=C',
    ]);
  }

  // The socket path must fit in 107 bytes; when the directory is too deep, use TCP only.
  const sockets = socketDir.length < 90 ? socketDir : '';
  const launch = async (on: number) => {
    const serverOptions = `-p ${on} -c listen_addresses=127.0.0.1 -c unix_socket_directories='${sockets}'`;
    await exec('pg_ctl', ['-D', pgdata, '-l', logFile, '-w', '-t', '60', '-o', serverOptions, 'start']);
    opts.logger.info(`local PostgreSQL started on 127.0.0.1:${on}`);
  };
  const adopted = await runningPort(pgdata);
  const port = adopted ?? opts.port ?? (await freeLoopbackPort());
  if (adopted !== undefined)
    opts.logger.warn(`adopting the local PostgreSQL already running on port ${port}`);
  else await launch(port);

  let stopped = false;
  const stop = async (mode: PostgresStopMode = 'fast') => {
    if (stopped) return;
    stopped = true;
    await exec('pg_ctl', ['-D', pgdata, '-m', mode, '-w', 'stop']);
    opts.logger.info(`local PostgreSQL stopped (${mode})`);
  };
  const start = async () => {
    if (!stopped) return;
    await launch(port);
    stopped = false;
  };
  try {
    await ensureDatabase(port, database);
  } catch (err) {
    await stop().catch((stopErr: unknown) => {
      // The start-up error is the one thrown; this one is only worth a line.
      opts.logger.warn(`stopping the local PostgreSQL after the failed start failed too: ${String(stopErr)}`);
    });
    throw err;
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/${database}`, port, stop, start };
}

/**
 * Locates the directory of initdb/pg_ctl: the newest `/usr/lib/postgresql/<v>/bin`
 * (Debian/Ubuntu), then `pg_config --bindir`, then PATH.
 */
export async function findPostgresBinDir(): Promise<string> {
  const candidates: string[] = [];
  try {
    const versions = (await readdir('/usr/lib/postgresql')).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => path.join('/usr/lib/postgresql', v, 'bin')));
  } catch {
    // not a Debian-style install
  }
  try {
    candidates.push((await run('pg_config', ['--bindir'])).stdout.trim());
  } catch {
    // no pg_config
  }
  candidates.push(...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean));
  for (const dir of candidates) {
    if ((await exists(path.join(dir, 'initdb'))) && (await exists(path.join(dir, 'pg_ctl')))) return dir;
  }
  throw new Error(
    'USE_LOCAL_POSTGRES=true needs the PostgreSQL server binaries (initdb, pg_ctl), and none were found ' +
      'in /usr/lib/postgresql/*/bin, `pg_config --bindir` or PATH. Install them (e.g. `apt-get install postgresql`) ' +
      'or set DATABASE_URL instead.',
  );
}

/** The port of a server already running on `pgdata`, read from postmaster.pid, if its process is alive. */
async function runningPort(pgdata: string): Promise<number | undefined> {
  let lines: string[];
  try {
    lines = (await readFile(path.join(pgdata, 'postmaster.pid'), 'utf8')).split('\n');
  } catch {
    return undefined;
  }
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  if (!Number.isInteger(pid) || !Number.isInteger(port)) return undefined;
  try {
    process.kill(pid, 0);
    return port;
  } catch (err) {
    return err instanceof Error && 'code' in err && err.code === 'EPERM' ? port : undefined;
  }
}

async function ensureDatabase(port: number, database: string): Promise<void> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${database.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

/** Asks the kernel for a free port on 127.0.0.1. */
function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('could not pick a free port'))));
    });
  });
}

async function runTool(file: string, args: string[]): Promise<void> {
  try {
    await run(file, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    const stderr =
      typeof err === 'object' && err !== null && 'stderr' in err ? String(err.stderr).trim() : '';
    const message = err instanceof Error ? err.message : String(err);
    throw new Error(`${path.basename(file)} failed: ${stderr || message}`, { cause: err });
  }
}

async function chownTree(dir: string, user: string): Promise<void> {
  await runTool('chown', ['-R', `${user}:`, dir]);
  // The postgres user must also be able to reach the directory through its parents.
  try {
    await runTool('runuser', ['-u', user, '--', 'test', '-x', dir]);
  } catch {
    throw new Error(
      `${dir} is not reachable by the ${user} user; choose a data directory outside private folders`,
    );
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}
