import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WorldPlaces } from '@tilerealm/sdk';
import type { FastifyInstance } from 'fastify';
import { AgentDirectory } from '../src/directory';
import { GameApi } from '../src/game-api';
import { buildRuntimeApi } from '../src/http';
import type { LlmAdvisor } from '../src/llm';
import { AgentRuntime, type RuntimeDeps } from '../src/runtime';

/** The runtime credential the test servers are given (`AGENT_RUNTIME_SECRET`). */
export const TEST_RUNTIME_SECRET = 'agent-runtime-test-secret-0123456789abcdef';

/** The environment a game server needs for the runtime tests (merged into useRealtimeServer's). */
export const RUNTIME_SERVER_ENV = { AGENT_RUNTIME_SECRET: TEST_RUNTIME_SECRET };

const AREAS = fileURLToPath(new URL('../../../assets/manifests/world-areas.json', import.meta.url));

/** The public map, as the runtime loads it. */
export async function loadPlaces(): Promise<WorldPlaces> {
  return WorldPlaces.fromManifest(JSON.parse(await readFile(AREAS, 'utf8')));
}

export interface TestRuntime {
  runtime: AgentRuntime;
  /** The game server's runtime endpoints, with the test secret (mint tokens, read records). */
  directory: AgentDirectory;
  app: FastifyInstance;
  /** Base address of the runtime's REST API. */
  url: string;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * A runtime against a game server (started with {@link RUNTIME_SERVER_ENV}), on 127.0.0.1 port 0,
 * with a temporary data dir (or the one given), playing on world 1 (or the one given).
 */
export async function startRuntime(
  serverUrl: string,
  options: { dataDir?: string; llm?: LlmAdvisor; worldId?: number; deps?: Partial<RuntimeDeps> } = {},
): Promise<TestRuntime> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'tilerealm-agents-')));
  const api = new GameApi(serverUrl);
  const directory = new AgentDirectory(serverUrl, TEST_RUNTIME_SECRET);
  const runtime = await AgentRuntime.open({
    api,
    directory,
    worldId: options.worldId ?? 1,
    serverUrl,
    places: await loadPlaces(),
    dataDir,
    llm: options.llm,
    ...options.deps,
  });
  const app = buildRuntimeApi(runtime, api);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    runtime,
    directory,
    app,
    url,
    dataDir,
    async close() {
      await runtime.close();
      await app.close();
    },
  };
}

/** Removes a data dir made by startRuntime. */
export const removeDir = (dir: string) => rm(dir, { recursive: true, force: true });

/** A JSON request to the runtime's REST API. */
export async function call(
  url: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const headers: Record<string, string> = {};
  if (token) headers['authorization'] = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(new URL(path, url), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}
