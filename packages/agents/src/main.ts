/**
 * Entry point of the agent runtime (`npm run start -w @tilerealm/agents`, or via `npm start`):
 * validates the environment, loads the public map, imports an older runtime's agents.json once,
 * resumes the agents the game's database lists for its world, creates the default ones (AGENT_DEFAULT_COUNT) and serves the REST API on AGENT_PORT until SIGINT/SIGTERM (then exits
 * within 5 s).
 */
import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiError, WorldPlaces } from '@tilerealm/sdk';
import { agentWorldId, loadAgentConfig, metricsAccess } from './config';
import { AgentDirectory } from './directory';
import { GameApi } from './game-api';
import { buildRuntimeApi } from './http';
import { LlmAdvisor } from './llm';
import { warn } from './errors';
import { AgentRuntime, type RuntimeDeps } from './runtime';

/** The runtime exits at the latest this long after SIGINT/SIGTERM. */
const EXIT_DEADLINE_MS = 5_000;

async function main(): Promise<void> {
  const config = loadAgentConfig(process.env);
  const secret = config.AGENT_RUNTIME_SECRET;
  if (secret === undefined)
    throw new Error(
      "AGENT_RUNTIME_SECRET is not set: give the runtime the game server's AGENT_RUNTIME_SECRET (npm start makes one up)",
    );
  const worldId = agentWorldId(config);
  const places = WorldPlaces.fromManifest(JSON.parse(await readFile(config.AGENT_WORLD_AREAS, 'utf8')));
  const api = new GameApi(config.GAME_SERVER_URL);
  const llm = config.AGENT_LLM_URL
    ? new LlmAdvisor({
        url: config.AGENT_LLM_URL,
        apiKey: config.AGENT_LLM_API_KEY,
        model: config.AGENT_LLM_MODEL,
        timeoutMs: config.AGENT_LLM_TIMEOUT_MS,
      })
    : undefined;
  const runtime = await openRuntime({
    api,
    directory: new AgentDirectory(config.GAME_SERVER_URL, secret),
    worldId,
    serverUrl: config.GAME_SERVER_URL,
    places,
    dataDir: config.AGENT_DATA_DIR,
    llm,
  });
  const app = buildRuntimeApi(runtime, api, metricsAccess(config));
  let stopping = false;
  const shutdown = (): void => {
    // `npm start` and a terminal's Ctrl-C may both send one: the first one counts.
    if (stopping) return;
    stopping = true;
    // Agents leave the game and the API closes; a connection that will not close, or a game server
    // that does not answer, is cut short at the deadline.
    setTimeout(() => {
      console.error(`[agents] shutdown past its ${EXIT_DEADLINE_MS / 1000} s deadline: exiting now`);
      process.exit(1);
    }, EXIT_DEADLINE_MS).unref();
    setInterval(() => app.server.closeIdleConnections(), 100).unref();
    void Promise.allSettled([runtime.close(), app.close()]).then((results) => {
      for (const r of results) if (r.status === 'rejected') console.error('[agents] shutdown:', r.reason);
      process.exit(results.every((r) => r.status === 'fulfilled') ? 0 : 1);
    });
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  await app.listen({ port: config.AGENT_PORT, host: config.AGENT_HOST });
  console.log(
    `[agents] runtime on http://${config.AGENT_HOST}:${config.AGENT_PORT}, game server ${config.GAME_SERVER_URL}, world ${worldId}`,
  );
  await runtime.resume();
  const owner = await runtime.ensureDefaultAgents(config.AGENT_DEFAULT_COUNT);
  // In development the dashboard link carries the default owner's token in the URL fragment (never
  // sent to a server), like a notebook server's sign-in link: whoever reads this console may steer
  // the default agents. The token is a minted one: the link works for about an hour.
  if (owner && process.env['NODE_ENV'] !== 'production')
    console.log(
      `[agents] agent dashboard for the default agents: ${config.GAME_SERVER_URL}/#/agents?token=${owner.token}`,
    );
}

/**
 * Opens the runtime, whose agents come from the game server: while the server cannot be reached
 * (or answers 5xx) it tries again, waiting 1 s doubling to 30 s; a refusal (401: a wrong
 * AGENT_RUNTIME_SECRET) ends the start.
 */
async function openRuntime(deps: RuntimeDeps): Promise<AgentRuntime> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await AgentRuntime.open(deps);
    } catch (err) {
      if (err instanceof ApiError && err.status < 500) throw err;
      const delayMs = Math.min(30_000, 1000 * 2 ** (attempt - 1));
      warn(`reading the agents from the game server failed; trying again in ${delayMs / 1000} s`, err);
      await sleep(delayMs);
    }
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
