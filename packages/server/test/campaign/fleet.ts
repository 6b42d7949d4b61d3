/**
 * The players' loops: each bot picks a random action (seeded), finds a partner for two-player
 * actions among the idle bots, runs it under a deadline, waits a random moment (the workload's
 * pace) and goes again, as long as the campaign's phase is `running`. The campaign pauses the
 * fleet (and waits for every action to end) before it stops the server or checks the database.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { ConnectionClosedError, GameError, NotConnectedError, TimeoutError } from '@tilerealm/sdk';
import { ACTIONS, PAIRED, type Act, type ActionKind } from './actions';
import { describe, type CampaignBot, type Control } from './bots';
import type { WorldFacts } from './world-facts';

/** Longest an action may take before it is abandoned (its later steps are not sent). */
const ACTION_DEADLINE_MS = 30_000;

const WEIGHTS: Record<ActionKind, number> = {
  trade: 4,
  bank: 2,
  shop: 2,
  drop: 2,
  pickup: 2,
  die: 1,
  pvp: 1,
  reclaim: 1,
};

export class Fleet {
  private loops: Array<Promise<void>> = [];

  constructor(
    readonly bots: CampaignBot[],
    private readonly ctl: Control,
    private readonly facts: WorldFacts,
  ) {}

  start(): void {
    this.loops = this.bots.map((b) => this.loop(b));
  }

  /** Lets the bots act (again). */
  resume(): void {
    this.ctl.phase = 'running';
    this.ctl.signal.notify();
  }

  /** Stops new actions and resolves when no bot is busy any more (or throws past the deadline). */
  async pause(deadline: number): Promise<void> {
    if (this.ctl.phase === 'running') this.ctl.phase = 'paused';
    this.ctl.signal.notify();
    while (this.bots.some((b) => b.busy)) {
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `players still busy after the deadline: ${this.bots
            .filter((b) => b.busy)
            .map((b) => b.label)
            .join(', ')}`,
        );
      const timer = new AbortController();
      await Promise.race([
        this.ctl.signal.next(),
        sleep(left, undefined, { signal: timer.signal }).catch(() => undefined),
      ]);
      timer.abort();
    }
  }

  /** Ends every loop (after `pause`). */
  async finish(): Promise<void> {
    this.ctl.phase = 'finished';
    this.ctl.signal.notify();
    await Promise.all(this.loops);
  }

  private async loop(bot: CampaignBot): Promise<void> {
    for (;;) {
      // Wait for the phase to be running, for no other bot to be driving this one, and for a connection.
      while (
        this.ctl.phase !== 'finished' &&
        (this.ctl.phase !== 'running' || bot.reservedBy || !bot.online)
      ) {
        if (this.ctl.phase === 'running' && !bot.reservedBy && !bot.online && this.ctl.serverUp) {
          await this.reconnect(bot);
          continue;
        }
        await this.ctl.signal.next();
      }
      if (this.ctl.phase === 'finished') return;
      bot.busy = true;
      try {
        await this.act(bot);
      } finally {
        bot.busy = false;
        this.ctl.signal.notify();
      }
      // The workload's pace: a random pause between one player's actions.
      await sleep(bot.rng.int(50, 400));
    }
  }

  /** A player dropped while the server kept running (a database fault, a kick): log in again. */
  private async reconnect(bot: CampaignBot): Promise<void> {
    bot.busy = true;
    try {
      await bot.disconnect();
      await bot.connect(Date.now() + 20_000);
      this.ctl.journal.count('relogin:ok');
    } catch (err) {
      this.ctl.journal.count('relogin:failed');
      this.ctl.log(`${bot.label}: ${describe(err)}`);
      // Until the next change of phase: the campaign notices players it cannot get back in.
      bot.busy = false;
      this.ctl.signal.notify();
      await this.ctl.signal.next();
    } finally {
      bot.busy = false;
      this.ctl.signal.notify();
    }
  }

  private pickAction(bot: CampaignBot): ActionKind {
    const weights = { ...WEIGHTS };
    if (!this.facts.pvp) weights.pvp = 0;
    if (bot.graves.length === 0) weights.reclaim = 0;
    if ((bot.sdk?.world.groundItems.size ?? 0) === 0) weights.pickup = 0;
    if ((bot.sdk?.world.freeSlots ?? 0) < 4) return 'bank';
    return bot.rng.weighted(weights);
  }

  private partnerFor(bot: CampaignBot): CampaignBot | undefined {
    const idle = this.bots.filter((b) => b !== bot && !b.busy && !b.reservedBy && b.online);
    return bot.rng.pick(idle);
  }

  private async act(bot: CampaignBot): Promise<void> {
    let kind = this.pickAction(bot);
    let partner: CampaignBot | undefined;
    if (PAIRED.has(kind)) {
      partner = this.partnerFor(bot);
      if (!partner) kind = 'drop';
      else partner.reservedBy = bot;
    }
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), ACTION_DEADLINE_MS);
    const a: Act = { bot, partner, facts: this.facts, ctl: this.ctl, signal: abort.signal };
    try {
      const outcome = await ACTIONS[kind](a);
      this.ctl.journal.count(`${kind}:${outcome}`);
      this.ctl.log(`${bot.label}${partner ? ` + ${partner.label}` : ''}: ${kind} ${outcome}`);
    } catch (err) {
      const code =
        err instanceof GameError
          ? err.code
          : !bot.online || err instanceof ConnectionClosedError || err instanceof NotConnectedError
            ? 'disconnected'
            : err instanceof TimeoutError
              ? 'timeout'
              : abort.signal.aborted
                ? 'deadline'
                : 'error';
      this.ctl.journal.count(`${kind}:${code}`);
      this.ctl.log(`${bot.label}${partner ? ` + ${partner.label}` : ''}: ${kind} failed: ${describe(err)}`);
    } finally {
      clearTimeout(timer);
      abort.abort();
      if (partner) partner.reservedBy = undefined;
    }
  }
}
