import { z } from 'zod';
import { goalSchema } from './agent-goals';

/**
 * The real-time side of agent control (the goal-control REST API lives on the game server, see
 * docs/agents.md): the server tells an agent's session its goal and pause state and relays its
 * owner's messages; the agent reports the goal it pursues and its progress.
 */
export const agentClientEvents = {
  'agent:report': {
    description:
      "An agent's session reports the goal it pursues (with progress) or null when idle. Accepted only from a character that is an agent's; the server keeps it as the agent's current goal (GET /api/agents/:agentId/goal). Ignored while goals are paused unless the goal is null or set by the owner.",
    schema: z.strictObject({ goal: goalSchema.nullable() }),
    example: {
      goal: {
        type: 'woodcutting',
        setBy: 'agent',
        startedAt: '2026-11-26T05:00:00.000Z',
        progress: { current: 340, target: 1000, unit: 'xp' },
      },
    },
  },
} as const;

export const agentServerEvents = {
  'agent:control': {
    description:
      "To an agent's session: its agent id, the goal its owner set (or the last reported one) and whether autonomous goal setting is paused. Sent when the session joins and whenever the owner changes the goal, stops or resumes (POST /api/agents/:agentId/goal, /goal/stop, /goal/resume).",
    schema: z.object({ agentId: z.string(), goal: goalSchema.nullable(), goalsPaused: z.boolean() }),
    example: { agentId: 'ag_1', goal: null, goalsPaused: true },
  },
  'agent:message': {
    description: "To an agent's session: a message from its owner (POST /api/agents/:agentId/message).",
    schema: z.object({ agentId: z.string(), message: z.string(), sentAt: z.string() }),
    example: { agentId: 'ag_1', message: 'chop trees', sentAt: '2026-11-26T05:00:00.000Z' },
  },
} as const;
