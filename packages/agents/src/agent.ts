import { CLOSE_CODES, type Goal, type GoalType } from '@tilerealm/protocol';
import { Bot, ConnectionClosedError, isRefreshDue, isTokenExpired, type GameClient } from '@tilerealm/sdk';
import { ActivityLog } from './activity-log';
import { followAgentEvents, type SeenBank } from './agent-events';
import type { AgentDeps, AgentStatus } from './agent-types';
import { QuestTracker } from './behaviours/questing';
import { idleStep } from './behaviours/misc';
import { seedOf } from './behaviours/choose';
import { apiUrlOf, ownerCommandStep, restOwnerLocator, type OwnerLocator } from './behaviours/owner';
import { parseCommand, type OwnerCommand } from './commands';
import { logFailure, StepAborted, sleepTicks, type StepContext } from './context';
import { errorText, warn } from './errors';
import { candidates, decide, MIN_GOAL_TICKS, type ControlState, type Decision } from './planner';
import type { AgentRecord } from './directory';
import { pursueGoal } from './pursue';
import { GoalHistory, reportedGoal, type CurrentGoal } from './goal-report';
import { StartStopQueue } from './start-stop';

export type { AgentDeps, AgentStatus } from './agent-types';

const DEFAULT_LEASE_RETRY = { baseMs: 5_000, maxMs: 300_000 };

/**
 * One agent playing through the SDK over the real WebSocket with its own token: it follows the
 * owner's `agent:control` (goal, pause) and commands (`agent:message`, the owner's chat), plans
 * with the rule-based planner (or the LLM advisor when configured), runs one behaviour step at a
 * time and reports its goal and progress with `agent:report`. Any change of control interrupts
 * the running step at once.
 */
export class AgentRunner {
  /** What it did and decided, saved through `deps.activitySink` (activity-log.ts). */
  readonly activity: ActivityLog;
  /** A line in the activity log: a failure is an `error`, anything else an `action`. */
  private readonly log = (message: string): void =>
    this.activity.add(message, /\bfailed\b|could not/i.test(message) ? 'error' : 'action');
  status: AgentStatus = 'stopped';
  lastError: string | undefined;
  /** The bank as last seen open (the server sends it only while open), for the dashboard. */
  lastBank: SeenBank | undefined;
  control: ControlState = { goal: null, goalsPaused: false };
  command: OwnerCommand | null = null;
  ownerCharacterIds = new Set<string>();
  private bot: Bot | undefined;
  /** Starts and stops, one after the other (a stop cuts a connect under way short first). */
  private readonly lifecycle = new StartStopQueue();
  /** The client of the connect under way, which `stop()` closes. */
  private connecting: GameClient | undefined;
  private loop: Promise<void> | undefined;
  private stepAbort: AbortController | undefined;
  private locator: OwnerLocator | undefined;
  /** Walk orders given for the current "come here" (see ownerCommandStep). */
  private ownerLegs = 0;
  private running = false;
  private lastReport = '';
  private readonly skip = new Map<string, number>();
  private readonly quests = new QuestTracker();
  private retryTimer: NodeJS.Timeout | undefined;
  private leaseWaits = 0;
  /** The current goal and the goal history's record of it. */
  private readonly goals: GoalHistory;

  constructor(
    readonly record: AgentRecord,
    private readonly deps: AgentDeps,
  ) {
    this.activity = new ActivityLog({ agentId: record.agentId, sink: deps.activitySink });
    this.goals = new GoalHistory(this.activity);
  }

  /** The goal pursued now (undefined before the first step). */
  get current(): CurrentGoal | undefined {
    return this.goals.current;
  }

  /** The connected bot (undefined while stopped). */
  get connection(): Bot | undefined {
    return this.bot;
  }

  /** True while a login is scheduled because another world holds the character. */
  get retryPending(): boolean {
    return this.retryTimer !== undefined;
  }

