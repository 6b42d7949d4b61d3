/**
 * The agent an evaluation runs: our rule-based planner (packages/agents, through its public API),
 * or any external command that plays through the SDK or MCP with the server URL and token it is
 * given in its environment.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AgentRunner } from '@tilerealm/agents';
import { socketUrlOf, WorldPlaces } from '@tilerealm/sdk';
import { BUNDLED_MANIFESTS_DIR } from '../packages/server/src/app/paths';
import type { EvalTask } from './tasks';

export type AgentSpec = { kind: 'planner' } | { kind: 'command'; command: string };

/** Who plays: the character the run created, and how to reach the world. */
export interface Seat {
  serverUrl: string;
  token: string;
  characterId: string;
  agentId: string;
  name: string;
  ownerAccountId: string;
}

export interface RunningAgent {
  stop(): Promise<void>;
}

export async function startAgent(spec: AgentSpec, task: EvalTask, seat: Seat): Promise<RunningAgent> {
  return spec.kind === 'planner' ? startPlanner(task, seat) : startCommand(spec.command, task, seat);
}

async function startPlanner(task: EvalTask, seat: Seat): Promise<RunningAgent> {
  const areas: unknown = JSON.parse(await readFile(join(BUNDLED_MANIFESTS_DIR, 'world-areas.json'), 'utf8'));
  const runner = new AgentRunner(
    {
      agentId: seat.agentId,
      name: seat.name,
      characterId: seat.characterId,
      ownerAccountId: seat.ownerAccountId,
      ownerCharacterIds: [],
      worldId: 1,
      running: true,
      createdAt: new Date().toISOString(),
    },
    {
      socketUrl: socketUrlOf(seat.serverUrl),
      places: WorldPlaces.fromManifest(areas),
      sessionToken: () => Promise.resolve(seat.token),
    },
  );
  await runner.start();
  // The task's goal is set as its owner would set it (REST goal control); otherwise the planner chooses.
  if (task.plannerGoal)
    runner.onControl({
      goal: { ...task.plannerGoal, setBy: 'owner', startedAt: new Date().toISOString() },
      goalsPaused: false,
    });
  return { stop: () => runner.stop() };
}

/** The environment an external agent command is given. */
export function commandEnv(task: EvalTask, seat: Seat): Record<string, string> {
  return {
    TILEREALM_SERVER_URL: seat.serverUrl,
    TILEREALM_WS_URL: socketUrlOf(seat.serverUrl),
    TILEREALM_TOKEN: seat.token,
    TILEREALM_CHARACTER_ID: seat.characterId,
    TILEREALM_TASK: task.id,
    TILEREALM_TASK_DESCRIPTION: task.description,
  };
}

function startCommand(command: string, task: EvalTask, seat: Seat): Promise<RunningAgent> {
  const child: ChildProcess = spawn(command, {
    shell: true,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ...commandEnv(task, seat) },
    detached: true,
  });
  child.on('error', (err) => console.error(`[eval] agent command failed to start: ${err.message}`));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return Promise.resolve({
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
        // The command runs in its own process group (detached): its children stop with it.
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch (err) {
          // Already gone between the check and the kill: nothing left to stop.
          if ((err as NodeJS.ErrnoException).code !== 'ESRCH') throw err;
        }
        // A command that ignores SIGTERM is killed after a grace.
        let timer: NodeJS.Timeout | undefined;
        const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, 5_000)));
        await Promise.race([exited, grace]);
        clearTimeout(timer);
        if (child.exitCode === null && child.signalCode === null) {
          try {
            process.kill(-child.pid, 'SIGKILL');
          } catch (err) {
            if ((err as NodeJS.ErrnoException).code !== 'ESRCH') throw err;
          }
          await exited;
        }
      }
    },
  });
}
