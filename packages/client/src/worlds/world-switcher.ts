import { ApiError, listWorlds, type WorldEntry } from '@tilerealm/sdk';
import { h } from '../dom';
import type { ClientEnv } from '../env';
import {
  preselectWorld,
  rememberWorld,
  storedWorld,
  worldRows,
  type Refusal,
  type WorldStorage,
} from './world-list';
import './worlds.css';

/**
 * The world list, or undefined when the server has none (a single-world server answers 404, as
 * does an older one) or it cannot be read: the client then plays on the server's own address.
 */
async function fetchWorlds(apiUrl: string): Promise<WorldEntry[] | undefined> {
  try {
    return await listWorlds(apiUrl);
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 404))
      console.warn('the world list could not be read; playing on this server', err);
    return undefined;
  }
}

/**
 * The world switcher of the character screen: each world's number, population and activity,
 * offline worlds greyed out; the remembered (or current) world preselected, a click chooses and
 * remembers another. Shows nothing when the server has no world list.
 */
export async function mountWorldSwitcher(
  container: HTMLElement,
  env: ClientEnv,
  storage: WorldStorage,
): Promise<void> {
  const worlds = await fetchWorlds(env.apiUrl);
  if (!worlds) return;
  let selected = preselectWorld(worlds, storedWorld(storage))?.id;
  const render = (): void => {
    const rows = worldRows(worlds, selected);
    const chosen = rows.find((r) => r.selected);
    container.replaceChildren(
      h(
        'div',
        { class: 'worlds', 'data-testid': 'world-switcher' },
        h('h2', {}, chosen ? `${chosen.title} selected` : 'Select a world'),
        h(
          'ul',
          { class: 'world-list', role: 'listbox', 'aria-label': 'worlds', 'data-testid': 'world-list' },
          ...rows.map((row) =>
            h(
              'li',
              {
                class: `world${row.selected ? ' selected' : ''}${row.selectable ? '' : ' unavailable'}`,
                role: 'option',
                'aria-selected': row.selected ? 'true' : 'false',
                'aria-disabled': row.selectable ? undefined : 'true',
                'data-testid': `world-${row.id}`,
                tabindex: row.selectable ? 0 : undefined,
                onclick: () => choose(row.id, row.selectable),
                onkeydown: (e: Event) => {
                  if (e instanceof KeyboardEvent && (e.key === 'Enter' || e.key === ' '))
                    choose(row.id, row.selectable);
                },
              },
              h('span', { class: 'world-id' }, String(row.id)),
              h('span', { class: 'world-pop' }, row.population),
              h('span', { class: 'world-activity' }, row.activity || row.title),
            ),
          ),
        ),
      ),
    );
  };
  const choose = (id: number, selectable: boolean): void => {
    if (!selectable) return;
    selected = id;
    rememberWorld(storage, id);
    render();
  };
  render();
}

/**
 * Where to play: the chosen world's address from the list (the remembered one, or the current),
 * or the server's own WebSocket address when it has no world list.
 */
export async function chosenWorld(
  env: ClientEnv,
  storage: WorldStorage,
): Promise<{ url: string; world: number | undefined }> {
  const worlds = await fetchWorlds(env.apiUrl);
  const entry = worlds ? preselectWorld(worlds, storedWorld(storage)) : undefined;
  return entry ? { url: entry.address, world: entry.id } : { url: env.wsUrl, world: undefined };
}

/** A refused login: why, and for a character logged in elsewhere "Log out there and play here". */
export function mountRefusal(root: HTMLElement, refusal: Refusal, onTakeover: () => void): void {
  const takeover = refusal.takeover
    ? h(
        'button',
        { class: 'primary', 'data-testid': 'world-takeover', onclick: onTakeover },
        'Log out there and play here',
      )
    : null;
  root.replaceChildren(
    h(
      'div',
      { class: 'card' },
      h('p', { class: 'error', role: 'alert', 'data-testid': 'world-refusal' }, refusal.message),
      takeover,
      h('p', {}, h('a', { href: '#/characters' }, 'Back to the world list')),
    ),
  );
}
