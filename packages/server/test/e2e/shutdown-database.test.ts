import type { Readable } from 'node:stream';
import { GameClient } from '@tilerealm/sdk';
import { describe, expect, it } from 'vitest';
import { createTempDir } from '../db-helpers';
import { findPostgresBinDir, startLocalPostgres, type LocalPostgres } from '../../src/storage/local-postgres';
import { startFreezableProxy, type FreezableProxy } from './freezable-proxy';
import { realtimeWorld } from './realtime-harness';
import { exitWithin, launchServer, type ServerProcess } from './server-process-harness';
import { silentLog } from '../support/memory-log';

const DEADLINE_MS = 3_000;

/** The JSON log lines a process writes, as they arrive. */
function logLines(stream: Readable | null): Array<Record<string, unknown>> {
  const lines: Array<Record<string, unknown>> = [];
  let rest = '';
  stream?.setEncoding('utf8');
  stream?.on('data', (chunk: string) => {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop() ?? '';
    for (const part of parts) {
      try {
        lines.push(JSON.parse(part) as Record<string, unknown>);
      } catch {
        // not a log line (nothing else is written to stdout, but a test need not fail on it)
      }
    }
  });
  return lines;
}

const quiet = silentLog();

/**
 * A server whose PostgreSQL stops answering (a TCP proxy in front of it freezes: nothing passes,
 * nothing closes) still ends within SHUTDOWN_TIMEOUT_MS of SIGTERM, and says which saves it could
 * not write. The database is the run's PostgreSQL (DATABASE_URL) or a private one started from the
 * machine's binaries; without either the test is skipped.
 */
describe('a server process whose database stops answering', () => {
  it('exits within its deadline after SIGTERM and logs what it could not save', async (ctx) => {
    const world = await realtimeWorld({ SHUTDOWN_TIMEOUT_MS: String(DEADLINE_MS), LOG_LEVEL: 'info' });
    let local: LocalPostgres | undefined;
    let pgDir: Awaited<ReturnType<typeof createTempDir>> | undefined;
    let proxy: FreezableProxy | undefined;
    let proc: ServerProcess | undefined;
    let client: GameClient | undefined;
    try {
      let target = world.env['DATABASE_URL'];
      if (target === undefined) {
        const binaries = await findPostgresBinDir().then(
          () => true,
          () => false,
        );
        if (!binaries) return ctx.skip('no DATABASE_URL and no PostgreSQL binaries');
        pgDir = await createTempDir();
        local = await startLocalPostgres({ dataDir: pgDir.dir, logger: quiet });
        target = local.url;
      }
      const url = new URL(target);
      proxy = await startFreezableProxy({ host: url.hostname, port: Number(url.port) });
      url.host = `127.0.0.1:${proxy.port}`;
      proc = await launchServer({ ...world.env, DATABASE_URL: url.toString() }, { stdout: 'pipe' });
      const lines = logLines(proc.child.stdout);
      client = await GameClient.connect({ url: `${proc.url.replace(/^http/, 'ws')}/ws`, reconnect: false });
      const playerId = client.welcome?.playerId;
      await client.request('player:requestSync', {}); // in the world: it has a snapshot to save

      proxy.freeze();
      proc.child.kill('SIGTERM');
      expect((await exitWithin(proc, DEADLINE_MS + 10_000)).exit).toBe(1);

      const unsaved = lines.find((l) => String(l['msg']).startsWith('saves not written at shutdown'));
      expect(unsaved?.['unsavedCharacters']).toContain(playerId);
      const finished = lines.find((l) => l['msg'] === 'shutdown finished');
      expect(finished).toMatchObject({ clean: false });
      expect(finished?.['unsaved']).toBeGreaterThanOrEqual(1);
      expect(finished?.['elapsedMs']).toBeLessThanOrEqual(DEADLINE_MS + 100);
    } finally {
      await client?.close().catch(() => undefined);
      if (proc && proc.child.exitCode === null && proc.child.signalCode === null) {
        proc.child.kill('SIGKILL');
        await proc.exited;
      }
      await proxy?.close();
      await local?.stop();
      await pgDir?.cleanup();
      await world.cleanup();
    }
  }, 120_000);
});
