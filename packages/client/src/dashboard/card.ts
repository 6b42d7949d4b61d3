import { h, replaceChildren } from '../dom';
import type { GoalRecordView, LoadedActivity } from './activity-model';
import {
  buildActivity,
  drawActivity,
  drawGoalHistory,
  type ActivityActions,
  type ActivityView,
} from './card-activity';
import { fillItems } from './card-items';
import { fillGoalSelect, fillQuick, fillTargets, labelGoalSet } from './card-options';
import {
  areaNames,
  connectionText,
  currentError,
  goalStateWord,
  goalText,
  positionText,
  progressPercent,
  progressText,
  setByText,
  skillTotal,
  sortedSkills,
  type ActivityLine,
  type AreaBounds,
  type AvailableGoalView,
  type DashboardAgent,
  type QuickActions,
} from './model';

/** What the per-agent calls learned beyond the lists (refreshed one agent per poll, and after controls). */
export interface AgentDetails {
  goals?: AvailableGoalView[];
  commands?: QuickActions['commands'];
  places?: QuickActions['places'];
  /** The activity lines loaded (oldest first), also what the watch view shows. */
  activity?: ActivityLine[];
  /** The same lines with the cursor of the next older page. */
  loadedActivity?: LoadedActivity;
  /** The goal history, newest first. */
  goalHistory?: GoalRecordView[];
}

/** The owner's controls a card's buttons call (the page runs them with retries and error reporting). */
export interface CardActions extends ActivityActions {
  goalControl(
    agentId: string,
    label: string,
    button: HTMLButtonElement,
    path: string,
    body?: unknown,
  ): Promise<void>;
  sendMessage(
    agentId: string,
    text: string,
    button: HTMLButtonElement,
    input?: HTMLInputElement,
  ): Promise<void>;
  runtimeControl(agentId: string, action: 'start' | 'stop', button: HTMLButtonElement): Promise<void>;
  /** Opens the watch view on the agent. */
  watch(agentId: string): void;
}

/** What a card's rendering needs from the page beyond the agent itself. */
export interface CardContext {
  areas: readonly AreaBounds[];
  /** Whether the last runtime call answered (null before the first poll). */
  runtimeReachable: boolean | null;
  actions: CardActions;
  /** The agent's measured XP per hour, as a line. */
  xpText?: (agentId: string) => string;
}

/** The elements of one agent's card that updates touch (inputs are never rebuilt). */
export interface CardView {
  root: HTMLElement;
  title: HTMLElement;
  character: HTMLElement;
  conn: HTMLElement;
  state: HTMLElement;
  goal: HTMLElement;
  setBy: HTMLElement;
  progress: HTMLElement;
  progressFill: HTMLElement;
  progressLabel: HTMLElement;
  position: HTMLElement;
  skills: HTMLElement;
  items: HTMLElement;
  /** The activity log and goal history (card-activity.ts). */
  log: ActivityView;
  lastError: HTMLElement;
  pause: HTMLButtonElement;
  resume: HTMLButtonElement;
  goalSelect: HTMLSelectElement;
  goalKey: string;
  /** The owner picked a goal or target in the selectors (keep it; else the current goal is shown). */
  goalTouched: boolean;
  goalSet: HTMLButtonElement;
  /** Area id -> display name, for readable targets and button labels. */
  names: ReadonlyMap<string, string>;
  targetSelect: HTMLSelectElement;
  targetKey: string;
  quick: HTMLElement;
  quickKey: string;
  runStart: HTMLButtonElement;
  runStop: HTMLButtonElement;
  note: HTMLElement;
}

/** Shows a control's progress or failure on the card. */
export function setNote(card: CardView, text: string, bad: boolean): void {
  card.note.textContent = text;
  card.note.classList.toggle('error', bad);
}

