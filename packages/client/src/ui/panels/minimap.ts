import { areaAt } from '../../content';
import { h } from '../../dom';
import type { GameStore } from '../../game/store';
import type { MinimapView } from './minimap-logic';
import { insideDisc, minimapToTile, tileColour, tileToMinimap, visibleTiles } from './minimap-logic';
import { Disposers, frameScheduler } from './shared';

const SIZE = 160;
const SCALE = 4;

/**
 * The minimap: the tiles around the player (water, land in the area's biome colour), dots for
 * NPCs (yellow), players (white) and ground items (red), the player as a white square at the
 * centre. A click walks to the tile.
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
  const label = h('div', { class: 'minimap-area', 'data-testid': 'minimap-area' });
  root.append(h('div', { class: 'panel-minimap' }, canvas, label));
  const ctx = canvas.getContext('2d');

  const biomeColour = (biome: string): string | undefined =>
    store.content.biomes.get(biome)?.groundColors?.primary;

  const view = (): MinimapView | undefined => {
    const pos = store.world.position;
    return pos ? { centerX: pos.x, centerZ: pos.z, size: SIZE, scale: SCALE } : undefined;
  };

  const draw = (): void => {
    const v = view();
    if (!ctx) return;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, SIZE, SIZE);
    if (!v) return;
    ctx.save();
    ctx.beginPath();
    ctx.arc(SIZE / 2, SIZE / 2, SIZE / 2, 0, Math.PI * 2);
    ctx.clip();
    const r = visibleTiles(v);
    for (let z = r.minZ; z <= r.maxZ; z++) {
      for (let x = r.minX; x <= r.maxX; x++) {
        const { px, py } = tileToMinimap(v, x, z);
        ctx.fillStyle = tileColour(store.content.areas, biomeColour, x, z);
        ctx.fillRect(px - SCALE / 2, py - SCALE / 2, SCALE, SCALE);
      }
    }
    const dot = (x: number, z: number, colour: string, radius = 1.6): void => {
      const { px, py } = tileToMinimap(v, x, z);
      ctx.fillStyle = colour;
      ctx.beginPath();
      ctx.arc(px, py, radius, 0, Math.PI * 2);
      ctx.fill();
    };
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
    // "N" marks the top of the map.
    ctx.fillStyle = '#ffffff';
    ctx.font = 'bold 11px system-ui, sans-serif';
    ctx.textAlign = 'center';
    ctx.fillText('N', SIZE / 2, 12);
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
  d.add(store.on('world:update', () => frame.request()));
  d.add(store.on('player:sync', () => frame.request()));
  draw();
  return () => d.dispose();
}