  /**
   * Connects with a freshly minted token and starts playing; rejects when the server refuses the
   * login, except while another world holds the character (4011): then the agent waits and tries
   * again later (status `waiting`). A start while one is connecting joins it; a `stop()` meanwhile
   * cuts the connect short, and the start then resolves with the agent stopped.
   */
  start(): Promise<void> {
    return this.lifecycle.start((generation) =>
      this.running ? Promise.resolve() : this.connectAndPlay(generation),
    );
  }

  private async connectAndPlay(generation: number): Promise<void> {
    this.clearRetry();
    // A loop left from a dropped connection ends as soon as it sees `running` false.
    await this.loop;
    this.status = 'connecting';
    try {
      const characterId = this.record.characterId;
      if (characterId === null) throw new Error('its character was deleted');
      const token = await this.deps.sessionToken(this.record.agentId);
      if (this.lifecycle.outdated(generation)) return;
      const bot = await (this.deps.connect ?? Bot.connect)({
        url: this.deps.socketUrl,
        token,
        characterId,
        headers: this.deps.socketHeaders,
        // The runtime mints tokens (see renewToken) and hands them over.
        tokenRefresh: false,
        beforeConnect: (c) => {
          this.connecting = c;
          followAgentEvents(c, {
            activity: this.activity,
            quests: this.quests,
            ownerCharacterIds: this.ownerCharacterIds,
            onControl: (control) => this.onControl(control),
            onOwnerText: (text) => this.onOwnerText(text),
            onBank: (bank) => (this.lastBank = bank),
          });
        },
      });
      if (this.lifecycle.outdated(generation)) {
        // Stopped while connecting: the fresh connection is not played.
        await bot.close();
        return;
      }
      this.bot = bot;
    } catch (err) {
      if (this.lifecycle.outdated(generation)) return; // stopped meanwhile: the cut-short connect says nothing
      if (err instanceof ConnectionClosedError && err.code === CLOSE_CODES.loggedInElsewhere) {
        this.waitForLease(err.reason);
        return;
      }
      this.status = 'error';
      this.lastError = errorText(err);
      this.activity.add(`could not connect: ${this.lastError}`, 'error');
      throw err;
    } finally {
      this.connecting = undefined;
    }
    const client = this.bot.client;
    client.lifecycle.on('reconnecting', () => void this.renewToken(Date.now()));
    client.lifecycle.on('disconnected', ({ code, reason }) => {
      if (!this.running || this.bot?.client !== client) return;
      this.running = false;
      this.interrupt();
      if (code === CLOSE_CODES.replaced) {
        // Another connection (another runtime, or the owner) plays the character now: taking it
        // back would make the two fight, so this runtime lets go until told to start it again.
        this.status = 'taken_over';
        this.lastError = `taken over by another connection: ${reason}`;
        this.activity.add('taken over by another connection: stopped driving it', 'system');
        warn(`agent ${this.record.name}`, new Error(this.lastError));
      } else if (code === CLOSE_CODES.loggedInElsewhere) {
        this.waitForLease(reason);
      } else {
        this.status = 'error';
        this.lastError = `disconnected: ${reason}`;
        this.activity.add(this.lastError, 'error');
      }
      this.endGoal();
    });
    this.status = 'running';
    // The connection works again: an earlier failure no longer describes the agent.
    this.lastError = undefined;
    this.running = true;
    this.leaseWaits = 0;
    this.activity.add('connected', 'system');
    this.loop = this.run();
  }

  /** Stops playing and closes the connection (a connect under way is cut short). */
  stop(): Promise<void> {
    const halted = this.lifecycle.stop(() => this.halt());
    this.running = false;
    this.clearRetry();
    this.interrupt();
    this.connecting
      ?.close()
      .catch((err: unknown) => warn(`agent ${this.record.name}: closing its connect`, err));
    return halted;
  }

  private async halt(): Promise<void> {
    await this.loop;
    this.endGoal();
    await this.bot?.close();
    this.bot = undefined;
    this.loop = undefined;
    if (this.status !== 'error') this.status = 'stopped';
    this.activity.add('stopped', 'system');
  }