export function buildCard(agentId: string, actions: CardActions): CardView {
  const tid = (what: string): string => `agent-${what}-${agentId}`;
  const title = h('h2', { class: 'agent-name' });
  const character = h('span', { class: 'muted' });
  const conn = h('div', { class: 'agent-conn', 'data-testid': tid('conn') });
  const state = h('span', { class: 'agent-state', 'data-testid': tid('status') });
  const goal = h('span', { class: 'agent-goal', 'data-testid': tid('goal') });
  const setBy = h('span', { class: 'muted agent-setby', 'data-testid': tid('goal-setby') });
  const progressFill = h('div', { class: 'agent-progress-fill' });
  const progress = h(
    'div',
    {
      class: 'agent-progress',
      role: 'progressbar',
      'aria-valuemin': 0,
      'aria-valuemax': 100,
      'data-testid': tid('progress'),
    },
    progressFill,
  );
  const progressLabel = h('div', { class: 'muted agent-progress-label' });
  const position = h('span', { 'data-testid': tid('position') });
  const skills = h('div', { class: 'agent-skills', 'data-testid': tid('skills') });
  const items = h('div', { class: 'agent-items-box', 'data-testid': tid('items') });
  const log = buildActivity(agentId, actions);
  const lastError = h('div', { class: 'error agent-last-error', hidden: true });
  const note = h('div', { class: 'agent-note muted', 'data-testid': tid('note'), role: 'status' });

  const pause: HTMLButtonElement = h(
    'button',
    { type: 'button', 'data-testid': tid('pause'), title: 'Pause automatic goal setting (POST goal/stop)' },
    'Pause',
  );
  const resume: HTMLButtonElement = h(
    'button',
    { type: 'button', 'data-testid': tid('resume'), title: 'Resume automatic goal setting' },
    'Resume',
  );
  pause.addEventListener('click', () => void actions.goalControl(agentId, 'Pause', pause, '/goal/stop'));
  resume.addEventListener('click', () => void actions.goalControl(agentId, 'Resume', resume, '/goal/resume'));

  const goalSelect = h('select', { 'data-testid': tid('goal-select'), 'aria-label': 'Goal' });
  const targetSelect = h('select', { 'data-testid': tid('goal-target'), 'aria-label': 'Goal target' });
  const goalSet: HTMLButtonElement = h(
    'button',
    { type: 'button', 'data-testid': tid('goal-set') },
    'Set goal',
  );
  goalSet.addEventListener('click', () => {
    const type = goalSelect.value;
    if (!type) return;
    const target = targetSelect.value;
    void actions.goalControl(
      agentId,
      goalSet.textContent || `Set goal ${type}`,
      goalSet,
      '/goal',
      target ? { type, target } : { type },
    );
  });

  const touched = (): void => {
    view.goalTouched = true;
    labelGoalSet(view);
  };
  goalSelect.addEventListener('change', touched);
  targetSelect.addEventListener('change', touched);

  const messageInput = h('input', {
    type: 'text',
    maxlength: 500,
    placeholder: 'Message the agent',
    'aria-label': 'Message',
    'data-testid': tid('message-input'),
  });
  const messageSend: HTMLButtonElement = h(
    'button',
    { type: 'button', 'data-testid': tid('message-send') },
    'Send',
  );
  messageSend.addEventListener(
    'click',
    () => void actions.sendMessage(agentId, messageInput.value, messageSend, messageInput),
  );
  messageInput.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !messageSend.disabled)
      void actions.sendMessage(agentId, messageInput.value, messageSend, messageInput);
  });
  const messageResult = h('span', { class: 'muted', 'data-testid': tid('message-result') });

  const runStart: HTMLButtonElement = h(
    'button',
    { type: 'button', 'data-testid': tid('runtime-start') },
    'Connect',
  );
  const runStop: HTMLButtonElement = h(
    'button',
    { type: 'button', 'data-testid': tid('runtime-stop') },
    'Disconnect',
  );
  runStart.addEventListener('click', () => void actions.runtimeControl(agentId, 'start', runStart));
  runStop.addEventListener('click', () => void actions.runtimeControl(agentId, 'stop', runStop));

  const quick = h('div', { class: 'agent-quick row', 'data-testid': tid('quick') });

  const rootEl = h(
    'article',
    { class: 'agent-card', 'data-testid': `agent-card-${agentId}` },
    h(
      'div',
      { class: 'agent-head' },
      title,
      character,
      h(
        'button',
        { type: 'button', 'data-testid': tid('watch'), onclick: () => actions.watch(agentId) },
        'Watch on the map',
      ),
    ),
    conn,
    lastError,
    h('div', { class: 'agent-line' }, 'Goals: ', state),
    h('div', { class: 'agent-line' }, 'Goal: ', goal, ' ', setBy),
    progress,
    progressLabel,
    h('div', { class: 'agent-line' }, 'Position: ', position),
    skills,
    h('details', { class: 'agent-items-details' }, h('summary', {}, 'Items and bank'), items),
    log.goalsBox,
    log.box,
    h(
      'div',
      { class: 'agent-controls' },
      h('div', { class: 'row' }, h('span', { class: 'muted' }, 'Goals:'), pause, resume),
      h('div', { class: 'row' }, h('span', { class: 'muted' }, 'Connection:'), runStart, runStop),
      h('div', { class: 'row' }, goalSelect, targetSelect, goalSet),
      h('div', { class: 'row' }, messageInput, messageSend, messageResult),
      quick,
    ),
    note,
  );
  const view: CardView = {
    root: rootEl,
    title,
    character,
    conn,
    state,
    goal,
    setBy,
    progress,
    progressFill,
    progressLabel,
    position,
    skills,
    items,
    log,
    lastError,
    pause,
    resume,
    goalSelect,
    goalKey: '',
    goalTouched: false,
    goalSet,
    targetSelect,
    targetKey: '',
    quick,
    quickKey: '',
    runStart,
    runStop,
    note,
    names: new Map(),
  };
  return view;
}

