import './dashboard.css';
import type { Session } from '../session';
import { createActivityLoader } from './activity-loader';
import {
  buildCard,
  setNote,
  updateCard,
  type AgentDetails,
  type CardActions,
  type CardContext,
  type CardView,
} from './card';
import { runControl, type ControlDeps } from './control';
import { buildCreateForm } from './create-form';
import { h } from '../dom';
import { buildLiveMap } from './map';
import { buildWatchView } from './watch';
import { totalXp, XpTracker } from './xp-rate';
import { buildPage, loadWorldAreas, showRuntimeNotice } from './page';
import {
  applyGoalControl,
  applyRuntime,
  describeError,
  goalControlSchema,
  mergeAgents,
  messageResultSchema,
  messageResultText,
  quickActionsSchema,
  runtimeAgentSchema,
  runtimeListSchema,
  serverListSchema,
  type AreaBounds,
  type DashboardAgent,
} from './model';
import {
  browserTimers,
  cancellableSleeps,
  createPoller,
  pollStatusText,
  type PollStatus,
  type Timers,
} from './poller';

export interface DashboardOptions {
  /** The poll interval (clamped to 5..10 s; 7 s by default). */
  intervalMs?: number;
  timers?: Timers;
}

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
  /** withRetry's wait, cancelled by dispose. */
  const sleeps = cancellableSleeps(timers);
  const wait = sleeps.wait;

  const enc = encodeURIComponent;
  const call = (method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> =>
    session.call(method, path, body);

  // ---- page skeleton ----
  const createSection = buildCreateForm({
    call,
    wait,
    isDisposed: () => disposed,
    showError: (text) => showError(text),
    afterCreate: () => poller.pollNow(),
  });
  let selected: string | null = null;
  const xp = new XpTracker();
  const liveMap = buildLiveMap((agentId) => select(agentId));
  const watch = buildWatchView(() => select(null), session);
  const { page, status, runtimeNotice, errorLine, list, empty } = buildPage(
    createSection,
    () => poller.pollNow(),
    h('div', { class: 'dash-live' }, liveMap.root, watch.root),
  );
  root.replaceChildren(page);

  const showError = (text: string): void => {
    errorLine.textContent = text;
  };

  const setRuntimeState = (err: unknown | undefined): void => {
    runtimeReachable = err === undefined;
    showRuntimeNotice(runtimeNotice, err);
  };

  const activityLoader = createActivityLoader({
    call: (path) => call('GET', path),
    details,
    logOf: (agentId) => cards.get(agentId)?.log,
    isDisposed: () => disposed,
    showError: (text) => showError(text),
    updateAgent: (agentId) => updateAgent(agentId),
  });

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
    for (const a of agents)
      if (a.runtime && Object.keys(a.runtime.skills).length > 0)
        xp.observe(a.agentId, totalXp(a.runtime.skills), timers.now());
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

  /**
   * Quick actions (available goals, commands, places), the newest activity and the goal history
   * (activity-loader.ts); failures leave the old data.
   */
  async function loadDetails(agentId: string): Promise<void> {
    const agent = agents.find((a) => a.agentId === agentId);
    if (!agent) return;
    const d: AgentDetails = details.get(agentId) ?? {};
    details.set(agentId, d);
    const runtimeUp = agent.runtime !== null && runtimeReachable === true;
    const [qa] = await Promise.allSettled([
      agent.onServer
        ? call('GET', `/api/agents/${enc(agentId)}/quick-actions`).then((b) => quickActionsSchema.parse(b))
        : Promise.resolve(undefined),
      runtimeUp ? activityLoader.poll(agentId) : Promise.resolve(),
    ]);
    if (disposed) return;
    if (qa.status === 'fulfilled' && qa.value) {
      d.goals = qa.value.goals;
      d.commands = qa.value.commands;
      d.places = qa.value.places;
    }
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

  const poller = createPoller({
    intervalMs: options.intervalMs,
    task: poll,
    timers,
    onStatus: (s: PollStatus) => {
      if (disposed) return;
      status.textContent = pollStatusText(s, describeError);
      status.classList.toggle('dash-status-bad', s.kind !== 'ok');
    },
  });

  // ---- controls ----
  const controlDeps: ControlDeps = {
    cardOf: (agentId) => cards.get(agentId),
    nameOf: (agentId) => agents.find((a) => a.agentId === agentId)?.name ?? agentId,
    showError: (text) => showError(text),
    wait,
    isDisposed: () => disposed,
    afterwards: (agentId, ok) => void (ok ? loadDetails(agentId) : refreshAgent(agentId)),
  };
  const control = <T>(
    agentId: string,
    label: string,
    button: HTMLButtonElement | undefined,
    fn: () => Promise<T>,
  ): Promise<T | undefined> => runControl(controlDeps, agentId, label, button, fn);

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

  // ---- rendering ----
  const cardActions: CardActions = {
    goalControl,
    sendMessage,
    runtimeControl,
    watch: select,
    loadActivity: (agentId, older) => void activityLoader.load(agentId, older),
  };
  const cardContext = (): CardContext => ({
    areas,
    runtimeReachable,
    actions: cardActions,
    xpText: (id) => xp.text(id),
  });

  function updateAgent(agentId: string): void {
    const agent = agents.find((a) => a.agentId === agentId);
    const card = cards.get(agentId);
    if (agent && card && !disposed) updateCard(card, agent, details.get(agentId), cardContext());
    if (agentId === selected && !disposed) drawLive();
  }

  /** Selects and watches an agent (map or card), or none: its card is marked. */
  function select(agentId: string | null): void {
    if (disposed) return;
    selected = agentId;
    for (const [id, card] of cards) card.root.classList.toggle('selected', id === agentId);
    drawLive();
  }
  function drawLive(): void {
    liveMap.update(agents, areas, selected);
    const agent = agents.find((a) => a.agentId === selected);
    watch.update(agent, agents, areas, selected ? details.get(selected)?.activity : undefined);
  }

  function render(): void {
    if (disposed) return;
    if (selected !== null && !agents.some((a) => a.agentId === selected)) selected = null;
    drawLive();
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
        card = buildCard(agent.agentId, cardActions);
        cards.set(agent.agentId, card);
      }
      updateCard(card, agent, details.get(agent.agentId), cardContext());
      card.root.classList.toggle('selected', agent.agentId === selected);
      ordered.push(card.root);
    }
    // Reorder only when needed: moving a node would take the focus from its inputs.
    const current = Array.from(list.children);
    if (current.length !== ordered.length || current.some((el, i) => el !== ordered[i]))
      list.replaceChildren(...ordered);
    empty.hidden = agents.length > 0;
  }

  // ---- world areas (public manifest) for position names ----
  void loadWorldAreas(session.env.apiUrl).then((loaded) => {
    if (!loaded || disposed) return;
    areas = loaded;
    render();
  });

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
    sleeps.cancelAll();
    document.removeEventListener('visibilitychange', onVisibility);
    watch.dispose();
    page.remove();
  };
}
