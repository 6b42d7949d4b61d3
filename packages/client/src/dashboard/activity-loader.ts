// Reads an agent's saved activity log and goal history for its card (the card's filters, older pages).
import { activityQuery, activitySchema, applyActivityPage, goalHistorySchema } from './activity-model';
import type { AgentDetails } from './card';
import type { ActivityView } from './card-activity';
import { describeError } from './model';

export interface ActivityLoaderDeps {
  /** A GET through the signed-in session. */
  call(path: string): Promise<unknown>;
  details: Map<string, AgentDetails>;
  /** The card's activity parts (its filters), once the card exists. */
  logOf(agentId: string): ActivityView | undefined;
  isDisposed(): boolean;
  showError(text: string): void;
  updateAgent(agentId: string): void;
}

export function createActivityLoader(deps: ActivityLoaderDeps) {
  const enc = encodeURIComponent;
  /** The filters each agent's loaded lines were read with (a change reads them afresh). */
  const keys = new Map<string, string>();
  const filterOf = (agentId: string) => {
    const log = deps.logOf(agentId);
    const filter = { kind: log?.kind.value ?? '', text: log?.text.value ?? '' };
    return { filter, key: activityQuery(filter) };
  };
  const detailsOf = (agentId: string): AgentDetails => {
    const d = deps.details.get(agentId) ?? {};
    deps.details.set(agentId, d);
    return d;
  };
  const read = async (agentId: string, before?: number | null) =>
    activitySchema.parse(
      await deps.call(
        `/api/agent/agents/${enc(agentId)}/activity?${activityQuery(filterOf(agentId).filter, before)}`,
      ),
    );

  return {
    /**
     * A poll: the newest lines matching the card's filters merged in, and the goal history. A
     * failed read leaves the old data (the poll status and the runtime notice report the runtime).
     */
    async poll(agentId: string): Promise<void> {
      const { key } = filterOf(agentId);
      const [act, goals] = await Promise.allSettled([
        read(agentId),
        deps.call(`/api/agent/agents/${enc(agentId)}/goals?limit=20`).then((b) => goalHistorySchema.parse(b)),
      ]);
      if (deps.isDisposed()) return;
      const d = detailsOf(agentId);
      // Lines read with filters changed meanwhile are dropped: the change's own read brings them.
      if (act.status === 'fulfilled' && key === filterOf(agentId).key) {
        d.loadedActivity = applyActivityPage(
          d.loadedActivity,
          act.value,
          keys.get(agentId) === key ? 'newest' : 'fresh',
        );
        d.activity = d.loadedActivity.lines;
        keys.set(agentId, key);
      }
      if (goals.status === 'fulfilled') d.goalHistory = goals.value.goals;
    },

    /** The "Older" button (`older`), or a filter change: the newest matching lines replace the loaded ones. */
    async load(agentId: string, older: boolean): Promise<void> {
      const d = detailsOf(agentId);
      const { key } = filterOf(agentId);
      const before = older ? d.loadedActivity?.before : undefined;
      if (older && (before === null || before === undefined)) return;
      try {
        const page = await read(agentId, before);
        if (deps.isDisposed() || key !== filterOf(agentId).key) return;
        d.loadedActivity = applyActivityPage(d.loadedActivity, page, older ? 'older' : 'fresh');
        d.activity = d.loadedActivity.lines;
        keys.set(agentId, key);
      } catch (err) {
        if (!deps.isDisposed()) deps.showError(`Reading the activity log failed: ${describeError(err)}`);
      }
      deps.updateAgent(agentId);
    },
  };
}
