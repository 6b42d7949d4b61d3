import { beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_MANIFESTS_DIR } from '../app/paths';
import { loadContent } from '../content/load';
import type { AreaDef } from '../content/schemas/world-areas';
import { voiceRoomAt, WORLD_VOICE_ROOM } from './rooms';

let areas: AreaDef[];
beforeAll(async () => {
  areas = [...(await loadContent(BUNDLED_MANIFESTS_DIR)).areas.values()];
});

describe('voiceRoomAt', () => {
  it('names the room after the area containing the tile, edges included', () => {
    for (const area of areas) {
      const { minX, maxX, minZ, maxZ } = area.bounds;
      expect(voiceRoomAt(areas, { x: minX, z: minZ })).toBe(`area:${area.id}`);
      expect(voiceRoomAt(areas, { x: maxX, z: maxZ })).toBe(`area:${area.id}`);
    }
  });

  it('counts a fractional position as the tile it lies on', () => {
    const area = areas[0];
    if (!area) throw new Error('the bundled world has no areas');
    expect(voiceRoomAt(areas, { x: area.bounds.maxX + 0.5, z: area.bounds.maxZ + 0.25 })).toBe(
      `area:${area.id}`,
    );
  });

  it('answers the world room outside every area', () => {
    const far = Math.max(...areas.map((a) => Math.max(a.bounds.maxX, a.bounds.maxZ))) + 1000;
    expect(voiceRoomAt(areas, { x: far, z: far })).toBe(WORLD_VOICE_ROOM);
    expect(WORLD_VOICE_ROOM).toBe('world');
  });
});
