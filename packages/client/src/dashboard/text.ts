/**
 * How the agent dashboard words what it shows (pure: no DOM): goals, progress, positions, items,
 * connection states and errors, as people read them.
 */
import { errorStatus } from './poller';
import type {
  AreaBounds,
  AvailableGoalView,
  DashboardAgent,
  GoalView,
  ItemStack,
  MessageResult,
  RuntimeView,
} from './model';

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
