import { h, replaceChildren } from '../dom';
import { svg } from './map';
import { inFrame, mapMarkers, markerCaption, watchFrame } from './map-model';
import { goalText, areaNames, type ActivityLine, type AreaBounds, type DashboardAgent } from './model';

/**
 * The watch view: follows one agent from the polled position, drawing the named areas and the
 * account's other agents within 12 tiles of it, with its goal and latest activity. It is read-only
 * and needs no game session (docs/decisions/0020-agent-watch-view.md): it cannot act for the agent
 * or take its connection.
 */
export interface WatchView {
  root: HTMLElement;
  update(
    agent: DashboardAgent | undefined,
    agents: readonly DashboardAgent[],
    areas: readonly AreaBounds[],
    activity: readonly ActivityLine[] | undefined,
  ): void;
}

export function buildWatchView(onClose: () => void): WatchView {
  const title = h('h2', { 'data-testid': 'dashboard-watch-title' });
  const where = h('div', { 'data-testid': 'dashboard-watch-position' });
  const goal = h('div', { 'data-testid': 'dashboard-watch-goal' });
  const latest = h('ul', { class: 'agent-activity', 'data-testid': 'dashboard-watch-activity' });
  const drawing = svg('svg', {
    class: 'dash-map-svg dash-watch-svg',
    role: 'img',
    'aria-label': 'Surroundings of the watched agent',
    'data-testid': 'dashboard-watch-svg',
  });
  const close = h(
    'button',
    { type: 'button', 'data-testid': 'dashboard-watch-close', onclick: onClose },
    'Stop watching',
  );
  const root = h(
    'section',
    { class: 'dash-watch', 'data-testid': 'dashboard-watch', hidden: true },
    h('div', { class: 'row' }, title, close),
    where,
    goal,
    drawing,
    latest,
  );
  return {
    root,
    update(agent, agents, areas, activity) {
      root.hidden = agent === undefined;
      if (!agent) return;
      title.textContent = `Watching ${agent.name}`;
      goal.textContent = `Goal: ${goalText(agent.goal, areaNames(areas))}`;
      const pos = agent.runtime?.position;
      const me = mapMarkers([agent], areas)[0];
      where.textContent = me ? markerCaption(me) : `${agent.name} · position unknown`;
      root.dataset.x = pos ? String(pos.x) : '';
      root.dataset.z = pos ? String(pos.z) : '';
      if (!pos) {
        drawing.replaceChildren();
      } else {
        const f = watchFrame(pos);
        drawing.setAttribute('viewBox', `${f.minX} ${f.minZ} ${f.width} ${f.height}`);
        const shapes = areas
          .filter((a) => a.bounds.maxX >= f.minX && a.bounds.minX < f.minX + f.width)
          .filter((a) => a.bounds.maxZ >= f.minZ && a.bounds.minZ < f.minZ + f.height)
          .map((a) =>
            svg(
              'g',
              { class: 'dash-map-area' },
              svg('rect', {
                x: a.bounds.minX,
                y: a.bounds.minZ,
                width: a.bounds.maxX - a.bounds.minX + 1,
                height: a.bounds.maxZ - a.bounds.minZ + 1,
              }),
              svg(
                'text',
                {
                  x: Math.max(a.bounds.minX, f.minX) + 0.5,
                  y: Math.max(a.bounds.minZ, f.minZ) + 1.5,
                  'font-size': 1.2,
                },
                a.name,
              ),
            ),
          );
        const near = mapMarkers(agents, areas).filter((m) => inFrame(f, m.x, m.z));
        const dots = near.map((m) =>
          svg(
            'g',
            {
              class: m.agentId === agent.agentId ? 'dash-map-agent selected' : 'dash-map-agent',
              'data-testid': `dashboard-watch-agent-${m.agentId}`,
            },
            svg('circle', { cx: m.x + 0.5, cy: m.z + 0.5, r: 0.6 }),
            svg('text', { x: m.x + 1.3, y: m.z + 0.9, 'font-size': 1.2 }, m.name),
          ),
        );
        drawing.replaceChildren(...shapes, ...dots);
      }
      const lines = activity ?? [];
      replaceChildren(
        latest,
        lines.length === 0
          ? h('li', { class: 'muted' }, 'no activity yet')
          : lines.slice(-3).map((l) => h('li', {}, l.message)),
      );
    },
  };
}
