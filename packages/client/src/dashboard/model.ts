import { z } from 'zod';
import { errorStatus } from './poller';

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

export const activitySchema = z.looseObject({
  activity: z.array(z.looseObject({ at: z.string(), message: z.string() })),
});
export type ActivityLine = z.infer<typeof activitySchema>['activity'][number];

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

/** The runtime could not be reached (the proxy's 503, a gateway 502/504, or no network at all). */
export function isUnreachable(err: unknown): boolean {
  const status = errorStatus(err);
  return status === undefined || status === 0 || status === 502 || status === 503 || status === 504;
}

/** Progress as a 0..100 percentage (0 when the target is not positive). */
export function progressPercent(progress: { current: number; target: number } | undefined): number {
  if (!progress || !(progress.target > 0)) return 0;
  return Math.max(0, Math.min(100, Math.round((progress.current / progress.target) * 100)));
}

/**
 * An id as people read it: `mirror_lake` -> `Mirror Lake` when `names` (id -> display name, e.g.
 * from world-areas.json) knows it, else the words with a capital first letter (`oak_tree` -> `Oak tree`).
 */
export function readableName(id: string, names?: ReadonlyMap<string, string>): string {
  const known = names?.get(id);
  if (known) return known;
  const words = id.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : id;
}

/** `Woodcutting at Mirror Lake` (readable names; the target looked up in `names`), or `none`. */
export function goalText(goal: GoalView | null, names?: ReadonlyMap<string, string>): string {
  if (!goal) return 'none';
  const type = readableName(goal.type);
  return goal.target ? `${type} at ${readableName(goal.target, names)}` : type;
}

/** What the set-goal button does for a goal type: `Start woodcutting`, `Go exploring`, `Stay idle`. */
export function goalActionLabel(type: string, target?: string, names?: ReadonlyMap<string, string>): string {
  const verb: Record<string, string> = {
    combat_training: 'Start combat training',
    exploration: 'Go exploring',
    questing: 'Start questing',
    banking: 'Go banking',
    idle: 'Stay idle',
  };
  const base = verb[type] ?? `Start ${readableName(type).toLowerCase()}`;
  return target ? `${base} at ${readableName(target, names)}` : base;
}

/** The goal type the selector shows: the current goal's when it can be chosen, else the first available. */
export function preselectedGoal(
  goals: readonly AvailableGoalView[],
  current: GoalView | null,
  previous?: string,
): string {
  const choosable = (t: string | undefined) =>
    t !== undefined && goals.some((g) => g.type === t && g.available);
  if (choosable(previous)) return previous ?? '';
  if (choosable(current?.type)) return current?.type ?? '';
  return goals.find((g) => g.available)?.type ?? '';
}

/** Area id -> display name (world-areas.json), for readable goal targets. */
export function areaNames(areas: readonly AreaBounds[]): Map<string, string> {
  return new Map(areas.map((a) => [a.id, a.name]));
}

export function setByText(goal: GoalView | null): string {
  if (!goal?.setBy) return '';
  return goal.setBy === 'owner' ? 'set by you (owner)' : `set by the ${goal.setBy}`;
}

export function progressText(
  progress: { current: number; target: number; unit: string } | undefined,
): string {
  if (!progress) return '';
  return `${progress.current} / ${progress.target} ${progress.unit} (${progressPercent(progress)}%)`;
}

/** The sum of the skill levels. */
export function skillTotal(skills: Record<string, { level: number }>): number {
  return Object.values(skills).reduce((sum, s) => sum + s.level, 0);
}

