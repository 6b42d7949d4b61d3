import { z } from 'zod';

/**
 * The agent dashboard's data (pure: no DOM). Two sources describe an agent: the game server
 * (`GET /api/agents`: the mapping, goal, pause flag, online) and the agent runtime through the
 * server's proxy (`GET /api/agent/agents`: connection status, position, skills, the goal it
 * pursues with progress). They are merged by agentId; the game server is authoritative for the
 * goal and the pause flag.
 */

const progressSchema = z.looseObject({ current: z.number(), target: z.number(), unit: z.string() });

/** A goal as either side reports it (lenient: unknown types from a newer server still show). */
export const goalViewSchema = z.looseObject({
  type: z.string(),
  target: z.string().optional(),
  setBy: z.string().optional(),
  startedAt: z.string().optional(),
  progress: progressSchema.optional(),
});
export type GoalView = z.infer<typeof goalViewSchema>;

export const serverAgentSchema = z.looseObject({
  agentId: z.string(),
  characterId: z.string().nullable().optional(),
  name: z.string(),
  goal: goalViewSchema.nullable().optional(),
  goalsPaused: z.boolean().optional(),
  online: z.boolean().optional(),
});
export type ServerAgent = z.infer<typeof serverAgentSchema>;
export const serverListSchema = z.looseObject({ agents: z.array(serverAgentSchema) });

const skillSchema = z.looseObject({ level: z.number(), xp: z.number().optional() });
const stackSchema = z.looseObject({ itemId: z.string(), quantity: z.number() });
/** An item stack as the dashboard lists it (an inventory slot number or an equipment slot name). */
export type ItemStack = { slot?: number | string; itemId: string; quantity: number };
export const runtimeAgentSchema = z.looseObject({
  agentId: z.string(),
  name: z.string(),
  characterId: z.string().nullable().optional(),
  ownerAccountId: z.string().optional(),
  running: z.boolean().optional(),
  status: z.string().optional(),
  lastError: z.string().nullable().optional(),
  goal: goalViewSchema.nullable().optional(),
  goalsPaused: z.boolean().optional(),
  command: z.string().nullable().optional(),
  position: z.object({ x: z.number(), z: z.number() }).nullable().optional(),
  skills: z.record(z.string(), skillSchema).optional(),
  inventory: z.array(stackSchema.extend({ slot: z.number() })).optional(),
  equipment: z.array(stackSchema.extend({ slot: z.string() })).optional(),
  bank: z
    .looseObject({ at: z.string(), slots: z.array(stackSchema) })
    .nullable()
    .optional(),
});
export type RuntimeAgent = z.infer<typeof runtimeAgentSchema>;
export const runtimeListSchema = z.looseObject({ agents: z.array(runtimeAgentSchema) });

export const availableGoalViewSchema = z.looseObject({
  type: z.string(),
  priority: z.number().optional(),
  reason: z.string().optional(),
  available: z.boolean(),
});
export type AvailableGoalView = z.infer<typeof availableGoalViewSchema>;

/** `GET|POST /api/agents/:id/goal`, `/goal/stop`, `/goal/resume`. */
export const goalControlSchema = z.looseObject({
  goal: goalViewSchema.nullable(),
  goalsPaused: z.boolean(),
  availableGoals: z.array(availableGoalViewSchema),
});
export type GoalControl = z.infer<typeof goalControlSchema>;

export const quickActionsSchema = z.looseObject({
  places: z.array(z.looseObject({ id: z.string(), name: z.string(), distance: z.number().optional() })),
  goals: z.array(availableGoalViewSchema),
  commands: z.array(
    z.looseObject({
      command: z.string(),
      label: z.string(),
      message: z.string(),
      available: z.boolean(),
      reason: z.string().optional(),
    }),
  ),
});
export type QuickActions = z.infer<typeof quickActionsSchema>;

export const messageResultSchema = z.looseObject({
  delivered: z.boolean(),
  status: z.string(),
  sentAt: z.string().optional(),
});
export type MessageResult = z.infer<typeof messageResultSchema>;

export { activitySchema, type ActivityLine } from './activity-model';

const areaSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  bounds: z.object({ minX: z.number(), minZ: z.number(), maxX: z.number(), maxZ: z.number() }),
});
export type AreaBounds = z.infer<typeof areaSchema>;
export const worldAreasSchema = z.looseObject({ areas: z.array(areaSchema) });

