import { areaAt } from '../content/geometry';
import type { AreaDef } from '../content/schemas/world-areas';

/** The room of players standing outside every area. */
export const WORLD_VOICE_ROOM = 'world';

/**
 * The voice room for a tile: `area:<areaId>` for the world area containing it, so players hear
 * those around them, or {@link WORLD_VOICE_ROOM} outside every area. A fractional position counts
 * as the tile it lies on.
 */
export function voiceRoomAt(areas: Iterable<AreaDef>, position: { x: number; z: number }): string {
  const area = areaAt(areas, Math.floor(position.x), Math.floor(position.z));
  return area ? `area:${area.id}` : WORLD_VOICE_ROOM;
}
