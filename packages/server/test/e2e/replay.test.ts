import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { GameClient } from '@tilerealm/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/app/paths';
import { realtimeWorld, wsUrl, type RealtimeWorld } from './realtime-harness';

function replay(file: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'scripts/replay.ts'), file], {
      cwd: REPO_ROOT,
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('input recording and offline replay', () => {
  let rw: RealtimeWorld;
  let log: string;
  beforeAll(async () => {
    rw = await realtimeWorld();
    log = join(rw.env['WORLD'] ?? '', 'inputs.ndjson');
    rw.env['INPUT_LOG'] = log;
    rw.env['WORLD_SEED'] = '99';
    const server = await rw.start();
    const a = await GameClient.connect({ url: wsUrl(server), reconnect: false });
    const b = await GameClient.connect({ url: wsUrl(server), reconnect: false });
    await a.request('player:move', { x: 4, z: 2, run: true });
    await b.request('player:move', { x: -3, z: 1 });
    await b.request('player:chat', { message: 'recorded' });
    await a.waitFor('world:update', (u) => u.self?.x === 4 && !u.self.moving, 5_000);
    await a.close();
    await b.close();
    await server.close();
  }, 60_000);
  afterAll(() => rw?.cleanup());

  it('replays a recorded session with every state hash matching', async () => {
    const lines = (await readFile(log, 'utf8')).trim().split('\n');
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ type: 'header', seed: 99 });
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.some((l) => l.includes('"type":"login"'))).toBe(true);
    expect(lines.some((l) => l.includes('"player:chat"'))).toBe(true);
    const { code, output } = await replay(log);
    expect(output).toContain('every state hash matches');
    expect(code).toBe(0);
  }, 60_000);

  it('reports the first tick that diverges', async () => {
    const lines = (await readFile(log, 'utf8')).trim().split('\n');
    const i = lines.findIndex((l) => l.includes('"player:move"'));
    const tampered = lines.map((l, j) => (j === i ? l.replace('"x":4', '"x":5') : l));
    const file = `${log}.tampered`;
    await writeFile(file, `${tampered.join('\n')}\n`);
    const { code, output } = await replay(file);
    expect(code).toBe(1);
    expect(output).toMatch(/diverged at tick \d+/);
  }, 60_000);
});
