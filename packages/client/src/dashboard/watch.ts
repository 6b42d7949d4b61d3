import { loadContent, type Content } from '../content';
import { h, replaceChildren } from '../dom';
import { mountSpectator, type SpectatorView } from '../game/spectate-page';
import type { Session } from '../session';
import { chosenWorld } from '../worlds/world-switcher';
import { svg } from './map';
import { inFrame, mapMarkers, markerCaption, watchFrame } from './map-model';
import { goalText, areaNames, type ActivityLine, type AreaBounds, type DashboardAgent } from './model';

/**
 * The watch view: the game renderer in spectator mode on the agent's character (a read-only
 * spectate session, docs/decisions/0020-agent-watch-view.md: it cannot act for the agent or take
 * its connection), camera on the agent; under it, from the dashboard's poll, its goal and latest
 * activity and a tile drawing of the named areas and the account's other agents within 12 tiles.
 */
export interface WatchView {
  root: HTMLElement;
  /** Closes the spectate session (the dashboard is leaving). */
  dispose(): void;
  update(
    agent: DashboardAgent | undefined,
    agents: readonly DashboardAgent[],
    areas: readonly AreaBounds[],
    activity: readonly ActivityLine[] | undefined,
  ): void;
}

export function buildWatchView(onClose: () => void, session: Session): WatchView {
  const game = h('div', { class: 'dash-watch-game', 'data-testid': 'dashboard-watch-game', hidden: true });
  const spectator = followInRenderer(game, session);
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
    game,
    where,
    goal,
    drawing,
    latest,
  );
  return {
    root,
    dispose: () => spectator.watch(undefined),
    update(agent, agents, areas, activity) {
      root.hidden = agent === undefined;
      spectator.watch(agent?.characterId ?? undefined);
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

/**
 * The spectator renderer in `el`, on one character at a time: `watch(id)` closes the previous
 * session and opens one on `id` (none: hidden). Mounts run one after another, so a quick change of
 * agent never leaves two sessions open; a refusal (4005, 4014...) is shown in place of the view.
 */
function followInRenderer(
  el: HTMLElement,
  session: Session,
): { watch(characterId: string | undefined): void } {
  let wanted: string | undefined;
  let current: SpectatorView | undefined;
  let content: Content | undefined;
  let queue: Promise<void> = Promise.resolve();
  const show = async (id: string | undefined): Promise<void> => {
    if (current) {
      const leaving = current;
      current = undefined;
      if (window.__spectator === leaving.store) delete window.__spectator;
      await leaving.dispose();
    }
    el.hidden = id === undefined;
    if (id === undefined || id !== wanted) return;
    try {
      content ??= await loadContent(session.env.apiUrl);
      const target = await chosenWorld(session.env, window.localStorage);
      if (id !== wanted) return;
      current = await mountSpectator(el, session, content, id, target);
      window.__spectator = current.store;
    } catch (err) {
      replaceChildren(
        el,
        h(
          'p',
          { class: 'error', 'data-testid': 'dashboard-watch-game-error' },
          `The game view could not open: ${err instanceof Error ? err.message : String(err)}`,
        ),
      );
    }
  };
  return {
    watch(characterId) {
      if (characterId === wanted) return;
      wanted = characterId;
      queue = queue.then(() => show(characterId));
    },
  };
}
