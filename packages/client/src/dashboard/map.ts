import { h, replaceChildren } from '../dom';
import { mapFrame, mapMarkers, markerCaption } from './map-model';
import type { AreaBounds, DashboardAgent } from './model';

const SVG = 'http://www.w3.org/2000/svg';

export function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number>,
  ...children: (Node | string)[]
): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  el.append(...children);
  return el;
}

/** The live map of the account's agents: named areas, one marker per agent with a known position. */
export interface LiveMap {
  root: HTMLElement;
  /** Redraws from the latest poll; `selected` is the selected agent's id. */
  update(agents: readonly DashboardAgent[], areas: readonly AreaBounds[], selected: string | null): void;
}

/** Builds the map; a click on a marker (or its list entry) calls `onSelect` with the agent's id. */
export function buildLiveMap(onSelect: (agentId: string) => void): LiveMap {
  const drawing = svg('svg', {
    class: 'dash-map-svg',
    role: 'img',
    'aria-label': 'Map of your agents',
    'data-testid': 'dashboard-map-svg',
  });
  const legend = h('ul', { class: 'dash-map-legend', 'data-testid': 'dashboard-map-legend' });
  const root = h(
    'section',
    { class: 'dash-map', 'data-testid': 'dashboard-map' },
    h('h2', {}, 'Live map'),
    drawing,
    legend,
  );
  return {
    root,
    update(agents, areas, selected) {
      const markers = mapMarkers(agents, areas);
      const f = mapFrame(areas, markers);
      drawing.setAttribute('viewBox', `${f.minX} ${f.minZ} ${f.width} ${f.height}`);
      const font = Math.max(2, Math.round(Math.min(f.width, f.height) / 30));
      const areaShapes = areas.map((a) =>
        svg(
          'g',
          { class: 'dash-map-area' },
          svg('rect', {
            x: a.bounds.minX,
            y: a.bounds.minZ,
            width: a.bounds.maxX - a.bounds.minX + 1,
            height: a.bounds.maxZ - a.bounds.minZ + 1,
          }),
          svg('text', { x: a.bounds.minX + 1, y: a.bounds.minZ + font, 'font-size': font }, a.name),
        ),
      );
      const dots = markers.map((m) => {
        const dot = svg(
          'g',
          {
            class: m.agentId === selected ? 'dash-map-agent selected' : 'dash-map-agent',
            'data-testid': `dashboard-map-agent-${m.agentId}`,
            'data-x': m.x,
            'data-z': m.z,
            tabindex: 0,
            role: 'button',
            'aria-label': `Select ${markerCaption(m)}`,
          },
          svg('title', {}, markerCaption(m)),
          svg('circle', { cx: m.x + 0.5, cy: m.z + 0.5, r: Math.max(1, font / 2) }),
          svg('text', { x: m.x + font, y: m.z + 0.5, 'font-size': font }, m.name),
        );
        dot.addEventListener('click', () => onSelect(m.agentId));
        dot.addEventListener('keydown', (e) => {
          if (e.key === 'Enter' || e.key === ' ') onSelect(m.agentId);
        });
        return dot;
      });
      drawing.replaceChildren(...areaShapes, ...dots);
      const unplaced = agents.filter((a) => !markers.some((m) => m.agentId === a.agentId));
      replaceChildren(
        legend,
        markers.map((m) =>
          h(
            'li',
            { class: m.agentId === selected ? 'selected' : '' },
            h(
              'button',
              {
                type: 'button',
                'data-testid': `dashboard-map-select-${m.agentId}`,
                onclick: () => onSelect(m.agentId),
              },
              `Show ${m.name}`,
            ),
            ' ',
            markerCaption(m),
          ),
        ),
        unplaced.map((a) => h('li', { class: 'muted' }, `${a.name}: position unknown`)),
      );
    },
  };
}
