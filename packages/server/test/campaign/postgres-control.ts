/**
 * PostgreSQL for the fault campaign: a private cluster it creates, starts, stops (`pg_ctl stop -m
 * fast` or `-m immediate`) and starts again on the same port and data directory, or a database it
 * creates on a PostgreSQL server it must leave running. As root, initdb and pg_ctl run as the
 * `postgres` user through runuser (they refuse to run as root), and the cluster's directory is
 * given to that user.
 */
import { execFile } from 'node:child_process';
import { access, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** The directory of initdb/pg_ctl: the newest /usr/lib/postgresql/<v>/bin, else PATH; undefined when absent. */
export async function findPostgresBinaries(): Promise<string | undefined> {
  const candidates: string[] = [];
  try {
    const versions = (await readdir('/usr/lib/postgresql')).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => path.join('/usr/lib/postgresql', v, 'bin')));
  } catch {
    // Not a Debian-style installation: PATH is searched next.
  }
  candidates.push(...(process.env['PATH'] ?? '').split(path.delimiter).filter(Boolean));
  for (const dir of candidates) {
    const ok = await Promise.all([exists(path.join(dir, 'initdb')), exists(path.join(dir, 'pg_ctl'))]);
    if (ok.every(Boolean)) return dir;
  }
  return undefined;
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

async function tool(file: string, args: string[]): Promise<string> {
  try {
    const { stdout } = await run(file, args, { maxBuffer: 16 * 1024 * 1024 });
    return stdout;
  } catch (err) {
    const stderr =
      typeof err === 'object' && err !== null && 'stderr' in err ? String(err.stderr).trim() : '';
    throw new Error(`${path.basename(file)} ${args.join(' ')} failed: ${stderr || String(err)}`, {
      cause: err,
    });
  }
}

export type StopMode = 'fast' | 'immediate';

/** A private PostgreSQL cluster under `root` on a fixed port, loopback only. */
export class PrivateCluster {
  private readonly pgdata: string;
  private readonly logFile: string;
  private readonly asRoot = process.getuid?.() === 0;
  running = false;

  constructor(
    private readonly bin: string,
    readonly root: string,
    readonly port: number,
    readonly database = 'tilerealm',
  ) {
    this.pgdata = path.join(root, 'pgdata');
    this.logFile = path.join(root, 'postgres.log');
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${this.database}`;
  }

  private exec(name: string, args: string[]): Promise<string> {
    const file = path.join(this.bin, name);
    return this.asRoot ? tool('runuser', ['-u', 'postgres', '--', file, ...args]) : tool(file, args);
  }

  /** initdb (trust authentication, no fsync: the faults here stop PostgreSQL, not the machine), start, create the database. */
  async create(): Promise<void> {
    if (this.asRoot) {
      await tool('chown', ['-R', 'postgres:', this.root]);
      await tool('runuser', ['-u', 'postgres', '--', 'test', '-x', this.root]).catch((err: unknown) => {
        throw new Error(`${this.root} is not reachable by the postgres user`, { cause: err });
      });
    }
    await this.exec('initdb', [
      '-D',
      this.pgdata,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    await this.start();
    const client = new pg.Client({
      host: '127.0.0.1',
      port: this.port,
      user: 'postgres',
      database: 'postgres',
    });
    await client.connect();
    try {
      await client.query(`CREATE DATABASE "${this.database}"`);
    } finally {
      await client.end();
    }
  }

  /** Starts the cluster (again) on its port and data directory; resolves once it accepts connections. */
  async start(): Promise<void> {
    const options = `-p ${this.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories='' -c fsync=off`;
    await this.exec('pg_ctl', [
      '-D',
      this.pgdata,
      '-l',
      this.logFile,
      '-w',
      '-t',
      '60',
      '-o',
      options,
      'start',
    ]);
    this.running = true;
  }

  /** `pg_ctl stop -m <mode>`: fast rolls back open transactions and checkpoints; immediate aborts (crash recovery on the next start). */
  async stop(mode: StopMode): Promise<void> {
    await this.exec('pg_ctl', ['-D', this.pgdata, '-m', mode, '-w', '-t', '60', 'stop']);
    this.running = false;
  }

  /** Stops the cluster if it runs (immediate) and removes its directory (unless `remove` is false). Never throws. */
  async destroy(remove = true): Promise<string[]> {
    const problems: string[] = [];
    if (await exists(path.join(this.pgdata, 'postmaster.pid'))) {
      await this.stop('immediate').catch((err: unknown) =>
        problems.push(`stopping PostgreSQL: ${String(err)}`),
      );
    }
    if (remove)
      await rm(this.root, { recursive: true, force: true }).catch((err: unknown) =>
        problems.push(`removing ${this.root}: ${String(err)}`),
      );
    return problems;
  }
}

/** A fresh database on a PostgreSQL server the campaign must not stop (--db external). */
export class ExternalDatabase {
  readonly name: string;

  constructor(
    private readonly adminUrl: string,
    seed: number,
  ) {
    this.name = `tilerealm_campaign_${seed}_${process.pid}_${Date.now().toString(36)}`;
  }

  get url(): string {
    const u = new URL(this.adminUrl);
    u.pathname = `/${this.name}`;
    return u.toString();
  }

  private async admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: this.adminUrl });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  }

  async create(): Promise<void> {
    await this.admin((c) => c.query(`CREATE DATABASE "${this.name}"`));
  }

  /** Drops the database (closing what still connects to it). Never throws. */
  async destroy(): Promise<string[]> {
    try {
      await this.admin((c) => c.query(`DROP DATABASE IF EXISTS "${this.name}" WITH (FORCE)`));
      return [];
    } catch (err) {
      return [`dropping database ${this.name}: ${String(err)}`];
    }
  }
}
