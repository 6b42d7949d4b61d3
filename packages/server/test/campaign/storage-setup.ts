/**
 * The world directory and database of a campaign, and the server's environment for them: the
 * embedded PGlite in the world directory, a private PostgreSQL cluster, or a fresh database on an
 * existing PostgreSQL server.
 */
import { mkdir, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { CampaignOptions } from './options';
import { ExternalDatabase, findPostgresBinaries, PrivateCluster } from './postgres-control';
import { freePort } from '../free-port';

export interface Storage {
  /** The server's environment (without its port). */
  env: Record<string, string>;
  /** Where the checker reads the database. */
  target: { pgliteDir: string } | { url: string };
  /** One line for the report. */
  note: string;
}

/**
 * Prepares the world directory and the database. `created` gets the cluster or external database
 * before it is set up, so the campaign's teardown removes it even when its setup fails half-way.
 */
export async function prepareStorage(
  opts: CampaignOptions,
  world: string,
  created: (db: PrivateCluster | ExternalDatabase) => void,
): Promise<Storage> {
  await mkdir(world, { recursive: true });
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    WORLD: world,
    SKIP_MANIFESTS: 'true',
    TICK_MS: String(opts.tickMs),
    SAVE_INTERVAL: String(opts.saveIntervalSeconds),
    RECONNECT_GRACE_MS: '500',
    JWT_SECRET: 'campaign-secret-campaign-secret-campaign',
    DISABLE_RATE_LIMIT: 'true',
    LOG_LEVEL: 'warn',
    WORLD_SEED: String(opts.seed),
  };
  if (opts.db === 'postgres') {
    const bin = await findPostgresBinaries();
    if (!bin)
      throw new Error('--db postgres needs the PostgreSQL server binaries (initdb, pg_ctl); none found');
    const cluster = new PrivateCluster(
      bin,
      await mkdtemp(join(tmpdir(), 'tilerealm-campaign-pg-')),
      await freePort(),
    );
    created(cluster);
    await cluster.create();
    env['DATABASE_URL'] = cluster.url;
    return {
      env,
      target: { url: cluster.url },
      note: `private PostgreSQL cluster on 127.0.0.1:${cluster.port} (${bin})`,
    };
  }
  if (opts.db === 'external') {
    const external = new ExternalDatabase(opts.databaseUrl ?? '', opts.seed);
    created(external);
    await external.create();
    env['DATABASE_URL'] = external.url;
    return {
      env,
      target: { url: external.url },
      note: `database ${external.name} on the given PostgreSQL server (never stopped: kill -9 faults only)`,
    };
  }
  const dataDir = join(world, 'data', 'db');
  if (opts.pgliteTarball) {
    // A migrated template saves the first start the seconds a fresh PGlite takes to initialise.
    await mkdir(dataDir, { recursive: true });
    const client = await PGlite.create({
      dataDir,
      loadDataDir: new Blob([await readFile(opts.pgliteTarball)]),
    });
    await client.close();
  }
  return { env, target: { pgliteDir: dataDir }, note: 'embedded PGlite (kill -9 faults only)' };
}