/** The runtime's side of an agent, when the runtime knows it. */
export interface RuntimeView {
  running: boolean;
  status: string;
  lastError: string | null;
  command: string | null;
  position: { x: number; z: number } | null;
  skills: Record<string, { level: number; xp?: number | undefined }>;
  goal: GoalView | null;
  inventory: ItemStack[];
  equipment: ItemStack[];
  bank: { at: string; slots: ItemStack[] } | null;
}

/** One agent as the dashboard shows it. */
export interface DashboardAgent {
  agentId: string;
  name: string;
  characterId: string | null;
  /** The character has a game session (game server); null when only the runtime answered. */
  online: boolean | null;
  goal: GoalView | null;
  goalsPaused: boolean;
  /** Listed by the game server (false: only the runtime knows it, e.g. its mapping was removed). */
  onServer: boolean;
  runtime: RuntimeView | null;
}

function runtimeView(r: RuntimeAgent): RuntimeView {
  return {
    running: r.running ?? false,
    status: r.status ?? (r.running ? 'running' : 'stopped'),
    lastError: r.lastError ?? null,
    command: r.command ?? null,
    position: r.position ?? null,
    skills: r.skills ?? {},
    goal: r.goal ?? null,
    inventory: r.inventory ?? [],
    equipment: r.equipment ?? [],
    bank: r.bank ?? null,
  };
}

/**
 * The server's goal, with the runtime's progress filled in when the server's has none and the
 * runtime pursues the same goal type (the runtime's view is fresher between reports).
 */
export function mergeGoal(server: GoalView | null, runtime: GoalView | null): GoalView | null {
  if (!server) return null;
  if (server.progress || !runtime?.progress || runtime.type !== server.type) return server;
  return { ...server, progress: runtime.progress };
}

/**
 * Merges the two lists by agentId, in the game server's order. `null` means that source could not
 * be read. Runtime-only agents are shown only when they belong to `accountId` (an administrator's
 * runtime list holds every account's agents) or when the game server's list is missing.
 */
export function mergeAgents(
  server: readonly ServerAgent[] | null,
  runtime: readonly RuntimeAgent[] | null,
  accountId?: string,
): DashboardAgent[] {
  const byId = new Map((runtime ?? []).map((r) => [r.agentId, r]));
  const out: DashboardAgent[] = [];
  const seen = new Set<string>();
  for (const s of server ?? []) {
    if (seen.has(s.agentId)) continue;
    seen.add(s.agentId);
    const r = byId.get(s.agentId);
    const view = r ? runtimeView(r) : null;
    out.push({
      agentId: s.agentId,
      name: s.name,
      characterId: s.characterId ?? r?.characterId ?? null,
      online: s.online ?? null,
      goal: mergeGoal(s.goal ?? null, view?.goal ?? null),
      goalsPaused: s.goalsPaused ?? r?.goalsPaused ?? false,
      onServer: true,
      runtime: view,
    });
  }
  for (const r of runtime ?? []) {
    if (seen.has(r.agentId)) continue;
    if (
      server !== null &&
      accountId !== undefined &&
      r.ownerAccountId !== undefined &&
      r.ownerAccountId !== accountId
    )
      continue;
    seen.add(r.agentId);
    const view = runtimeView(r);
    out.push({
      agentId: r.agentId,
      name: r.name,
      characterId: r.characterId ?? null,
      online: null,
      goal: view.goal,
      goalsPaused: r.goalsPaused ?? false,
      onServer: false,
      runtime: view,
    });
  }
  return out;
}

/** An agent with a goal-control answer applied (after a control call or a goal read). */
export function applyGoalControl(agent: DashboardAgent, control: GoalControl): DashboardAgent {
  return {
    ...agent,
    goal: mergeGoal(control.goal, agent.runtime?.goal ?? null),
    goalsPaused: control.goalsPaused,
  };
}

/** An agent with a fresh runtime summary applied. */
export function applyRuntime(agent: DashboardAgent, runtime: RuntimeAgent | null): DashboardAgent {
  const view = runtime ? runtimeView(runtime) : null;
  return {
    ...agent,
    runtime: view,
    goal: agent.onServer ? mergeGoal(agent.goal, view?.goal ?? null) : (view?.goal ?? null),
  };
}

export * from './text';
