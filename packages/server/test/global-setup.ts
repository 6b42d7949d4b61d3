import { PGlite } from '@electric-sql/pglite';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate, MIGRATIONS_FOLDER, pgliteDatabase } from '../src/storage/drivers';
import { openDatabase } from '../src/storage/database';

/** What the test workers receive (through vitest `provide`/`inject`) to clone test databases. */
export interface StorageTestTemplates {
  /** Uncompressed tarball of a migrated PGlite data directory. */
  pgliteTarball: string;
  /** Set when DATABASE_URL is: a migrated template database on that server. */
  postgres: { adminUrl: string; templateDb: string; prefix: string } | null;
}

declare module 'vitest' {
  export interface ProvidedContext {
    storageTestTemplates: StorageTestTemplates;
  }
}

const CACHE_DIR = fileURLToPath(new URL('../../../node_modules/.cache/tilerealm-storage', import.meta.url));

/**
 * Vitest global setup: builds the migrated database templates once per run,
 * so each test database is a cheap clone. A fresh PGlite takes seconds to
 * initialise, a clone from a tarball well under one; the tarball is cached
 * under node_modules/.cache keyed by the migrations and the PGlite version,
 * so later runs skip even that. On PostgreSQL (DATABASE_URL) a template
 * database is migrated and test databases are `CREATE DATABASE ... TEMPLATE`
 * copies; teardown drops them all.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const pgliteTarball = await ensurePgliteTemplate();
  const adminUrl = process.env.DATABASE_URL;
  const postgres = adminUrl ? await createPostgresTemplate(adminUrl) : null;
  project.provide('storageTestTemplates', { pgliteTarball, postgres });
  return async () => {
    if (postgres) await dropPostgresRun(postgres.adminUrl, postgres.templateDb, postgres.prefix);
  };
}

async function ensurePgliteTemplate(): Promise<string> {
  const file = path.join(CACHE_DIR, `pglite-template-${await templateKey()}.tar`);
  if (await isFile(file)) return file;
  const client = await PGlite.create('memory://');
  const database = pgliteDatabase(client);
  try {
    await migrate(database);
    const dump = await client.dumpDataDir('none');
    await mkdir(CACHE_DIR, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, Buffer.from(await dump.arrayBuffer()));
    await rename(tmp, file);
    // Templates of older migrations are of no further use.
    for (const name of await readdir(CACHE_DIR)) {
      const full = path.join(CACHE_DIR, name);
      if (name.startsWith('pglite-template-') && full !== file) await rm(full, { force: true });
    }
  } finally {
    await database.close();
  }
  return file;
}

/** Hash of every migration file and the PGlite version: a new migration means a new template. */
async function templateKey(): Promise<string> {
  const hash = createHash('sha256');
  const entryPoint = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const pkgFile = path.join(path.dirname(entryPoint), '..', 'package.json');
  hash.update(await readFile(pkgFile));
  for (const dir of [MIGRATIONS_FOLDER, path.join(MIGRATIONS_FOLDER, 'meta')]) {
    for (const name of (await readdir(dir)).sort()) {
      const full = path.join(dir, name);
      if (await isFile(full)) hash.update(name).update(await readFile(full));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

async function createPostgresTemplate(
  adminUrl: string,
): Promise<NonNullable<StorageTestTemplates['postgres']>> {
  const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const templateDb = `tilerealm_tpl_${runId}`;
  await adminQuery(adminUrl, `CREATE DATABASE "${templateDb}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${templateDb}`;
  const database = await openDatabase({ url: url.toString(), dataDir: '' });
  await database.close();
  return { adminUrl, templateDb, prefix: `tilerealm_test_${runId}_` };
}

async function dropPostgresRun(adminUrl: string, templateDb: string, prefix: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const left = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [prefix],
    );
    for (const { datname } of left.rows)
      await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    await client.query(`DROP DATABASE IF EXISTS "${templateDb}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}
