// An agent card's activity log (kind and text filters, older pages) and goal history.
import { h, replaceChildren } from '../dom';
import {
  ACTIVITY_KINDS,
  goalRecordSpan,
  goalRecordTitle,
  type ActivityLine,
  type GoalRecordView,
  type LoadedActivity,
} from './activity-model';
import { filterActivity, readableName } from './model';

/** The lines of the log a card shows at most (the newest; the list scrolls). */
export const ACTIVITY_SHOWN = 200;

/** What the activity parts of a card call. */
export interface ActivityActions {
  /** Reads the log again with the card's filters (`older`: the next older page). */
  loadActivity(agentId: string, older: boolean): void;
}

export interface ActivityView {
  box: HTMLElement;
  list: HTMLElement;
  kind: HTMLSelectElement;
  text: HTMLInputElement;
  older: HTMLButtonElement;
  goalsBox: HTMLElement;
  goals: HTMLElement;
  /** The lines last shown, kept so the filters can redraw without a read. */
  loaded: LoadedActivity | undefined;
  runtimeKnown: boolean;
}

export function buildActivity(agentId: string, actions: ActivityActions): ActivityView {
  const tid = (what: string): string => `agent-${what}-${agentId}`;
  const list = h('ul', { class: 'agent-activity', 'data-testid': tid('activity') });
  const text = h('input', {
    type: 'search',
    placeholder: 'Filter activity (e.g. woodcutting, failed)',
    'aria-label': 'Filter activity',
    'data-testid': tid('activity-filter'),
  });
  const kind = h(
    'select',
    { 'aria-label': 'Activity kind', 'data-testid': tid('activity-kind') },
    h('option', { value: '' }, 'All kinds'),
    ACTIVITY_KINDS.map((k) => h('option', { value: k }, readableName(k))),
  );
  const older: HTMLButtonElement = h(
    'button',
    { type: 'button', 'data-testid': tid('activity-older'), hidden: true },
    'Show older entries',
  );
  const goals = h('ol', { class: 'agent-goal-history', 'data-testid': tid('goal-history') });
  const view: ActivityView = {
    box: h(
      'details',
      { class: 'agent-activity-box', open: true },
      h('summary', {}, 'Activity log'),
      h('div', { class: 'row' }, kind, text),
      list,
      older,
    ),
    list,
    kind,
    text,
    older,
    goalsBox: h('details', { class: 'agent-activity-box' }, h('summary', {}, 'Goal history'), goals),
    goals,
    loaded: undefined,
    runtimeKnown: false,
  };
  // Typing filters what is loaded at once; a finished filter (Enter, leaving the field) and a kind
  // ask the runtime, which searches the whole saved log.
  text.addEventListener('input', () => drawActivity(view));
  text.addEventListener('change', () => actions.loadActivity(agentId, false));
  kind.addEventListener('change', () => {
    drawActivity(view);
    actions.loadActivity(agentId, false);
  });
  older.addEventListener('click', () => actions.loadActivity(agentId, true));
  return view;
}

function shortTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleTimeString();
}

/** The loaded lines that match the card's filters, newest last. */
export function visibleActivity(view: ActivityView): ActivityLine[] {
  const kind = view.kind.value;
  const lines = (view.loaded?.lines ?? []).filter((l) => !kind || l.kind === kind);
  return filterActivity(lines, view.text.value).slice(-ACTIVITY_SHOWN);
}

export function drawActivity(view: ActivityView): void {
  const lines = visibleActivity(view);
  const filtered = view.kind.value !== '' || view.text.value.trim() !== '';
  const none = !view.runtimeKnown ? 'unavailable' : filtered ? 'no match' : 'nothing yet';
  replaceChildren(
    view.list,
    lines.length === 0
      ? h('li', { class: 'muted' }, none)
      : lines.map((l) =>
          h(
            'li',
            { class: `agent-activity-${l.kind ?? 'action'}` },
            h('time', { class: 'muted' }, shortTime(l.at)),
            ' ',
            l.kind ? h('span', { class: 'agent-activity-kind' }, l.kind) : '',
            ' ',
            l.message,
          ),
        ),
  );
  view.older.hidden = !view.runtimeKnown || view.loaded?.before === null || view.loaded === undefined;
}

export function drawGoalHistory(view: ActivityView, goals: readonly GoalRecordView[] | undefined): void {
  replaceChildren(
    view.goals,
    !goals || goals.length === 0
      ? h('li', { class: 'muted' }, goals ? 'no goal yet' : view.runtimeKnown ? 'loading' : 'unavailable')
      : goals.map((g) =>
          h(
            'li',
            { class: g.endedAt === null ? 'agent-goal-current' : '' },
            h('span', {}, goalRecordTitle(g)),
            ' ',
            h('span', { class: 'muted' }, goalRecordSpan(g, shortTime)),
          ),
        ),
  );
}
