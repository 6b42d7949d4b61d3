/**
 * The campaign's players: SDK bots (a GameClient with its world model) that log in again with
 * their token after every restart, feed the journal with what the server tells them (trades
 * completed, piles seen) and keep their gravestones to reclaim. Each runs a loop of random
 * economy actions while the campaign lets it (`Control.phase === 'running'`).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { ServerPayload } from '@tilerealm/protocol';
import { Bot, ConnectionClosedError, type GameClient } from '@tilerealm/sdk';
import type { Journal } from './journal';
import type { Rng } from './rng';

export type Phase = 'running' | 'paused' | 'finished';

/** A wake-up for everyone waiting on a change of phase, a release or the end of an action. */
export class Signal {
  private waiters: Array<() => void> = [];

  next(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  notify(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const fn of w) fn();
  }
}

/** What the bots share with the campaign. */
export interface Control {
  phase: Phase;
  /** False while the server is down (killed, or being restarted). */
  serverUp: boolean;
  readonly signal: Signal;
  readonly journal: Journal;
  wsUrl: string;
  adminCode: string;
  incarnation: number;
  round: number;
  readonly startedAt: number;
  log(line: string): void;
}

type Graves = ServerPayload<'gravestone:update'>['gravestones'];

export class CampaignBot {
  sdk: Bot | undefined;
  token: string | undefined;
  id = '';
  name = '';
  /** True while the bot acts or logs in: the campaign waits for no bot to be busy before a check. */
  busy = false;
  /** The bot that drives this one's client in a two-player action. */
  reservedBy: CampaignBot | undefined;
  graves: Graves = [];
  /** Partner of each trade this bot started (tradeStarted), for its tradeCompleted. */
  private readonly partners = new Map<string, string>();

  constructor(
    readonly index: number,
    readonly rng: Rng,
    private readonly ctl: Control,
  ) {}

  get client(): GameClient {
    if (!this.sdk) throw new Error(`bot ${this.index} is not connected`);
    return this.sdk.client;
  }

  get online(): boolean {
    return this.sdk?.client.state === 'open';
  }

  get label(): string {
    return this.name || `bot ${this.index}`;
  }

  /** Subscribes the journal to this client's events (before its socket opens: nothing is missed). */
  private listen(c: GameClient, incarnation: number): void {
    const j = this.ctl.journal;
    c.on('world:update', (u) => {
      for (const g of u.itemsAdded ?? []) j.sawPile(incarnation, u.tick, g);
    });
    c.on('tradeStarted', (t) => void this.partners.set(t.tradeId, t.partnerId));
    c.on('tradeCompleted', (t) => {
      j.tradeAcks.push({
        incarnation,
        round: this.ctl.round,
        tradeId: t.tradeId,
        playerId: this.id,
        partnerId: this.partners.get(t.tradeId) ?? '?',
        given: t.givenItems,
        received: t.receivedItems,
        atMs: Date.now() - this.ctl.startedAt,
      });
    });
    c.on('gravestone:update', (g) => {
      this.graves = g.gravestones;
    });
    c.lifecycle.on('disconnected', ({ code, byClient }) => {
      if (byClient || !this.ctl.serverUp) return;
      j.drops.set(code, (j.drops.get(code) ?? 0) + 1);
      this.ctl.log(`${this.label} disconnected by the running server: close ${code}`);
    });
  }

  /**
   * Logs in (the first time without a token: a new guest character) and becomes an administrator
   * (teleports, self-inflicted hits). A refused login (4004 save pending, 4009 database
   * unreachable, a socket that does not open yet) is retried until `deadline`, while the
   * campaign says the server is up.
   */
  async connect(deadline: number): Promise<void> {
    const incarnation = this.ctl.incarnation;
    let delay = 200;
    for (;;) {
      try {
        const sdk = await Bot.connect({
          url: this.ctl.wsUrl,
          reconnect: false,
          requestTimeoutMs: 15_000,
          connectTimeoutMs: 15_000,
          ...(this.token ? { token: this.token } : {}),
          beforeConnect: (c) => this.listen(c, incarnation),
        });
        this.sdk = sdk;
        this.token ??= sdk.client.token;
        this.id = sdk.playerId;
        this.name = sdk.world.player?.name ?? this.name;
        await sdk.client.request('player:chat', { message: `/admin ${this.ctl.adminCode}` });
        return;
      } catch (err) {
        await this.sdk?.close().catch(() => undefined);
        this.sdk = undefined;
        if (Date.now() + delay > deadline || !this.ctl.serverUp)
          throw new Error(`${this.label} could not log in: ${describe(err)}`, { cause: err });
        // A refused login has nothing to wait on but time: the documented remedy is to retry shortly.
        await sleep(delay);
        delay = Math.min(2_000, delay * 2);
      }
    }
  }

  async disconnect(): Promise<void> {
    const sdk = this.sdk;
    this.sdk = undefined;
    await sdk?.close().catch(() => undefined);
  }
}

export function describe(err: unknown): string {
  if (err instanceof ConnectionClosedError)
    return `closed ${err.code}${err.reason ? ` (${err.reason})` : ''}`;
  if (err instanceof Error) return `${err.name === 'Error' ? '' : `${err.name}: `}${err.message}`;
  return String(err);
}
