import { CLOSE_CODES } from '@tilerealm/protocol';
import {
  ConnectionClosedError,
  isJoinable,
  LoggedInElsewhereError,
  WorldFullError,
  type WorldEntry,
} from '@tilerealm/sdk';

/**
 * The world switcher's logic, free of the DOM: how each world of `GET /api/v1/worlds` is shown,
 * which one is preselected, the remembered choice, and what a refused login tells the player.
 */

/** Where the last chosen world number is kept. */
export const WORLD_KEY = 'tilerealm.world';

/** The part of `localStorage` the switcher uses. */
export interface WorldStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface WorldRow {
  id: number;
  /** "World 2", or the world's own name when it has one of its own. */
  title: string;
  /** "523 players", "1 player", "FULL", "CLOSING" or "OFFLINE". */
  population: string;
  activity: string;
  /** Offline and closing worlds are greyed out and cannot be chosen. */
  selectable: boolean;
  selected: boolean;
}

/** A world may be chosen unless it is offline or shutting down; a full one may (its login is refused). */
export function isSelectable(world: Pick<WorldEntry, 'status'>): boolean {
  return world.status === 'online' || world.status === 'full';
}

export function populationLabel(world: Pick<WorldEntry, 'status' | 'population'>): string {
  switch (world.status) {
    case 'full':
      return 'FULL';
    case 'offline':
      return 'OFFLINE';
    case 'draining':
      return 'CLOSING';
    default:
      return `${world.population} ${world.population === 1 ? 'player' : 'players'}`;
  }
}

/** The rows of the switcher, in world order, with `selectedId` marked. */
export function worldRows(worlds: readonly WorldEntry[], selectedId: number | undefined): WorldRow[] {
  return [...worlds]
    .sort((a, b) => a.id - b.id)
    .map((w) => ({
      id: w.id,
      title: w.name === `World ${w.id}` || w.name === '' ? `World ${w.id}` : `World ${w.id}: ${w.name}`,
      population: populationLabel(w),
      activity: w.activity,
      selectable: isSelectable(w),
      selected: w.id === selectedId,
    }));
}

/** The remembered world number, if a valid one is stored. */
export function storedWorld(storage: WorldStorage): number | undefined {
  const raw = storage.getItem(WORLD_KEY);
  if (raw === null || !/^\d{1,9}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 ? id : undefined;
}

export function rememberWorld(storage: WorldStorage, id: number): void {
  storage.setItem(WORLD_KEY, String(id));
}

/**
 * The world to preselect: the remembered one while it can be chosen, else the world that served
 * the list (`current`), else the first open world, else the first that can be chosen at all.
 */
export function preselectWorld(
  worlds: readonly WorldEntry[],
  remembered: number | undefined,
): WorldEntry | undefined {
  const selectable = worlds.filter(isSelectable);
  return (
    selectable.find((w) => w.id === remembered) ??
    selectable.find((w) => w.current === true) ??
    selectable.find(isJoinable) ??
    selectable[0]
  );
}

/** What the game screen shows when a world refuses the login; undefined for other failures. */
export interface Refusal {
  message: string;
  /** The character is logged in elsewhere: offer "Log out there and play here". */
  takeover: boolean;
}

/** What a login closed before its welcome with these codes tells the player. */
const CLOSED_REFUSALS: ReadonlyMap<number, string> = new Map([
  [
    CLOSE_CODES.agentRunning,
    'This character is played by its agent: stop the agent in the agent dashboard first',
  ],
  // Limits per client address (docs/operations.md): the whole network behind one address shares them.
  [
    CLOSE_CODES.tooManyConnections,
    'Too many connections from your network: close another game window, or try again shortly',
  ],
  [CLOSE_CODES.rateLimited, 'Too many logins from your network: try again in a minute'],
]);

export function refusalOf(err: unknown): Refusal | undefined {
  if (err instanceof LoggedInElsewhereError)
    return {
      message:
        err.world === undefined
          ? 'You are logged in on another world'
          : `You are logged in on world ${err.world}`,
      takeover: true,
    };
  const closed = err instanceof ConnectionClosedError ? CLOSED_REFUSALS.get(err.code) : undefined;
  if (closed !== undefined) return { message: closed, takeover: false };
  if (err instanceof WorldFullError)
    return {
      message: `${err.world === undefined ? 'The world' : `World ${err.world}`} is full: choose another world`,
      takeover: false,
    };
  return undefined;
}
