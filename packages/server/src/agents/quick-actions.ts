import type { AvailableGoal, PlayerStatePayload } from '@tilerealm/protocol';
import type { Content } from '../content/load';

/** A world area the owner may send the agent to, with its distance in tiles when the agent's position is known. */
export interface QuickPlace {
  id: string;
  name: string;
  distance?: number;
}

/** The quick commands an owner's menu offers; each is sent to the agent as the `message` text. */
export const QUICK_COMMANDS = [
  { command: 'stop', label: 'Stop', message: 'stop' },
  { command: 'resume', label: 'Resume', message: 'resume' },
  { command: 'come_here', label: 'Come here', message: 'come here' },
  { command: 'follow_me', label: 'Follow me', message: 'follow me' },
  { command: 'chop_trees', label: 'Chop trees', message: 'chop trees' },
] as const;

export interface QuickCommand {
  command: (typeof QUICK_COMMANDS)[number]['command'];
  label: string;
  message: string;
  available: boolean;
  reason?: string;
}

/** How many places the menu lists, nearest first. */
export const MAX_PLACES = 10;

/**
 * The world areas nearest a tile (0 inside an area, else the Chebyshev distance to its bounds, the
 * number of diagonal-capable steps), or every area by name when the position is unknown.
 */
export function nearbyPlaces(content: Content, at: { x: number; z: number } | undefined): QuickPlace[] {
  const areas = [...content.areas.values()];
  if (!at) {
    return areas
      .map((a) => ({ id: a.id, name: a.name }))
      .sort((a, b) => a.name.localeCompare(b.name))
      .slice(0, MAX_PLACES);
  }
  return areas
    .map((a) => {
      const b = a.bounds;
      const dx = Math.max(b.minX - at.x, 0, at.x - b.maxX);
      const dz = Math.max(b.minZ - at.z, 0, at.z - b.maxZ);
      return { id: a.id, name: a.name, distance: Math.max(dx, dz) };
    })
    .sort((a, b) => a.distance - b.distance || a.name.localeCompare(b.name))
    .slice(0, MAX_PLACES);
}

/**
 * Which quick commands make sense now. stop and resume follow the pause flag (they are the goal
 * endpoints, so they work offline too); the others are chat commands the agent's runtime obeys,
 * so they need the agent connected, and chopping trees needs the woodcutting goal to be open.
 */
export function quickCommands(opts: {
  goalsPaused: boolean;
  connected: boolean;
  goals: readonly AvailableGoal[];
}): QuickCommand[] {
  const offline = 'the agent is offline';
  const woodcutting = opts.goals.find((g) => g.type === 'woodcutting');
  return QUICK_COMMANDS.map((c) => {
    let reason: string | undefined;
    if (c.command === 'stop') reason = opts.goalsPaused ? 'goals are already paused' : undefined;
    else if (c.command === 'resume') reason = opts.goalsPaused ? undefined : 'goals are running';
    else if (!opts.connected) reason = offline;
    else if (c.command === 'chop_trees' && woodcutting && !woodcutting.available) reason = woodcutting.reason;
    return { ...c, available: reason === undefined, ...(reason !== undefined ? { reason } : {}) };
  });
}

/** Where the agent stands: live when in the world, else saved. */
export function positionOf(state: PlayerStatePayload | undefined): { x: number; z: number } | undefined {
  return state ? { x: state.position.x, z: state.position.z } : undefined;
}
