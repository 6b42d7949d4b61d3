import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { areaDef } from '../src/content';
import { CameraHeading } from '../src/game/camera-heading';
import { orbitPosition } from '../src/game/render/logic';
import { mapIcons, npcSpawnPoints } from '../src/ui/panels/map-icons';
import { compassAngle, minimapToTile, tileToMinimap, type MinimapView } from '../src/ui/panels/minimap-logic';
import { fitWorldMap, mapRegion, mapToWorld, worldToMap } from '../src/ui/panels/world-map-logic';

const MANIFESTS = join(__dirname, '..', '..', '..', 'assets', 'manifests');
const manifest = (file: string): unknown => JSON.parse(readFileSync(join(MANIFESTS, file), 'utf8'));
const areas = z.object({ areas: z.array(areaDef) }).parse(manifest('world-areas.json')).areas;
const content = {
  areas,
  raw: new Map<string, unknown>([
    ['stores.json', manifest('stores.json')],
    ['quests.json', manifest('quests.json')],
  ]),
};

const view = (rotation: number): MinimapView => ({ centerX: 10, centerZ: -4, size: 160, scale: 4, rotation });
const close = (a: number, b: number): void => expect(Math.abs(a - b)).toBeLessThan(1e-9);

describe('the minimap turns with the camera', () => {
  it('puts the tile the camera looks at straight above the player, at any yaw', () => {
    for (const yaw of [0, Math.PI / 4, Math.PI / 2, 2, -2.5, Math.PI - 0.01]) {
      // The camera sits at orbitPosition and looks at the player: the tile 5 steps ahead of it.
      const cam = orbitPosition({ yaw, pitch: 0.8, distance: 10 }, { x: 0, y: 0, z: 0 });
      const len = Math.hypot(cam.x, cam.z);
      const ahead = { x: 10 - (cam.x / len) * 5, z: -4 - (cam.z / len) * 5 };
      const p = tileToMinimap(view(yaw), ahead.x, ahead.z);
      close(p.px, 80);
      close(p.py, 80 - 5 * 4);
    }
  });

  it('is north-up with the camera facing north, and shows north on the right facing west', () => {
    const north = tileToMinimap(view(0), 10, -5);
    expect(north).toEqual({ px: 80, py: 76 });
    // Yaw PI/2: the camera sits east of the player and looks west; north is then to the right.
    const turned = tileToMinimap(view(Math.PI / 2), 10, -5);
    close(turned.px, 84);
    close(turned.py, 80);
    close(compassAngle(Math.PI / 2), Math.PI / 2);
  });

  it('maps a click on the turned map back to the tile drawn there', () => {
    for (const yaw of [0, 0.7, -1.9, 3]) {
      for (const [x, z] of [
        [10, -4],
        [13, -4],
        [2, 7],
        [-3, -12],
      ] as const) {
        const p = tileToMinimap(view(yaw), x, z);
        expect(minimapToTile(view(yaw), p.px + 0.9, p.py - 0.9)).toEqual({ x, z });
      }
    }
  });
});

describe('the compass', () => {
  it('turns the camera to face north on the next frame, once, and reports the heading', () => {
    const heading = new CameraHeading();
    const seen: number[] = [];
    heading.on((yaw) => seen.push(yaw));
    expect(heading.sync({ yaw: 1.2, pitch: 0.8 })).toEqual({ yaw: 1.2, pitch: 0.8 });
    heading.requestNorth();
    expect(heading.sync({ yaw: 1.2, pitch: 0.8 })).toEqual({ yaw: 0, pitch: 0.8 });
    expect(heading.yaw).toBe(0);
    // The request is used up: the player may turn the camera again.
    expect(heading.sync({ yaw: 0.3, pitch: 0.8 }).yaw).toBe(0.3);
    expect(seen).toEqual([1.2, 0, 0.3]);
  });
});

