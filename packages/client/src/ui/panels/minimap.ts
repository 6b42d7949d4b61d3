import { areaAt } from '../../content';
import { h } from '../../dom';
import { cameraHeading } from '../../game/camera-heading';
import type { GameStore } from '../../game/store';
import './guide.css';
import { mapIcons } from './map-icons';
import type { MinimapView } from './minimap-logic';
import {
  compassAngle,
  insideDisc,
  minimapToTile,
  tileColour,
  tileToMinimap,
  visibleTiles,
} from './minimap-logic';
import { mountSettingsWindow } from './settings';
import { Disposers, frameScheduler } from './shared';
import { drawIcon, mountWorldMap } from './world-map';

const SIZE = 160;
const SCALE = 4;

/**
 * The minimap: the tiles around the player (water, land in the area's biome colour), turned with
 * the camera so that the view's direction is up; icons for banks, shops, altars and quest starts;
 * dots for NPCs (yellow), players (white) and ground items (red); the player as a white square at
 * the centre. A click walks to the tile. The compass beside it shows north and turns the camera to
 * face north when clicked; buttons open the world map and the settings.
 */
export function mountMinimap(root: HTMLElement, store: GameStore): () => void {
  const d = new Disposers();
  const dpr = Math.min(2, window.devicePixelRatio || 1);
  const canvas = h('canvas', {
    class: 'minimap-canvas',
    'data-testid': 'minimap',
    width: SIZE * dpr,
    height: SIZE * dpr,
    title: 'Click to walk there',
  });
  canvas.style.width = `${SIZE}px`;
  canvas.style.height = `${SIZE}px`;
  const needle = h('span', { class: 'compass-needle' }, 'N');
  const compass = h(
    'button',
    { class: 'minimap-compass', 'data-testid': 'compass', title: 'Face north', 'aria-label': 'Face north' },
    needle,
  );
  const mapButton = h(
    'button',
    { class: 'minimap-button', 'data-testid': 'open-world-map', title: 'World map' },
    'Map',
  );
  const settingsButton = h(
    'button',
    { class: 'minimap-button', 'data-testid': 'open-settings', title: 'Settings' },
    '⚙',
  );
  const label = h('div', { class: 'minimap-area', 'data-testid': 'minimap-area' });
  root.append(
    h(
      'div',
      { class: 'panel-minimap' },
      h(
        'div',
        { class: 'minimap-frame' },
        canvas,
        compass,
        h('div', { class: 'minimap-buttons' }, mapButton, settingsButton),
      ),
      label,
    ),
  );
  const ctx = canvas.getContext('2d');
  const icons = mapIcons(store.content);

  const biomeColour = (biome: string): string | undefined =>
    store.content.biomes.get(biome)?.groundColors?.primary;

  const view = (): MinimapView | undefined => {
    const pos = store.world.position;
    return pos
      ? { centerX: pos.x, centerZ: pos.z, size: SIZE, scale: SCALE, rotation: cameraHeading.yaw }
      : undefined;
  };

  const draw = (): void => {
    const v = view();
    needle.style.transform = `rotate(${compassAngle(cameraHeading.yaw)}rad)`;
    canvas.dataset['rotation'] = cameraHeading.yaw.toFixed(3);
    if (!ctx) return;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, SIZE, SIZE);
    if (!v) return;
    ctx.save();
    ctx.beginPath();
    ctx.arc(SIZE / 2, SIZE / 2, SIZE / 2, 0, Math.PI * 2);
    ctx.clip();
    // The ground: drawn unturned, then the canvas turns about its centre (one rotation for all tiles).
    ctx.save();
    ctx.translate(SIZE / 2, SIZE / 2);
    ctx.rotate(v.rotation ?? 0);
    ctx.translate(-SIZE / 2, -SIZE / 2);
    const flat: MinimapView = { ...v, rotation: 0 };
    const r = visibleTiles(v);
    for (let z = r.minZ; z <= r.maxZ; z++) {
      for (let x = r.minX; x <= r.maxX; x++) {
        const { px, py } = tileToMinimap(flat, x, z);
        ctx.fillStyle = tileColour(store.content.areas, biomeColour, x, z);
        // Half a pixel of overlap hides the seams the rotation would show between tiles.
        ctx.fillRect(px - SCALE / 2 - 0.25, py - SCALE / 2 - 0.25, SCALE + 0.5, SCALE + 0.5);
      }
    }
    ctx.restore();
    // Dots and icons stay upright: placed at their turned positions.
    const dot = (x: number, z: number, colour: string, radius = 1.6): void => {
      const { px, py } = tileToMinimap(v, x, z);
      ctx.fillStyle = colour;
      ctx.beginPath();
      ctx.arc(px, py, radius, 0, Math.PI * 2);
      ctx.fill();
    };
    for (const icon of icons) {
      if (Math.abs(icon.x - v.centerX) > r.maxX - v.centerX + 1) continue;
      if (Math.abs(icon.z - v.centerZ) > r.maxZ - v.centerZ + 1) continue;
      const { px, py } = tileToMinimap(v, icon.x, icon.z);
      drawIcon(ctx, icon, px, py);
    }
    for (const g of store.world.groundItems.values()) dot(g.x, g.z, '#ff3030');
    const selfId = store.selfId;
    for (const e of store.world.entities.values()) {
      if (e.id === selfId) continue;
      dot(e.x, e.z, e.kind === 'npc' ? '#ffe000' : '#ffffff');
    }
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(SIZE / 2 - 2, SIZE / 2 - 2, 4, 4);
    ctx.restore();
    ctx.strokeStyle = 'rgba(0,0,0,0.6)';
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.arc(SIZE / 2, SIZE / 2, SIZE / 2 - 1, 0, Math.PI * 2);
    ctx.stroke();
    label.textContent = areaAt(store.content, v.centerX, v.centerZ)?.name ?? '';
  };

  const frame = frameScheduler(draw);
  d.add(() => frame.cancel());
  d.listen(canvas, 'click', (e) => {
    const v = view();
    if (!v) return;
    const rect = canvas.getBoundingClientRect();
    const px = ((e.clientX - rect.left) / rect.width) * SIZE;
    const py = ((e.clientY - rect.top) / rect.height) * SIZE;
    if (!insideDisc(v, px, py)) return;
    const tile = minimapToTile(v, px, py);
    void store.walkTo(tile.x, tile.z);
  });
  d.listen(compass, 'click', () => cameraHeading.requestNorth());
  const worldMap = mountWorldMap(store, icons);
  d.add(worldMap.dispose);
  const settingsWindow = mountSettingsWindow(store, { toggleWorldMap: () => worldMap.toggle() });
  d.add(settingsWindow.dispose);
  d.listen(mapButton, 'click', () => worldMap.toggle());
  d.listen(settingsButton, 'click', () => settingsWindow.toggle());
  d.add(cameraHeading.on(() => frame.request()));
  d.add(store.on('world:update', () => frame.request()));
  d.add(store.on('player:sync', () => frame.request()));
  draw();
  return () => d.dispose();
}
