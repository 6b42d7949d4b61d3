import { h } from '../dom';
import { describeError, errorTag, isUnreachable, worldAreasSchema, type AreaBounds } from './model';

/** The dashboard page's fixed elements that polling and controls write to. */
export interface DashboardPage {
  page: HTMLElement;
  status: HTMLElement;
  runtimeNotice: HTMLElement;
  errorLine: HTMLElement;
  list: HTMLElement;
  empty: HTMLElement;
}

/** The page skeleton: header (back link, refresh), status lines, the live map, the agent list, then `createSection`. */
export function buildPage(
  createSection: HTMLElement,
  onRefresh: () => void,
  mapSection?: HTMLElement,
): DashboardPage {
  const status = h(
    'div',
    { class: 'dash-status muted', 'data-testid': 'dashboard-status', role: 'status' },
    'Loading...',
  );
  const runtimeNotice = h('div', {
    class: 'dash-notice',
    'data-testid': 'dashboard-runtime-notice',
    hidden: true,
  });
  const errorLine = h('div', { class: 'error dash-error', 'data-testid': 'dashboard-error', role: 'alert' });
  const list = h('div', { class: 'dash-agents', 'data-testid': 'dashboard-agents' });
  const empty = h(
    'p',
    { class: 'muted', 'data-testid': 'dashboard-empty', hidden: true },
    'No agents yet: create one below.',
  );
  const refreshButton = h(
    'button',
    { type: 'button', 'data-testid': 'dashboard-refresh', onclick: onRefresh },
    'Refresh now',
  );
  const page = h(
    'div',
    { class: 'dashboard', 'data-testid': 'dashboard' },
    h(
      'header',
      { class: 'dash-header' },
      h('h1', {}, 'Your agents'),
      h('a', { href: '#/', 'data-testid': 'dashboard-back' }, 'Back to the game'),
      refreshButton,
    ),
    status,
    runtimeNotice,
    errorLine,
    mapSection ?? null,
    list,
    empty,
    createSection,
  );
  return { page, status, runtimeNotice, errorLine, list, empty };
}

/** Shows why the runtime's data is missing (`err` set), or hides the notice (`err` undefined). */
export function showRuntimeNotice(notice: HTMLElement, err: unknown | undefined): void {
  if (err === undefined) {
    notice.hidden = true;
    notice.textContent = '';
    return;
  }
  notice.hidden = false;
  notice.textContent = isUnreachable(err)
    ? `The agent runtime is unreachable (${errorTag(err)}). Showing the game server's data only: ` +
      'positions, skills, activity, runtime start/stop and creating agents need the runtime.'
    : `The agent runtime refused the request: ${describeError(err)}. Showing the game server's data only.`;
}

/** The named areas of the world (public manifest) for position names; undefined when unavailable. */
export async function loadWorldAreas(apiUrl: string): Promise<AreaBounds[] | undefined> {
  try {
    const r = await fetch(new URL('/manifests/world-areas.json', apiUrl));
    const parsed = worldAreasSchema.safeParse(r.ok ? await r.json() : undefined);
    return parsed.success ? parsed.data.areas : undefined;
  } catch (err) {
    console.warn('world areas could not be loaded: positions show without area names', err);
    return undefined;
  }
}