  /**
   * Gives the connected client a freshly minted token when its own is due (at most `threshold` of
   * its lifetime left) or expired, so a reconnect never presents an expired one; the open
   * connection stays.
   * Resolves true when it renewed; a failure is in the activity log and resolves false.
   */
  async renewToken(nowMs: number, threshold?: number): Promise<boolean> {
    const client = this.bot?.client;
    const token = client?.token;
    if (!client || token === undefined) return false;
    if (!isRefreshDue(token, nowMs, threshold) && !isTokenExpired(token, nowMs)) return false;
    try {
      client.setToken(await this.deps.sessionToken(this.record.agentId));
      this.activity.add('session token renewed', 'system');
      return true;
    } catch (err) {
      this.activity.add(`could not renew the session token: ${errorText(err)}`, 'error');
      return false;
    }
  }

  /** Another world holds the character: log it and try again later, each wait twice the last. */
  private waitForLease(reason: string): void {
    const policy = this.deps.leaseRetry ?? DEFAULT_LEASE_RETRY;
    const delayMs = Math.min(policy.maxMs, policy.baseMs * 2 ** this.leaseWaits);
    this.leaseWaits++;
    this.status = 'waiting';
    this.lastError = reason || 'logged in elsewhere';
    this.activity.add(`${this.lastError}: trying again in ${Math.round(delayMs / 1000)} s`, 'system');
    this.clearRetry();
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.start().catch((err: unknown) => warn(`agent ${this.record.name} did not start`, err));
    }, delayMs);
    this.retryTimer.unref();
  }

  private clearRetry(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  /** Applies an agent:control (exported for the runtime and tests). */
  onControl(control: ControlState): void {
    const previous = this.control;
    this.control = control;
    this.activity.add(
      `control: goal ${control.goal?.type ?? 'none'}, ${control.goalsPaused ? 'paused' : 'not paused'}`,
      'goal',
    );
    const ownerGoalChanged =
      control.goal?.setBy === 'owner' && JSON.stringify(control.goal) !== JSON.stringify(previous.goal);
    // Stop (pause) and a new owner goal end any chat command; commands given after still work.
    const paused = control.goalsPaused && !previous.goalsPaused;
    if (paused || ownerGoalChanged) this.command = null;
    this.interrupt();
    // A pause also stops what the character was doing in the world (a walk to a tree goes on otherwise).
    if (paused) void this.bot?.actions.stop().catch(logFailure(this.log, 'stopping'));
  }

  /** Handles a line from the owner: a command is obeyed (also while paused), anything else may get an LLM reply. */
  onOwnerText(text: string): void {
    const cmd = parseCommand(text);
    if (!cmd) {
      this.activity.add(`owner said: ${text}`, 'chat');
      void this.answer(text);
      return;
    }
    this.activity.add(`owner command: ${cmd.kind === 'goal' ? cmd.goal : cmd.kind}`, 'chat');
    this.command = cmd.kind === 'resume' ? null : cmd;
    this.ownerLegs = 0;
    this.interrupt();
    if (cmd.kind === 'stop') void this.bot?.actions.stop().catch(logFailure(this.log, 'stopping'));
  }

  private interrupt(): void {
    this.stepAbort?.abort();
  }

  private async run(): Promise<void> {
    while (this.running) {
      const bot = this.bot;
      if (!bot) return;
      const abort = new AbortController();
      this.stepAbort = abort;
      const ctx: StepContext = {
        bot,
        places: this.deps.places,
        signal: abort.signal,
        ownerCharacterIds: this.ownerCharacterIds,
        seed: seedOf(this.record.agentId),
        log: this.log,
      };
      try {
        if (bot.client.state !== 'open' || !bot.world.player) await sleepTicks(ctx, 5);
        else await this.step(ctx);
      } catch (err) {
        if (err instanceof StepAborted || !this.running) continue;
        this.activity.add(`step failed: ${err instanceof Error ? err.message : String(err)}`, 'error');
        await sleepTicks(ctx, 5);
      }
    }
  }

  private async step(ctx: StepContext): Promise<void> {
    const cmd = this.command;
    if (cmd?.kind === 'stop') return idleStep(ctx);
    if (cmd?.kind === 'follow' || cmd?.kind === 'come') return this.toOwner(ctx, cmd.kind);
    const decision: Decision =
      cmd?.kind === 'goal'
        ? { type: cmd.goal, reason: 'owner command', setBy: 'owner' }
        : await this.plan(ctx);
    this.goals.pursue(decision, ctx.bot.world.tick);
    this.report(ctx);
    await this.pursue(ctx, decision.type);
  }

  /** "Come here" / "follow me" (behaviours/owner.ts): the command ends on arrival or with a reason. */
  private async toOwner(ctx: StepContext, kind: 'come' | 'follow'): Promise<void> {
    const locate =
      this.deps.locateOwner ?? (this.locator ??= restOwnerLocator(apiUrlOf(this.deps.socketUrl)));
    const next = await ownerCommandStep(ctx, kind, locate, this.ownerLegs);
    if (ctx.signal.aborted || this.command?.kind !== kind) return;
    this.ownerLegs = next.legs;
    if (next.end === 'stop') this.command = { kind: 'stop' };
    else if (next.end === 'done') this.command = null;
  }

  private async plan(ctx: StepContext): Promise<Decision> {
    const player = ctx.bot.world.player;
    if (!player) return { type: 'idle', reason: 'no state yet', setBy: 'agent' };
    const rule = decide(player, this.control, this.current, ctx.bot.world.tick, this.unavailable());
    const llm = this.deps.llm;
    const due = !this.current || ctx.bot.world.tick - this.current.sinceTick >= MIN_GOAL_TICKS;
    if (!llm || rule.setBy === 'owner' || this.control.goalsPaused || !due) return rule;
    const choice = await llm.chooseGoal(player, candidates(player, this.unavailable()));
    if (!choice) return rule;
    if (choice.reasoning)
      this.activity.add(choice.reasoning, 'reasoning', { goal: choice.type, reason: choice.reason });
    const why = choice.reasoning ? `${choice.reasoning} [${choice.reason}]` : choice.reason;
    return { type: choice.type, reason: `llm: ${why}`, setBy: 'agent' };
  }

  private async pursue(ctx: StepContext, type: GoalType): Promise<void> {
    const target = this.control.goal?.type === type ? this.control.goal.target : undefined;
    const finished = await pursueGoal(ctx, type, { skip: this.skip, quests: this.quests, target });
    if (!finished) return;
    // A one-off goal is done: an owner's chat command for it ends; questing with nothing left idles.
    if (this.command?.kind === 'goal' && this.command.goal === type) this.command = null;
    else if (type === 'questing') await idleStep(ctx);
  }

  /** Closes the open goal of the goal history (the agent stopped or lost its connection). */
  private endGoal(): void {
    this.goals.end(this.bot?.world.tick);
  }

  /** The goal as reported to the server and shown by the REST API (null while idle). */
  goal(): Goal | null {
    return reportedGoal(this.current, this.bot?.world.player, this.quests, this.control.goal?.target);
  }

  /** Goals the runtime cannot pursue now although the player state allows them. */
  private unavailable(): ReadonlySet<GoalType> {
    return new Set<GoalType>(this.quests.allDone ? ['questing'] : []);
  }

  private report(ctx: StepContext): void {
    const goal = this.goal();
    const key = JSON.stringify(goal);
    if (key === this.lastReport || ctx.bot.client.state !== 'open') return;
    this.lastReport = key;
    try {
      ctx.bot.client.send('agent:report', { goal });
    } catch (err) {
      // Sent again at the next step.
      this.lastReport = '';
      this.activity.add(`could not report the goal: ${errorText(err)}`);
    }
  }

  private async answer(text: string): Promise<void> {
    const llm = this.deps.llm;
    const bot = this.bot;
    if (!llm || !bot) return;
    const reply = await llm.reply(this.record.name, text);
    if (reply) this.activity.add(`answered: ${reply.slice(0, 80)}`, 'chat');
    if (reply) await bot.actions.say(reply.slice(0, 80)).catch(logFailure(this.log, 'answering the owner'));
  }
}
