import {
  AGENT_ACTIVITY_MESSAGE_MAX,
  type AgentActivityInput,
  type AgentActivityKind,
  type AgentGoalEvent,
} from '@tilerealm/protocol';
import { ApiError } from '@tilerealm/sdk';
import { errorText } from './errors';

/** One line of an agent's recent activity. */
export interface ActivityEntry {
  at: string;
  kind: AgentActivityKind;
  message: string;
  data?: Record<string, string | number | boolean | null>;
}

/** A batch of an agent's activity lines and goal changes, in order. */
export interface ActivityBatch {
  entries: AgentActivityInput[];
  goals: AgentGoalEvent[];
}

/** Where the lines are kept for good: the game's database through the runtime's endpoints (directory.ts). */
export interface ActivitySink {
  appendActivity(agentId: string, batch: ActivityBatch): Promise<unknown>;
}

export interface ActivityLogOptions {
  /** The lines kept in memory (`recent`). */
  capacity?: number;
  /** The agent and the sink its lines are sent to; without them the log is in memory only. */
  agentId?: string;
  sink?: ActivitySink | undefined;
  /** How long new lines wait to be sent together (default 1 s). */
  flushMs?: number;
  /** Waits after a failed send, doubling from `baseMs` up to `maxMs` (default 1 s to 1 min). */
  retry?: { baseMs: number; maxMs: number };
  /** Lines and goal changes held while the database is unreachable; the oldest go beyond (default 5,000). */
  maxPending?: number;
  /** The runtime's own log (failed sends). */
  warn?: (line: string) => void;
}

/** The most lines, and goal changes, one request carries (the server's limit). */
export const ACTIVITY_BATCH_MAX = 200;
/** The JSON size one request stays under (the game server takes bodies up to 64 KiB). */
export const ACTIVITY_BATCH_CHARS = 48_000;

/** The first items of `queue` (at most ACTIVITY_BATCH_MAX) whose JSON fits in what is left of `budget`. */
function takeWithin<T>(queue: readonly T[], budget: { chars: number }): T[] {
  const taken: T[] = [];
  for (const item of queue) {
    const size = JSON.stringify(item).length + 1;
    if (taken.length >= ACTIVITY_BATCH_MAX || (taken.length > 0 && size > budget.chars)) break;
    budget.chars -= size;
    taken.push(item);
  }
  return taken;
}

const toInput = (e: ActivityEntry): AgentActivityInput => e;

/**
 * An agent's activity log: lines of a kind (goal, action, xp, error, chat, reasoning, system) and
 * goal changes. `add` never waits: the last `capacity` lines stay in memory, and every line and
 * goal change is queued and sent in batches to the sink (the game's database). A failed send is
 * logged once per outage and retried with a growing wait; while it lasts at most `maxPending`
 * items are held (the oldest dropped, and the loss recorded once the sink answers again).
 */
export class ActivityLog {
  private readonly entries: ActivityEntry[] = [];
  private readonly capacity: number;
  private pending: ActivityEntry[] = [];
  private pendingGoals: AgentGoalEvent[] = [];
  private dropped = 0;
  private timer: NodeJS.Timeout | undefined;
  private sending: Promise<boolean> | undefined;
  private failures = 0;
  private closed = false;

  constructor(private readonly options: ActivityLogOptions | number = {}) {
    this.capacity = typeof options === 'number' ? options : (options.capacity ?? 100);
  }

  private get opts(): ActivityLogOptions {
    return typeof this.options === 'number' ? {} : this.options;
  }

  add(message: string, kind: AgentActivityKind = 'action', data?: ActivityEntry['data']): void {
    const text =
      message.length > AGENT_ACTIVITY_MESSAGE_MAX ? message.slice(0, AGENT_ACTIVITY_MESSAGE_MAX) : message;
    const entry: ActivityEntry = { at: new Date().toISOString(), kind, message: text || '(empty)' };
    if (data) entry.data = data;
    this.entries.push(entry);
    if (this.entries.length > this.capacity) this.entries.splice(0, this.entries.length - this.capacity);
    if (!this.persistent) return;
    this.pending.push(entry);
    this.bound();
    this.schedule(this.opts.flushMs ?? 1000);
  }