/** Writes an agent's state into its card; selects are rebuilt only when their options change. */
export function updateCard(
  card: CardView,
  agent: DashboardAgent,
  d: AgentDetails | undefined,
  ctx: CardContext,
): void {
  const { areas, runtimeReachable } = ctx;
  card.title.textContent = agent.name;
  card.character.textContent = agent.characterId
    ? `character ${agent.name} · ${agent.characterId}`
    : 'character deleted';
  card.conn.textContent = connectionText(agent);
  card.conn.classList.toggle('good', agent.online === true || agent.runtime?.status === 'running');
  const word = goalStateWord(agent.goalsPaused);
  card.state.textContent = word;
  card.state.className = `agent-state agent-state-${word}`;
  card.pause.setAttribute('aria-pressed', String(agent.goalsPaused));
  card.resume.setAttribute('aria-pressed', String(!agent.goalsPaused));
  const names = areaNames(areas);
  card.names = names;
  card.goal.textContent = goalText(agent.goal, names);
  card.setBy.textContent = setByText(agent.goal);
  const progress = agent.goal?.progress;
  card.progress.hidden = !progress;
  card.progressLabel.hidden = !progress;
  card.progressFill.style.width = `${progressPercent(progress)}%`;
  card.progress.setAttribute('aria-valuenow', String(progressPercent(progress)));
  card.progressLabel.textContent = progressText(progress);

  const rt = agent.runtime;
  const lastError = currentError(rt);
  card.lastError.hidden = lastError === null;
  card.lastError.textContent = lastError === null ? '' : `Runtime error: ${lastError}`;
  card.position.textContent = rt ? positionText(rt.position, areas) : 'unknown (runtime unavailable)';
  if (rt && Object.keys(rt.skills).length > 0) {
    replaceChildren(
      card.skills,
      h('span', { class: 'agent-skill-total' }, `Total level ${skillTotal(rt.skills)}`),
      h('span', { class: 'muted', 'data-testid': 'xp-rate' }, ctx.xpText?.(agent.agentId) ?? ''),
      sortedSkills(rt.skills).map((s) =>
        h(
          'span',
          { class: 'agent-skill', title: s.xp === undefined ? '' : `${s.xp} xp` },
          `${s.name} ${s.level}`,
        ),
      ),
    );
  } else {
    replaceChildren(
      card.skills,
      h('span', { class: 'muted' }, rt ? 'Skills: not connected' : 'Skills: unknown'),
    );
  }
  fillItems(card.items, rt);
  card.log.loaded = d?.loadedActivity;
  card.log.runtimeKnown = rt !== null;
  drawActivity(card.log);
  drawGoalHistory(card.log, d?.goalHistory);

  fillGoalSelect(card, d?.goals, agent.goal);
  fillTargets(card, d?.places, agent.goal);
  labelGoalSet(card);
  fillQuick(card, agent.agentId, d?.commands, ctx.actions);

  const noRuntime = !rt || runtimeReachable === false;
  const why =
    runtimeReachable === false
      ? 'the agent runtime is unreachable'
      : 'the runtime does not manage this agent';
  card.runStart.setAttribute('aria-pressed', String(rt?.running === true));
  card.runStop.setAttribute('aria-pressed', String(rt !== null && !rt.running));
  card.runStart.disabled = noRuntime;
  card.runStop.disabled = noRuntime;
  card.runStart.title = noRuntime ? why : 'Connect the agent and let it play';
  card.runStop.title = noRuntime ? why : 'Disconnect the agent (stays stopped across restarts)';
  const pauseDisabled = !agent.onServer;
  card.pause.disabled = pauseDisabled;
  card.resume.disabled = pauseDisabled;
}
