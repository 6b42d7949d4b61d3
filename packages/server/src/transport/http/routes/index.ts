import type { FastifyInstance } from 'fastify';
import { hiscoreRoutes } from '../../../hiscores/route';
import type { HttpDeps } from '../deps';
import { agentProxyRoutes } from './agent-proxy';
import { agentRuntimeRoutes } from './agent-runtime';
import { agentRoutes } from './agents';
import { authRoutes } from './auth';
import { characterManagementRoutes } from './character-management';
import { characterRoutes } from './characters';
import { envJsRoute } from './env-js';
import { healthRoutes } from './health';
import { manifestRoutes } from './manifests';
import { playerQueryRoutes } from './player-queries';
import { playerV1Routes } from './player-v1';
import { questRoutes } from './quests';
import { readyRoutes } from './ready';
import { skillUnlockRoutes } from './skill-unlocks';
import { socialRoutes } from './social';
import { templateRoutes } from './templates';
import { voiceRoutes } from './voice';
import { worldV1Routes } from './world-v1';
import { worldListRoutes } from './worlds';

/** Every route group, each a small plugin of its own. */
export async function registerRoutes(app: FastifyInstance, deps: HttpDeps): Promise<void> {
  await healthRoutes(app, deps);
  await readyRoutes(app, deps);
  await envJsRoute(app, deps);
  await manifestRoutes(app, deps);
  await skillUnlockRoutes(app, deps);
  await authRoutes(app, deps);
  await playerV1Routes(app, deps);
  await worldV1Routes(app, deps);
  await worldListRoutes(app, deps);
  await hiscoreRoutes(app, deps);
  await characterRoutes(app, deps);
  await characterManagementRoutes(app, deps);
  await playerQueryRoutes(app, deps);
  await socialRoutes(app, deps);
  await questRoutes(app, deps);
  await templateRoutes(app, deps);
  await voiceRoutes(app, deps);
  await agentRoutes(app, deps);
  await agentProxyRoutes(app, deps);
  await agentRuntimeRoutes(app, deps);
}