  /** Records a goal change (the goal history). */
  goal(event: AgentGoalEvent): void {
    if (!this.persistent) return;
    this.pendingGoals.push(event);
    this.bound();
    this.schedule(this.opts.flushMs ?? 1000);
  }

  recent(limit = this.capacity): ActivityEntry[] {
    return this.entries.slice(-limit);
  }

  /** Lines and goal changes not sent yet. */
  get unsent(): number {
    return this.pending.length + this.pendingGoals.length;
  }

  /**
   * Sends everything queued now. Resolves true once the queue is empty, false when a send failed
   * (the lines stay queued and a retry is scheduled); never rejects.
   */
  async flush(): Promise<boolean> {
    while (this.sending) await this.sending;
    if (!this.persistent || this.unsent === 0) return true;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.sending = this.sendAll().finally(() => (this.sending = undefined));
    return this.sending;
  }

  /** Stops the timer and sends what is left (one try). */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private get persistent(): boolean {
    return this.opts.sink !== undefined && this.opts.agentId !== undefined;
  }

  /** Keeps the queue within maxPending while the sink is unreachable. */
  private bound(): void {
    const max = this.opts.maxPending ?? 5000;
    const over = this.unsent - max;
    if (over <= 0) return;
    const fromLines = Math.min(over, this.pending.length);
    this.pending.splice(0, fromLines);
    this.pendingGoals.splice(0, over - fromLines);
    this.dropped += over;
  }

  private schedule(ms: number): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, ms);
    this.timer.unref();
  }

  private async sendAll(): Promise<boolean> {
    const { sink, agentId } = this.opts;
    if (!sink || agentId === undefined) return true;
    while (this.unsent > 0) {
      if (this.dropped > 0 && this.failures === 0) {
        const lost = `${this.dropped} activity line(s) were lost while the database was unreachable`;
        this.pending.unshift({ at: new Date().toISOString(), kind: 'error', message: lost });
        this.dropped = 0;
      }
      const budget = { chars: ACTIVITY_BATCH_CHARS };
      const goals = takeWithin(this.pendingGoals, budget);
      const entries = takeWithin(this.pending, budget).map(toInput);
      try {
        await sink.appendActivity(agentId, { entries, goals });
      } catch (err) {
        if (
          err instanceof ApiError &&
          err.status >= 400 &&
          err.status < 500 &&
          err.status !== 408 &&
          err.status !== 429
        ) {
          // Refused for good (a removed agent, a batch the server will never take): retrying cannot help.
          this.warn(
            `activity of agent ${agentId} refused, ${entries.length + goals.length} item(s) dropped: ${errorText(err)}`,
          );
        } else {
          if (this.failures === 0)
            this.warn(`could not save the activity of agent ${agentId} (retrying): ${errorText(err)}`);
          this.failures++;
          const retry = this.opts.retry ?? { baseMs: 1000, maxMs: 60_000 };
          this.schedule(Math.min(retry.maxMs, retry.baseMs * 2 ** (this.failures - 1)));
          return false;
        }
      }
      if (this.failures > 0) this.warn(`the activity of agent ${agentId} is saved again`);
      this.failures = 0;
      // Lines added meanwhile are behind the ones sent, and a bound() meanwhile may have cut the
      // front already: take away exactly the items sent.
      const sent = new Set<unknown>([...entries, ...goals]);
      this.pending = this.pending.filter((e) => !sent.has(e));
      this.pendingGoals = this.pendingGoals.filter((g) => !sent.has(g));
    }
    return true;
  }

  private warn(line: string): void {
    (this.opts.warn ?? ((l: string) => console.warn(`[agents] ${l}`)))(line);
  }
}
