import './dashboard.css';
import { GOAL_TYPES } from '@tilerealm/protocol';
import { h, replaceChildren } from '../dom';
import type { Session } from '../session';
import {
  activitySchema,
  applyGoalControl,
  applyRuntime,
  connectionText,
  describeError,
  errorTag,
  goalControlSchema,
  goalStateWord,
  goalText,
  isUnreachable,
  mergeAgents,
  messageResultSchema,
  messageResultText,
  positionText,
  progressPercent,
  progressText,
  quickActionsSchema,
  runtimeAgentSchema,
  runtimeListSchema,
  serverListSchema,
  setByText,
  skillTotal,
  sortedSkills,
  worldAreasSchema,
  type ActivityLine,
  type AreaBounds,
  type AvailableGoalView,
  type DashboardAgent,
  type QuickActions,
} from './model';
import {
  browserTimers,
  createPoller,
  pollStatusText,
  RETRY_DELAYS_MS,
  withRetry,
  type PollStatus,
  type Timers,
} from './poller';

export interface DashboardOptions {
  /** The poll interval (clamped to 5..10 s; 7 s by default). */
  intervalMs?: number;
  timers?: Timers;
}

/** What the per-agent calls learned beyond the lists (refreshed one agent per poll, and after controls). */
interface AgentDetails {
  goals?: AvailableGoalView[];
  commands?: QuickActions['commands'];
  places?: QuickActions['places'];
  activity?: ActivityLine[];
}

/** The elements of one agent's card that updates touch (inputs are never rebuilt). */
interface CardView {
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
  activity: HTMLElement;
  lastError: HTMLElement;
  pause: HTMLButtonElement;
  resume: HTMLButtonElement;
  goalSelect: HTMLSelectElement;
  goalKey: string;
  targetSelect: HTMLSelectElement;
  targetKey: string;
  quick: HTMLElement;
  quickKey: string;
  runStart: HTMLButtonElement;
  runStop: HTMLButtonElement;
  note: HTMLElement;
}

const ACTIVITY_LINES = 5;

/**
 * The agent dashboard (`#/agents`): the signed-in account's agents from the game server and the
 * agent runtime, polled every 5-10 s with the spec's 1/2/4 s retry backoff, and the owner's
 * controls (pause, resume, goal, message, quick commands, runtime start/stop, create). Returns the
 * function that stops every timer and removes the page.
 */
