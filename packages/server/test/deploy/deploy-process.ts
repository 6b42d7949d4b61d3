/** Starting the programs the deployment files run, as their image would, and asking them (deploy-files.test.ts). */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { expect } from 'vitest';
import { REPO_ROOT } from '../../src/app/paths';
import { eventually } from '../fault-helpers';
import { freePort } from '../free-port';

/** A program the image runs, started from the repository as the image's WORKDIR. */
export interface Started {
  child: ChildProcess;
  url: string;
  env: Record<string, string>;
  output: string[];
  exit: Promise<number | string | null>;
}

export function start(command: string[], env: Record<string, string>, port: number): Started {
  // Only the files' environment (and PATH): nothing of the test runner's (NODE_ENV=test...) leaks in.
  const fullEnv = { PATH: process.env['PATH'] ?? '', ...env };
  const child = spawn(process.execPath, command.slice(1), {
    cwd: REPO_ROOT,
    env: fullEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (b: Buffer) => output.push(b.toString()) > 200 && output.shift();
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exit = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  return { child, url: `http://127.0.0.1:${port}`, env: fullEnv, output, exit };
}

export async function answers(started: Started, path: string): Promise<Response> {
  return eventually(
    `${started.url}${path} to answer (output: ${started.output.join('').slice(-2000)})`,
    async () => {
      if (started.child.exitCode !== null) throw new Error(`exited with ${started.child.exitCode}`);
      const res = await fetch(`${started.url}${path}`, { signal: AbortSignal.timeout(3000) });
      return res.status === 404 || res.ok ? res : undefined;
    },
    60_000,
  );
}

/** Runs an exec-form health check (`node -e ...`) with the program's environment; resolves with its exit code. */
export function healthCheck(check: string[], env: Record<string, string>): Promise<number> {
  expect(check[0]).toBe('node');
  return new Promise((resolve) => {
    execFile(process.execPath, check.slice(1), { env, timeout: 10_000 }, (err) =>
      resolve(err ? Number((err as { code?: number }).code ?? 1) : 0),
    );
  });
}

/** The MCP server as the image runs it, `node dist/mcp.mjs --http`, on a free loopback port, playing on `serverUrl`. */
export async function startMcp(serverUrl: string): Promise<Started> {
  const port = await freePort();
  const command = ['node', 'dist/mcp.mjs', '--http', '--host', '127.0.0.1', '--port', String(port)];
  return start(command, { MCP_SERVER_URL: serverUrl }, port);
}

/** Opens a session on a started MCP server: the response to its `initialize` request. */
export function initMcp(mcp: Started): Promise<Response> {
  return fetch(`${mcp.url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-03-26',
        capabilities: {},
        clientInfo: { name: 'deploy-test', version: '1' },
      },
    }),
  });
}

/** Sends SIGTERM and expects a clean exit (status 0), showing the program's last output otherwise. */
export async function stopsCleanly(started: Started): Promise<void> {
  started.child.kill('SIGTERM');
  expect(await started.exit, started.output.join('').slice(-2000)).toBe(0);
}
