import { describe, expect, it } from 'vitest';
import { createTempDir } from '../../test/db-helpers';
import { openDatabase } from './database';
import { findPostgresBinDir, startLocalPostgres } from './local-postgres';
import { silentLog } from '../../test/support/memory-log';

const haveBinaries = await findPostgresBinDir().then(
  () => true,
  () => false,
);
const logger = silentLog();

describe('startLocalPostgres', () => {
  it.skipIf(!haveBinaries)(
    'initialises a cluster, serves a migrated database, stops, and restarts on the same data',
    async () => {
      const { dir, cleanup } = await createTempDir();
      try {
        const first = await startLocalPostgres({ dataDir: dir, logger });
        expect(first.url).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:\d+\/tilerealm$/);
        const database = await openDatabase({ url: first.url, dataDir: '' });
        await database.db.execute('CREATE TABLE survives_restart (id int)');
        expect(await database.ping()).toBe(true);
        await database.close();
        // A second start while it runs (e.g. after the server crashed) adopts the running one.
        const adopted = await startLocalPostgres({ dataDir: dir, logger });
        expect(adopted.url).toBe(first.url);
        await first.stop();
        await first.stop(); // idempotent

        const second = await startLocalPostgres({ dataDir: dir, logger });
        const reopened = await openDatabase({ url: second.url, dataDir: '' });
        await reopened.db.execute('SELECT * FROM survives_restart');
        await reopened.close();
        await second.stop();
      } finally {
        await cleanup();
      }
    },
  );
});