export function mountDashboard(
  root: HTMLElement,
  session: Session,
  options: DashboardOptions = {},
): () => void {
  const timers = options.timers ?? browserTimers;
  let disposed = false;
  let agents: DashboardAgent[] = [];
  const details = new Map<string, AgentDetails>();
  const cards = new Map<string, CardView>();
  let areas: AreaBounds[] = [];
  /** Whether the last runtime call answered (null before the first poll). */
  let runtimeReachable: boolean | null = null;
  let roundRobin = 0;
  const pendingSleeps = new Set<unknown>();

  /** withRetry's wait, cancelled by dispose. */
  const wait = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const handle = timers.setTimeout(() => {
        pendingSleeps.delete(handle);
        resolve();
      }, ms);
      pendingSleeps.add(handle);
    });

  const enc = encodeURIComponent;
  const call = (method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> =>
    session.call(method, path, body);

  // ---- page skeleton ----
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
  const createName = h('input', {
    type: 'text',
    maxlength: 12,
    placeholder: 'New agent name',
    'aria-label': 'New agent name',
    'data-testid': 'agent-create-name',
  });
  const createButton = h(
    'button',
    { type: 'submit', class: 'primary', 'data-testid': 'agent-create' },
    'Create agent',
  );
  const createResult = h('span', { class: 'dash-create-result', 'data-testid': 'agent-create-result' });
  const createForm = h(
    'form',
    {
      class: 'dash-create row',
      onsubmit: (e: Event) => {
        e.preventDefault();
        void createAgent();
      },
    },
    createName,
    createButton,
    createResult,
  );
  const refreshButton = h(
    'button',
    { type: 'button', 'data-testid': 'dashboard-refresh', onclick: () => poller.pollNow() },
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
    list,
    empty,
    h('section', { class: 'dash-create-section' }, h('h2', {}, 'Create an agent'), createForm),
  );
  root.replaceChildren(page);

  const showError = (text: string): void => {
    errorLine.textContent = text;
  };

  const setRuntimeState = (err: unknown | undefined): void => {
    if (err === undefined) {
      runtimeReachable = true;
      runtimeNotice.hidden = true;
      runtimeNotice.textContent = '';
      return;
    }
    runtimeReachable = false;
    runtimeNotice.hidden = false;
    runtimeNotice.textContent = isUnreachable(err)
      ? `The agent runtime is unreachable (${errorTag(err)}). Showing the game server's data only: ` +
        'positions, skills, activity, runtime start/stop and creating agents need the runtime.'
      : `The agent runtime refused the request: ${describeError(err)}. Showing the game server's data only.`;
  };

  // ---- polling ----
  async function poll(): Promise<void> {
    const [server, runtime] = await Promise.allSettled([
      call('GET', '/api/agents').then((b) => serverListSchema.parse(b).agents),
      call('GET', '/api/agent/agents').then((b) => runtimeListSchema.parse(b).agents),
    ]);
    if (disposed) return;
    if (server.status === 'rejected') throw server.reason;
    setRuntimeState(
      runtime.status === 'rejected' ? (runtime.reason ?? new Error('runtime failed')) : undefined,
    );
    agents = mergeAgents(
      server.value,
      runtime.status === 'fulfilled' ? runtime.value : null,
      session.accountId,
    );
    render();
    // Per-agent details: every agent without any at once, else one agent per poll (rate limit: 100/min).
    const missing = agents.filter((a) => !details.has(a.agentId));
    if (missing.length > 0) {
      await Promise.all(missing.map((a) => loadDetails(a.agentId)));
    } else if (agents.length > 0) {
      const next = agents[roundRobin++ % agents.length];
      if (next) await loadDetails(next.agentId);
    }
  }

  /** Quick actions (available goals, commands, places) and recent activity; failures leave the old data. */
  async function loadDetails(agentId: string): Promise<void> {
    const agent = agents.find((a) => a.agentId === agentId);
    if (!agent) return;
    const d: AgentDetails = details.get(agentId) ?? {};
    details.set(agentId, d);
    const [qa, act] = await Promise.allSettled([
      agent.onServer
        ? call('GET', `/api/agents/${enc(agentId)}/quick-actions`).then((b) => quickActionsSchema.parse(b))
        : Promise.resolve(undefined),
      agent.runtime && runtimeReachable
        ? call('GET', `/api/agent/agents/${enc(agentId)}/activity?limit=${ACTIVITY_LINES}`).then(
            (b) => activitySchema.parse(b).activity,
          )
        : Promise.resolve(undefined),
    ]);
    if (disposed) return;
    if (qa.status === 'fulfilled' && qa.value) {
      d.goals = qa.value.goals;
      d.commands = qa.value.commands;
      d.places = qa.value.places;
    }
    if (act.status === 'fulfilled' && act.value) d.activity = act.value;
    updateAgent(agentId);
  }

  /** Reloads one agent at once (after a failed control call): goal state, runtime summary, details. */
  async function refreshAgent(agentId: string): Promise<void> {
    const agent = agents.find((a) => a.agentId === agentId);
    if (!agent || disposed) return;
    const [goal, runtime] = await Promise.allSettled([
      agent.onServer
        ? call('GET', `/api/agents/${enc(agentId)}/goal`).then((b) => goalControlSchema.parse(b))
        : Promise.resolve(undefined),
      runtimeReachable !== false && agent.runtime
        ? call('GET', `/api/agent/agents/${enc(agentId)}`).then((b) => runtimeAgentSchema.parse(b))
        : Promise.resolve(undefined),
    ]);
    if (disposed) return;
    if (goal.status === 'fulfilled' && goal.value) {
      const control = goal.value;
      replaceAgent(agentId, (a) => applyGoalControl(a, control));
      const d = details.get(agentId) ?? {};
      d.goals = control.availableGoals;
      details.set(agentId, d);
    }
    if (runtime.status === 'fulfilled' && runtime.value) {
      const value = runtime.value;
      replaceAgent(agentId, (a) => applyRuntime(a, value));
    }
    updateAgent(agentId);
    await loadDetails(agentId);
  }

  const replaceAgent = (agentId: string, fn: (a: DashboardAgent) => DashboardAgent): void => {
    agents = agents.map((a) => (a.agentId === agentId ? fn(a) : a));
  };

  const describe = (err: unknown): string => describeError(err);
  const poller = createPoller({
    intervalMs: options.intervalMs,
    task: poll,
    timers,
    onStatus: (s: PollStatus) => {
      if (disposed) return;
      status.textContent = pollStatusText(s, describe);
      status.classList.toggle('dash-status-bad', s.kind !== 'ok');
    },
  });

  // ---- controls ----
  /**
   * Runs one control call with the retry backoff (4xx other than 429 are final), reports a failure
   * on the card and in the page's error line, and refreshes the agent at once afterwards. A success
   * answer is the fresh state (callers apply it), so only the details are re-read then; a failure
   * re-reads the goal state and the runtime summary too. (The REST limit is 100 requests a minute.)
   */
  async function control<T>(
    agentId: string,
    label: string,
    button: HTMLButtonElement | undefined,
    fn: () => Promise<T>,
  ): Promise<T | undefined> {
    const card = cards.get(agentId);
    const name = agents.find((a) => a.agentId === agentId)?.name ?? agentId;
    showError('');
    if (button) button.disabled = true;
    if (card) setNote(card, `${label}...`, false);
    let ok = false;
    try {
      const result = await withRetry(fn, RETRY_DELAYS_MS, wait, {
        onRetry: (attempt, delayMs, err) => {
          if (card && !disposed)
            setNote(
              card,
              `${label} failed (${describe(err)}); retry ${attempt} of 3 in ${delayMs / 1000} s`,
              true,
            );
        },
      });
      if (card && !disposed) setNote(card, `${label}: done`, false);
      ok = true;
      return result;
    } catch (err) {
      if (!disposed) {
        const text = `${label} (${name}) failed: ${describe(err)}`;
        showError(text);
        if (card) setNote(card, text, true);
      }
      return undefined;
    } finally {
      if (button) button.disabled = false;
      if (!disposed) void (ok ? loadDetails(agentId) : refreshAgent(agentId));
    }
  }

  const setNote = (card: CardView, text: string, bad: boolean): void => {
    card.note.textContent = text;
    card.note.classList.toggle('error', bad);
  };

  async function goalControl(
    agentId: string,
    label: string,
    button: HTMLButtonElement,
    path: string,
    body?: unknown,
  ) {
    const result = await control(agentId, label, button, async () =>
      goalControlSchema.parse(await call('POST', `/api/agents/${enc(agentId)}${path}`, body)),
    );
    if (result && !disposed) {
      replaceAgent(agentId, (a) => applyGoalControl(a, result));
      const d = details.get(agentId) ?? {};
      d.goals = result.availableGoals;
      details.set(agentId, d);
      updateAgent(agentId);
    }
  }

  async function sendMessage(
    agentId: string,
    text: string,
    button: HTMLButtonElement,
    input?: HTMLInputElement,
  ) {
    const message = text.trim();
    const card = cards.get(agentId);
    if (!message) {
      if (card) setNote(card, 'Type a message first.', true);
      return;
    }
    const result = await control(agentId, `Message "${message.slice(0, 40)}"`, button, async () =>
      messageResultSchema.parse(await call('POST', `/api/agents/${enc(agentId)}/message`, { message })),
    );
    if (!result || disposed || !card) return;
    setNote(card, `Message: ${messageResultText(result)}`, !result.delivered);
    card.root
      .querySelector(`[data-testid="agent-message-result-${agentId}"]`)
      ?.replaceChildren(messageResultText(result));
    if (result.delivered && input) input.value = '';
  }

  async function runtimeControl(agentId: string, action: 'start' | 'stop', button: HTMLButtonElement) {
    const result = await control(
      agentId,
      action === 'start' ? 'Start runtime' : 'Stop runtime',
      button,
      async () => runtimeAgentSchema.parse(await call('POST', `/api/agent/agents/${enc(agentId)}/${action}`)),
    );
    if (result && !disposed) {
      replaceAgent(agentId, (a) => applyRuntime(a, result));
      updateAgent(agentId);
    }
  }

  async function createAgent(): Promise<void> {
    const name = createName.value.trim();
    if (!name) {
      createResult.textContent = 'Enter a name for the agent.';
      createResult.className = 'dash-create-result error';
      return;
    }
    showError('');
    createButton.disabled = true;
    createResult.className = 'dash-create-result muted';
    createResult.textContent = `Creating ${name}...`;
    let retried = false;
    try {
      const body = await withRetry(() => call('POST', '/api/agent/agents', { name }), RETRY_DELAYS_MS, wait, {
        onRetry: (attempt, delayMs, err) => {
          retried = true;
          if (!disposed)
            createResult.textContent = `Creating failed (${describe(err)}); retry ${attempt} of 3 in ${delayMs / 1000} s`;
        },
      });
      if (disposed) return;
      const created = runtimeAgentSchema.safeParse(body);
      createResult.className = 'dash-create-result good';
      createResult.textContent = `Created ${created.success ? created.data.name : name}.`;
      createName.value = '';
    } catch (err) {
      if (disposed) return;
      let text = `Could not create ${name}: ${describe(err)}`;
      if (retried && typeof err === 'object' && err !== null && 'code' in err && err.code === 'name_taken')
        text += ' An earlier attempt may have created it: see the list.';
      createResult.className = 'dash-create-result error';
      createResult.textContent = text;
      showError(text);
    } finally {
      createButton.disabled = false;
      if (!disposed) poller.pollNow();
    }
  }

  // ---- rendering ----
  function buildCard(agentId: string): CardView {
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
    const activity = h('ul', { class: 'agent-activity', 'data-testid': tid('activity') });
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
    pause.addEventListener('click', () => void goalControl(agentId, 'Pause', pause, '/goal/stop'));
    resume.addEventListener('click', () => void goalControl(agentId, 'Resume', resume, '/goal/resume'));

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
      void goalControl(agentId, `Set goal ${type}`, goalSet, '/goal', target ? { type, target } : { type });
    });

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
      () => void sendMessage(agentId, messageInput.value, messageSend, messageInput),
    );
    messageInput.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && !messageSend.disabled)
        void sendMessage(agentId, messageInput.value, messageSend, messageInput);
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
    runStart.addEventListener('click', () => void runtimeControl(agentId, 'start', runStart));
    runStop.addEventListener('click', () => void runtimeControl(agentId, 'stop', runStop));

    const quick = h('div', { class: 'agent-quick row', 'data-testid': tid('quick') });

    const rootEl = h(
      'article',
      { class: 'agent-card', 'data-testid': `agent-card-${agentId}` },
      h('div', { class: 'agent-head' }, title, character),
      conn,
      lastError,
      h('div', { class: 'agent-line' }, 'Goals: ', state),
      h('div', { class: 'agent-line' }, 'Goal: ', goal, ' ', setBy),
      progress,
      progressLabel,
      h('div', { class: 'agent-line' }, 'Position: ', position),
      skills,
      h(
        'details',
        { class: 'agent-activity-box', open: true },
        h('summary', {}, 'Recent activity'),
        activity,
      ),
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
    return {
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
      activity,
      lastError,
      pause,
      resume,
      goalSelect,
      goalKey: '',
      targetSelect,
      targetKey: '',
      quick,
      quickKey: '',
      runStart,
      runStop,
      note,
    };
  }

  function fillGoalSelect(card: CardView, goals: AvailableGoalView[] | undefined): void {
    // Before the first answer every type is offered; the server refuses unavailable ones (409).
    const list: AvailableGoalView[] = goals ?? GOAL_TYPES.map((type) => ({ type, available: true }));
    const key = JSON.stringify(list.map((g) => [g.type, g.available, g.reason]));
    if (key === card.goalKey) return;
    card.goalKey = key;
    const previous = card.goalSelect.value;
    replaceChildren(
      card.goalSelect,
      list.map((g) =>
        h(
          'option',
          { value: g.type, disabled: !g.available, title: g.reason ?? '' },
          g.available ? g.type : `${g.type} (unavailable${g.reason ? `: ${g.reason}` : ''})`,
        ),
      ),
    );
    const keep = list.find((g) => g.type === previous && g.available);
    const first = list.find((g) => g.available);
    card.goalSelect.value = keep?.type ?? first?.type ?? '';
  }

  function fillTargets(card: CardView, places: QuickActions['places'] | undefined): void {
    const key = JSON.stringify((places ?? []).map((p) => [p.id, p.distance]));
    if (key === card.targetKey) return;
    card.targetKey = key;
    const previous = card.targetSelect.value;
    replaceChildren(
      card.targetSelect,
      h('option', { value: '' }, '(no target)'),
      (places ?? []).map((p) =>
        h('option', { value: p.id }, p.distance === undefined ? p.name : `${p.name} (${p.distance} tiles)`),
      ),
    );
    card.targetSelect.value = (places ?? []).some((p) => p.id === previous) ? previous : '';
  }

  function fillQuick(card: CardView, agentId: string, commands: QuickActions['commands'] | undefined): void {
    // stop / resume follow the pause flag: the Pause and Resume buttons use the goal endpoints for them.
    const shown = (commands ?? []).filter((c) => c.command !== 'stop' && c.command !== 'resume');
    const key = JSON.stringify(shown.map((c) => [c.command, c.label, c.message, c.available, c.reason]));
    if (key === card.quickKey) return;
    card.quickKey = key;
    replaceChildren(
      card.quick,
      shown.length > 0 ? h('span', { class: 'muted' }, 'Quick:') : null,
      shown.map((c) => {
        const b: HTMLButtonElement = h(
          'button',
          {
            type: 'button',
            disabled: !c.available,
            title: c.available ? `Sends "${c.message}"` : (c.reason ?? 'not available now'),
            'data-testid': `agent-quick-${c.command}-${agentId}`,
          },
          c.label,
        );
        b.addEventListener('click', () => void sendMessage(agentId, c.message, b));
        return b;
      }),
    );
  }

  function updateCard(card: CardView, agent: DashboardAgent, d: AgentDetails | undefined): void {
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
    card.goal.textContent = goalText(agent.goal);
    card.setBy.textContent = setByText(agent.goal);
    const progress = agent.goal?.progress;
    card.progress.hidden = !progress;
    card.progressLabel.hidden = !progress;
    card.progressFill.style.width = `${progressPercent(progress)}%`;
    card.progress.setAttribute('aria-valuenow', String(progressPercent(progress)));
    card.progressLabel.textContent = progressText(progress);

    const rt = agent.runtime;
    card.lastError.hidden = !rt?.lastError;
    card.lastError.textContent = rt?.lastError ? `Runtime error: ${rt.lastError}` : '';
    card.position.textContent = rt ? positionText(rt.position, areas) : 'unknown (runtime unavailable)';
    if (rt && Object.keys(rt.skills).length > 0) {
      replaceChildren(
        card.skills,
        h('span', { class: 'agent-skill-total' }, `Total level ${skillTotal(rt.skills)}`),
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
    const lines = d?.activity ?? [];
    replaceChildren(
      card.activity,
      lines.length === 0
        ? h('li', { class: 'muted' }, rt ? 'nothing yet' : 'unavailable')
        : lines
            .slice(-ACTIVITY_LINES)
            .map((l) => h('li', {}, h('time', { class: 'muted' }, shortTime(l.at)), ' ', l.message)),
    );

    fillGoalSelect(card, d?.goals);
    fillTargets(card, d?.places);
    fillQuick(card, agent.agentId, d?.commands);

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

  function updateAgent(agentId: string): void {
    const agent = agents.find((a) => a.agentId === agentId);
    const card = cards.get(agentId);
    if (agent && card && !disposed) updateCard(card, agent, details.get(agentId));
  }

  function render(): void {
    if (disposed) return;
    const ids = new Set(agents.map((a) => a.agentId));
    for (const [id, card] of cards) {
      if (ids.has(id)) continue;
      card.root.remove();
      cards.delete(id);
      details.delete(id);
    }
    const ordered: HTMLElement[] = [];
    for (const agent of agents) {
      let card = cards.get(agent.agentId);
      if (!card) {
        card = buildCard(agent.agentId);
        cards.set(agent.agentId, card);
      }
      updateCard(card, agent, details.get(agent.agentId));
      ordered.push(card.root);
    }
    // Reorder only when needed: moving a node would take the focus from its inputs.
    const current = Array.from(list.children);
    if (current.length !== ordered.length || current.some((el, i) => el !== ordered[i]))
      list.replaceChildren(...ordered);
    empty.hidden = agents.length > 0;
  }

  // ---- world areas (public manifest) for position names ----
  void fetch(new URL('/manifests/world-areas.json', session.env.apiUrl))
    .then((r) => (r.ok ? r.json() : undefined))
    .then((body: unknown) => {
      const parsed = worldAreasSchema.safeParse(body);
      if (!parsed.success || disposed) return;
      areas = parsed.data.areas;
      render();
    })
    .catch((err: unknown) =>
      console.warn('world areas could not be loaded: positions show without area names', err),
    );

  // ---- visibility: no polling while the tab is hidden ----
  const onVisibility = (): void => {
    if (disposed) return;
    if (document.visibilityState === 'hidden') {
      poller.stop();
      status.textContent = 'Updates paused while the tab is hidden.';
    } else {
      poller.start();
    }
  };
  document.addEventListener('visibilitychange', onVisibility);
  if (document.visibilityState === 'hidden') status.textContent = 'Updates paused while the tab is hidden.';
  else poller.start();

  return () => {
    if (disposed) return;
    disposed = true;
    poller.stop();
    for (const handle of pendingSleeps) timers.clearTimeout(handle);
    pendingSleeps.clear();
    document.removeEventListener('visibilitychange', onVisibility);
    page.remove();
  };
}

function shortTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleTimeString();
}