describe('map icons from the bundled content', () => {
  const icons = mapIcons(content);
  const spawns = npcSpawnPoints(content);
  const of = (kind: string) => icons.filter((i) => i.kind === kind);

  it('shows one bank icon per bank, not one per booth', () => {
    const booths = areas
      .flatMap((a) => a.stations ?? [])
      .filter((s) => s.stationId === 'bank_booth' || s.stationId === 'bank_chest');
    expect(booths.length).toBeGreaterThan(of('bank').length);
    expect(of('bank').length).toBeGreaterThan(0);
    const oakhavenBank = of('bank').find((b) => b.x >= -24 && b.x <= 24 && b.z >= -24 && b.z <= 24);
    expect(oakhavenBank).toMatchObject({ x: -10, z: -9 });
  });

  it('puts each shop where its owner stands and each quest start where its first NPC stands', () => {
    const stores = z
      .object({ stores: z.array(z.object({ name: z.string(), ownerNpcId: z.string() }).loose()) })
      .parse(manifest('stores.json')).stores;
    const general = stores.find((s) => s.name === 'Oakhaven General Store');
    expect(general).toBeDefined();
    expect(of('shop')).toContainEqual({
      kind: 'shop',
      label: 'Oakhaven General Store',
      ...spawns.get(general?.ownerNpcId ?? ''),
    });
    expect(of('quest')).toContainEqual({
      kind: 'quest',
      label: "The Founders' Feast",
      ...spawns.get('cook_bertram'),
    });
    const quests = z.object({ quests: z.array(z.object({}).loose()) }).parse(manifest('quests.json')).quests;
    expect(of('quest')).toHaveLength(quests.length);
  });

  it('marks every altar', () => {
    const altars = areas.flatMap((a) => a.stations ?? []).filter((s) => s.stationId === 'altar');
    expect(of('altar').map((i) => [i.x, i.z])).toEqual(altars.map((s) => [s.x, s.z]));
  });

  it('shows the icons it can and skips a missing or malformed manifest', () => {
    const partial = mapIcons({ areas, raw: new Map([['stores.json', { stores: 'nope' }]]) });
    expect(partial.some((i) => i.kind === 'bank')).toBe(true);
    expect(partial.some((i) => i.kind === 'shop' || i.kind === 'quest')).toBe(false);
  });
});

describe('the world map', () => {
  it('shows the surface without the far dungeon, and the dungeon alone when the player is in it', () => {
    const surface = mapRegion(areas, { x: 0, z: 0 }).map((a) => a.id);
    expect(surface).toContain('oakhaven');
    expect(surface).toContain('the_wilds');
    expect(surface).not.toContain('gloomhollow_depths');
    expect(mapRegion(areas, { x: 330, z: 330 }).map((a) => a.id)).toEqual(['gloomhollow_depths']);
    // Outside every area (e.g. while loading): the largest group.
    expect(mapRegion(areas, { x: 1000, z: 1000 }).map((a) => a.id)).toEqual(surface);
  });

  it('fits every shown area on the canvas and finds the tile under a pixel', () => {
    const shown = mapRegion(areas, { x: 0, z: 0 });
    const v = fitWorldMap(shown, 640, 480);
    for (const a of shown) {
      const tl = worldToMap(v, a.bounds.minX, a.bounds.minZ);
      const br = worldToMap(v, a.bounds.maxX, a.bounds.maxZ);
      expect(tl.px).toBeGreaterThanOrEqual(0);
      expect(tl.py).toBeGreaterThanOrEqual(0);
      expect(br.px).toBeLessThanOrEqual(640);
      expect(br.py).toBeLessThanOrEqual(480);
    }
    const spawn = worldToMap(v, 0, 0);
    expect(mapToWorld(v, spawn.px, spawn.py)).toEqual({ x: 0, z: 0 });
    // North (smaller z) is up.
    expect(worldToMap(v, 0, -30).py).toBeLessThan(spawn.py);
  });
});
