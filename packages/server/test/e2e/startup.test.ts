import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/app/paths';

/** Runs the real entry point and collects its exit code and output. */
function runMain(
  env: Record<string, string>,
  timeoutMs = 20_000,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(REPO_ROOT, 'packages/server/src/app/main.ts')],
      {
        cwd: REPO_ROOT,
        env: { PATH: process.env['PATH'] ?? '', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`main did not exit within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('process start-up', () => {
  it('production refuses to start and lists every missing required value', async () => {
    const { code, output } = await runMain({ NODE_ENV: 'production', PORT: '0' });
    expect(code).toBe(1);
    expect(output).toContain('refusing to start');
    for (const name of ['DATABASE_URL', 'JWT_SECRET', 'ADMIN_CODE', 'PUBLIC_IDP_APP_ID', 'IDP_APP_SECRET']) {
      expect(output).toContain(name);
    }
  });

  it('a bad value is a clear error before anything opens', async () => {
    const { code, output } = await runMain({ PORT: 'abc' });
    expect(code).toBe(1);
    expect(output).toContain('PORT: PORT must be an integer between 0 and 65535');
  });
});
