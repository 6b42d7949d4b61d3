import './hiscores.css';
import { apiCall } from '../api';
import { h, replaceChildren } from '../dom';
import type { ClientEnv } from '../env';
import { friendlyError } from '../error-text';
import {
  HISCORE_TABLES,
  hashOfView,
  hiscoresPath,
  hiscoresSchema,
  pageCount,
  rowViews,
  tableName,
  viewFromHash,
  type HiscoreView,
} from './model';

/**
 * The hiscores page (`#/hiscores`): the public `GET /api/v1/hiscores` one table and one page at a
 * time, with a skill selector and paging kept in the address; `ownNames` (the viewer's characters,
 * when signed in) are highlighted. Needs no session. Returns the function that removes the page.
 */
export function mountHiscores(root: HTMLElement, env: ClientEnv, ownNames: Promise<string[]>): () => void {
  let disposed = false;
  let view: HiscoreView = viewFromHash(window.location.hash);
  let own: string[] = [];
  /** Only the latest request's answer is drawn (a slow answer to an older choice is dropped). */
  let request = 0;

  const select = h(
    'select',
    { 'data-testid': 'hiscores-skill', 'aria-label': 'Skill' },
    HISCORE_TABLES.map((s) => h('option', { value: s }, tableName(s))),
  );
  const prev = h('button', { type: 'button', 'data-testid': 'hiscores-prev' }, 'Previous page');
  const next = h('button', { type: 'button', 'data-testid': 'hiscores-next' }, 'Next page');
  const pageLabel = h('span', { class: 'muted', 'data-testid': 'hiscores-page' });
  const status = h('div', {
    class: 'muted hiscores-status',
    role: 'status',
    'data-testid': 'hiscores-status',
  });
  const body = h('tbody', { 'data-testid': 'hiscores-rows' });
  const table = h(
    'table',
    { class: 'hiscores-table' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, 'Rank'),
        h('th', { scope: 'col' }, 'Name'),
        h('th', { scope: 'col' }, 'Level'),
        h('th', { scope: 'col' }, 'XP'),
        h('th', { scope: 'col', title: 'XP gained per hour in the world' }, 'XP / hour'),
        h('th', { scope: 'col' }, 'Played'),
      ),
    ),
    body,
  );
  const page = h(
    'div',
    { class: 'hiscores', 'data-testid': 'hiscores' },
    h(
      'header',
      { class: 'hiscores-header' },
      h('h1', {}, 'Hiscores'),
      h('a', { href: '#/', 'data-testid': 'hiscores-back' }, 'Back'),
    ),
    h('div', { class: 'row hiscores-controls' }, select, prev, pageLabel, next),
    status,
    h('div', { class: 'hiscores-scroll' }, table),
  );
  root.replaceChildren(page);

  const go = (to: HiscoreView): void => {
    view = to;
    // The address keeps the view (replaceState fires no hashchange, so the page stays as it is).
    const hash = hashOfView(view);
    if (window.location.hash !== hash) history.replaceState(null, '', hash);
    void load();
  };
  select.addEventListener('change', () => go({ skill: select.value, page: 1 }));
  prev.addEventListener('click', () => go({ ...view, page: Math.max(1, view.page - 1) }));
  next.addEventListener('click', () => go({ ...view, page: view.page + 1 }));

  async function load(): Promise<void> {
    const mine = ++request;
    select.value = view.skill;
    prev.disabled = true;
    next.disabled = true;
    status.textContent = `Loading ${tableName(view.skill)}...`;
    try {
      const answer = hiscoresSchema.parse(await apiCall(env.apiUrl, undefined, 'GET', hiscoresPath(view)));
      if (disposed || mine !== request) return;
      const pages = pageCount(answer.total, answer.limit);
      pageLabel.textContent = `Page ${answer.page} of ${pages}`;
      prev.disabled = answer.page <= 1;
      next.disabled = answer.page >= pages;
      status.textContent =
        answer.total === 0
          ? 'No one is ranked yet.'
          : `${tableName(view.skill)}: ${answer.total.toLocaleString('en-US')} ranked.`;
      draw(answer.rows);
    } catch (err) {
      if (disposed || mine !== request) return;
      console.warn('hiscores could not be loaded', err);
      status.textContent = `The hiscores could not be loaded: ${friendlyError(err)}`;
      prev.disabled = view.page <= 1;
      next.disabled = false;
    }
  }

  let shown: Parameters<typeof rowViews>[0] = [];
  function draw(rows: typeof shown): void {
    shown = rows;
    replaceChildren(
      body,
      rowViews(rows, own).map((r) =>
        h(
          'tr',
          {
            class: r.own ? 'hiscores-own' : undefined,
            'data-testid': 'hiscores-row',
            'data-own': r.own ? 'true' : undefined,
          },
          h('td', {}, r.rank),
          h(
            'td',
            {},
            r.name,
            r.agent
              ? h('span', { class: 'hiscores-agent', title: 'An AI agent plays this character' }, 'agent')
              : null,
            r.own ? h('span', { class: 'hiscores-you' }, 'you') : null,
          ),
          h('td', {}, r.level),
          h('td', {}, r.xp),
          h('td', {}, r.xpPerHour),
          h('td', {}, r.played),
        ),
      ),
    );
  }

  ownNames
    .then((names) => {
      if (disposed) return;
      own = names;
      draw(shown);
    })
    .catch((err: unknown) => console.warn('your characters could not be listed: none is highlighted', err));
  void load();

  return () => {
    disposed = true;
    page.remove();
  };
}
