import { h, replaceChildren } from '../../dom';
import type { GameStore } from '../../game/store';
import { ICON_STYLE, type MapIcon, type MapIconKind } from './map-icons';
import { DEFAULT_LAND_COLOUR, WATER_COLOUR } from './minimap-logic';
import { Disposers } from './shared';
import { fitWorldMap, mapRegion, worldToMap } from './world-map-logic';

/** Draws a map icon (its glyph on a dark disc) centred on a canvas pixel. */
export function drawIcon(ctx: CanvasRenderingContext2D, icon: MapIcon, px: number, py: number, r = 6): void {
  const style = ICON_STYLE[icon.kind];
  ctx.fillStyle = 'rgba(0,0,0,0.75)';
  ctx.beginPath();
  ctx.arc(px, py, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = style.colour;
  ctx.font = `bold ${Math.round(r * 1.6)}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(style.glyph, px, py + 0.5);
}

export interface WorldMapWindow {
  toggle(): void;
  readonly open: boolean;
  dispose(): void;
}

/**
 * The world map: a window with every area of the part of the world the player is in (the surface,
 * or the dungeon they stand in), drawn north-up in the areas' biome colours with their water, their
 * names, the map icons (banks, shops, altars, quest starts) and the player's position; a legend
 * below. Opened by the minimap's "Map" button or its key (settings); closed by its button, the key
 * again or Escape. Redrawn while open as the player moves.
 */
export function mountWorldMap(store: GameStore, icons: readonly MapIcon[]): WorldMapWindow {
  const d = new Disposers();
  const canvas = h('canvas', { class: 'world-map-canvas', 'data-testid': 'world-map-canvas' });
  const close = h('button', { class: 'guide-close', 'data-testid': 'world-map-close', title: 'Close' }, '✕');
  const title = h('h2', { class: 'guide-title' }, 'World map');
  const legend = h('div', { class: 'world-map-legend' });
  const win = h(
    'div',
    {
      class: 'guide-window world-map',
      role: 'dialog',
      'aria-label': 'World map',
      'data-testid': 'world-map',
    },
    h('div', { class: 'guide-header' }, title, close),
    canvas,
    legend,
  );
  win.hidden = true;
  document.body.append(win);
  d.add(() => win.remove());
  replaceChildren(
    legend,
    (Object.keys(ICON_STYLE) as MapIconKind[]).map((kind) =>
      h(
        'span',
        { class: 'legend-item' },
        h(
          'span',
          { class: 'legend-glyph', style: `color:${ICON_STYLE[kind].colour}` },
          ICON_STYLE[kind].glyph,
        ),
        ICON_STYLE[kind].name,
      ),
    ),
  );

  const draw = (): void => {
    if (win.hidden) return;
    const width = Math.max(240, Math.min(720, window.innerWidth - 48));
    const height = Math.max(180, Math.min(520, window.innerHeight - 140));
    const dpr = Math.min(2, window.devicePixelRatio || 1);
    canvas.width = Math.round(width * dpr);
    canvas.height = Math.round(height * dpr);
    canvas.style.width = `${width}px`;
    canvas.style.height = `${height}px`;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.fillStyle = '#111111';
    ctx.fillRect(0, 0, width, height);
    const me = store.world.position;
    const areas = mapRegion(store.content.areas, me);
    const v = fitWorldMap(areas, width, height);
    const rect = (r: { minX: number; minZ: number; maxX: number; maxZ: number }, colour: string): void => {
      const a = worldToMap(v, r.minX, r.minZ);
      const b = worldToMap(v, r.maxX + 1, r.maxZ + 1);
      ctx.fillStyle = colour;
      ctx.fillRect(a.px - v.scale / 2, a.py - v.scale / 2, b.px - a.px, b.py - a.py);
    };
    for (const area of areas) {
      rect(area.bounds, store.content.biomes.get(area.biome)?.groundColors?.primary ?? DEFAULT_LAND_COLOUR);
      for (const w of area.water ?? []) rect(w, WATER_COLOUR);
    }
    ctx.strokeStyle = 'rgba(0,0,0,0.55)';
    ctx.lineWidth = 1;
    for (const area of areas) {
      const a = worldToMap(v, area.bounds.minX, area.bounds.minZ);
      const b = worldToMap(v, area.bounds.maxX + 1, area.bounds.maxZ + 1);
      ctx.strokeRect(a.px - v.scale / 2, a.py - v.scale / 2, b.px - a.px, b.py - a.py);
    }
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    for (const area of areas) {
      // The name fits its area's width (smaller type for narrow areas, never below 8 px).
      const widthPx = (area.bounds.maxX - area.bounds.minX + 1) * v.scale - 4;
      let fontPx = 12;
      ctx.font = `bold ${fontPx}px system-ui, sans-serif`;
      while (fontPx > 8 && ctx.measureText(area.name).width > widthPx) {
        fontPx--;
        ctx.font = `bold ${fontPx}px system-ui, sans-serif`;
      }
      const c = worldToMap(v, (area.bounds.minX + area.bounds.maxX) / 2, area.bounds.minZ + 3);
      ctx.fillStyle = '#000000';
      ctx.fillText(area.name, c.px + 1, c.py + 1);
      ctx.fillStyle = '#ffffff';
      ctx.fillText(area.name, c.px, c.py);
    }
    const inRegion = (x: number, z: number): boolean =>
      areas.some((a) => x >= a.bounds.minX && x <= a.bounds.maxX && z >= a.bounds.minZ && z <= a.bounds.maxZ);
    for (const icon of icons) {
      if (!inRegion(icon.x, icon.z)) continue;
      const p = worldToMap(v, icon.x, icon.z);
      drawIcon(ctx, icon, p.px, p.py, 7);
    }
    if (me) {
      const p = worldToMap(v, me.x, me.z);
      canvas.dataset['playerX'] = p.px.toFixed(1);
      canvas.dataset['playerY'] = p.py.toFixed(1);
      ctx.fillStyle = '#ff2d2d';
      ctx.strokeStyle = '#ffffff';
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.arc(p.px, p.py, 5, 0, Math.PI * 2);
      ctx.fill();
      ctx.stroke();
    }
  };

  let scheduled = 0;
  const request = (): void => {
    if (win.hidden || scheduled) return;
    scheduled = requestAnimationFrame(() => {
      scheduled = 0;
      draw();
    });
  };
  d.add(() => cancelAnimationFrame(scheduled));

  const toggle = (): void => {
    win.hidden = !win.hidden;
    if (!win.hidden) draw();
  };
  d.listen(close, 'click', () => toggle());
  const onKey = (e: KeyboardEvent): void => {
    if (e.key === 'Escape' && !win.hidden) {
      win.hidden = true;
      e.stopPropagation();
    }
  };
  document.addEventListener('keydown', onKey);
  d.add(() => document.removeEventListener('keydown', onKey));
  const onResize = (): void => request();
  window.addEventListener('resize', onResize);
  d.add(() => window.removeEventListener('resize', onResize));
  d.add(store.on('world:update', request));
  d.add(store.on('player:sync', request));
  return {
    toggle,
    get open() {
      return !win.hidden;
    },
    dispose: () => d.dispose(),
  };
}