/** Skills sorted by name, for a stable display. */
export function sortedSkills(skills: Record<string, { level: number; xp?: number | undefined }>) {
  return Object.entries(skills)
    .map(([name, s]) => ({ name, level: s.level, xp: s.xp }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The area whose bounds contain the tile. */
export function areaNameAt(areas: readonly AreaBounds[], x: number, z: number): string | undefined {
  return areas.find(
    (a) => x >= a.bounds.minX && x <= a.bounds.maxX && z >= a.bounds.minZ && z <= a.bounds.maxZ,
  )?.name;
}

export function positionText(
  position: { x: number; z: number } | null | undefined,
  areas: readonly AreaBounds[],
): string {
  if (!position) return 'unknown';
  const area = areaNameAt(areas, position.x, position.z);
  return area ? `${area} (${position.x}, ${position.z})` : `(${position.x}, ${position.z})`;
}

/** The goal-state word the page shows: exactly `paused` or `running`. */
export function goalStateWord(goalsPaused: boolean): 'paused' | 'running' {
  return goalsPaused ? 'paused' : 'running';
}

/** The lines whose text holds every word of `query` (case-insensitive); all lines for an empty query. */
export function filterActivity<L extends { message: string }>(lines: readonly L[], query: string): L[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return lines.filter((l) => words.every((w) => l.message.toLowerCase().includes(w)));
}

/** `Bronze axe`, `Logs x27`: a stack as people read it. */
export function stackText(s: ItemStack): string {
  const name = readableName(s.itemId);
  return s.quantity > 1 ? `${name} x${s.quantity}` : name;
}

/** The runtime's last error while it still applies: none once the agent runs again. */
export function currentError(runtime: RuntimeView | null): string | null {
  if (!runtime?.lastError || runtime.status === 'running') return null;
  return runtime.lastError;
}

/** Connection line: the game session and the runtime's connection. */
export function connectionText(agent: DashboardAgent): string {
  const parts: string[] = [];
  if (agent.online !== null) parts.push(agent.online ? 'online' : 'offline');
  if (agent.runtime) {
    const r = agent.runtime;
    parts.push(`runtime: ${r.status}${r.running && r.status !== 'running' ? ' (set to run)' : ''}`);
    if (r.command) parts.push(`command: ${r.command}`);
  } else {
    parts.push('runtime: unknown');
  }
  if (!agent.onServer) parts.push('not mapped on the game server');
  return parts.join(' · ');
}

const FRIENDLY: Record<string, string> = {
  name_taken: 'That name is already taken.',
  character_limit: 'This account already has the maximum number of characters (five).',
  agent_exists: 'An agent with that id already exists.',
  service_unavailable: 'The agent runtime is not reachable.',
  game_server_unavailable: 'The agent runtime could not reach the game server.',
  rate_limited: 'Too many requests: the rate limit was hit.',
  forbidden: 'This agent belongs to another account.',
  not_found: 'No such agent.',
  agent_not_found: 'The agent runtime does not know this agent.',
  unauthorized: 'You are not signed in.',
  invalid_token: 'Your session has expired: sign in again.',
  network_error: 'The server could not be reached.',
};

/** A readable one-line description of a failed call (friendly text, then code and status). */
export function describeError(err: unknown): string {
  const status = errorStatus(err);
  const code =
    typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string'
      ? err.code
      : undefined;
  const message = err instanceof Error ? err.message : String(err);
  if (code === undefined) return message;
  const friendly = FRIENDLY[code];
  const tag = status ? `${code}, HTTP ${status}` : code;
  // goal_unavailable and the like carry their reason in the server's message.
  return friendly ? `${friendly} (${tag})` : `${message} (${tag})`;
}

/** `HTTP 503 service_unavailable`, `network_error`, or the error's message: a compact tag. */
export function errorTag(err: unknown): string {
  const status = errorStatus(err);
  const code =
    typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string'
      ? err.code
      : undefined;
  if (code === undefined) return err instanceof Error ? err.message : String(err);
  return status ? `HTTP ${status} ${code}` : code;
}

/** The message answer as a short line. */
export function messageResultText(result: MessageResult): string {
  if (result.delivered) return 'delivered';
  return result.status === 'agent_offline'
    ? 'agent_offline: the agent is not connected; nothing was queued'
    : result.status;
}
