/**
 * How the load benchmark's bots join the world: each one logs in as a new guest, enters the admin
 * code and teleports to its place as soon as it is welcomed, so the world never holds a crowd on the
 * spawn; a few bots join at a time, paced by the server's recent ticks and event-loop delay.
 */
import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  decodeFrame,
  encodeEnvelope,
  envelopesOf,
  MSGPACK_SUBPROTOCOL,
  type WireFormat,
} from '@tilerealm/protocol';
import { WebSocket } from 'ws';
import { tickTotals, type TickTotals } from './server-process';

/** The admin code the bench's server runs with (bots teleport with /tele). */
export const ADMIN_CODE = 'bench-admin-code';

export interface Bot {
  ws: WebSocket;
  /** Payload bytes of the frames received (decompressed), since the last reset. */
  bytes: number;
  /** The TCP socket under the WebSocket (its bytesRead: what came over the wire, compressed). */
  socket: Socket | undefined;
  /** `socket.bytesRead` when the measured window began. */
  wireStart: number;
  frames: number;
  /** Frames and events received in the measured window. */
  measuredFrames: number;
  events: number;
  x: number;
  z: number;
  /** Fighters keep attacking NPCs in view; gatherers gather one resource; the others walk and chat. */
  fighter: boolean;
  /** The resource a gatherer works (an object id), or undefined. */
  resource: string | undefined;
  /** A gatherer's inventory as last sent, and whether it is gathering right now. */
  slots: Array<{ slot: number; itemId: string }>;
  gathering: boolean;
  gathered: number;
  /** Attackable NPCs in view (fighters only): handle -> id. */
  npcs: Map<number, string>;
  target: string | undefined;
  /** Killed since the driver last looked (it then teleports back to its place); deaths in the measured window. */
  died: boolean;
  deaths: number;
  kills: number;
  hits: number;
}

/** Where a bot goes once in the world, and what it does there. */
export interface Place {
  x: number;
  z: number;
  fighter: boolean;
  resource: string | undefined;
}

/** What a bot does with each frame's envelopes (after counting them). */
export type Watch = (bot: Bot, messages: Envelope[]) => void;

/** One frame's envelopes (a frame is one envelope or an array of them). */
export type Envelope = { event: string; data: Record<string, unknown>; rid?: unknown };

/** A frame's envelopes, in the connection's format. */
function envelopes(data: Buffer, isBinary: boolean, format: WireFormat): Envelope[] {
  const decoded = decodeFrame(data, isBinary, format);
  if (!decoded.ok) throw new Error(`a bot got a bad frame: ${decoded.message}`);
  return envelopesOf(decoded.value) as Envelope[];
}

/** A bot's login, admin rights and teleport together: past this it is given up (and retried). */
const JOIN_TIMEOUT_MS = 60_000;

/**
 * Connects a bot and moves it to its place, retrying a refused handshake (the server sheds upgrades
 * with 503 while its event loop lags) or a join that failed, up to 10 times, a second apart more each
 * time, but not past `deadline` (a performance.now() time).
 */
async function joinWithRetry(
  url: string,
  place: Place,
  watch: Watch,
  deadline: number,
  format: WireFormat,
): Promise<Bot> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await join(url, place, watch, format);
    } catch (err) {
      if (attempt >= 10 || performance.now() + 1000 * attempt > deadline) throw err;
      await sleep(1000 * attempt);
    }
  }
}

/**
 * Connects a bot as a new guest and, as soon as it is welcomed, enters the admin code then
 * teleports to its place (each step waits for the previous one's ack): it resolves once the world
 * has moved the player there, so it stands on the spawn for a tick or two only. Every frame, from
 * the first, is counted and passed to `watch`.
 */
function join(url: string, place: Place, watch: Watch, format: WireFormat): Promise<Bot> {
  return new Promise((resolve, reject) => {
    // permessage-deflate offered, as browsers and the SDK do (frames come compressed when the
    // server has compression on); msgpack asked for unless `format` is json, as the SDK does.
    const protocols = format === 'msgpack' ? [MSGPACK_SUBPROTOCOL] : [];
    const ws = new WebSocket(url, protocols, { perMessageDeflate: true });
    const bot: Bot = {
      ...place,
      ws,
      bytes: 0,
      socket: undefined,
      wireStart: 0,
      frames: 0,
      measuredFrames: 0,
      events: 0,
      slots: [],
      gathering: false,
      gathered: 0,
      npcs: new Map(),
      target: undefined,
      died: false,
      deaths: 0,
      kills: 0,
      hits: 0,
    };
    let step: 'welcome' | 'admin' | 'tele' | 'ready' | 'failed' = 'welcome';
    const fail = (err: Error) => {
      if (step === 'ready' || step === 'failed') return; // a placed bot's later socket error ends nothing here
      step = 'failed';
      clearTimeout(timer);
      ws.terminate();
      reject(err);
    };
    const timer = setTimeout(() => fail(new Error(`a bot's join timed out (${step} step)`)), JOIN_TIMEOUT_MS);
    const request = (rid: 'admin' | 'tele', message: string) => {
      step = rid;
      ws.send(encodeEnvelope({ event: 'player:chat', data: { message }, rid }, format));
    };
    ws.once('upgrade', (res) => (bot.socket = res.socket as Socket));
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      const messages = envelopes(data, isBinary, format);
      bot.bytes += data.length;
      bot.frames++;
      bot.measuredFrames++;
      bot.events += messages.length;
      if (step !== 'ready')
        for (const m of messages) {
          if (step === 'welcome' && m.event === 'session:welcome') request('admin', `/admin ${ADMIN_CODE}`);
          else if (m.rid !== step) continue;
          else if (m.event === 'error')
            fail(new Error(`a bot's ${step} failed: ${String(m.data['message'])}`));
          else if (m.event !== 'ack') continue;
          else if (step === 'admin') request('tele', `/tele ${place.x} ${place.z}`);
          else {
            step = 'ready';
            clearTimeout(timer);
            resolve(bot);
          }
        }
      watch(bot, messages);
    });
    ws.on('close', (code) => fail(new Error(`a bot's socket closed (${code}) during its ${step} step`)));
    ws.on('error', fail);
  });
}

/** Bots joining at once (at most this many stand on the spawn at any time). */
const JOINING = 50;
/** A join waits while the server's recent ticks (step and delivery) take longer: 3/4 of a tick. */
const PACE_TICK_MS = 450;
/** A join waits while the server's mean event-loop delay since the last check is longer (it sheds at 1 s). */
const PACE_LOOP_DELAY_MS = 250;

/**
 * Lets joins start while the server keeps up: its ticks since the previous check took PACE_TICK_MS
 * or less on average and its event loop lagged PACE_LOOP_DELAY_MS or less. A passed check holds for
 * a tick; one check at a time, shared by every join waiting for it.
 */
class Pacer {
  recentTickMs = 0;
  loopDelayMs = 0;
  private okUntil = 0;
  private checking: Promise<void> | undefined;

  private constructor(
    private readonly base: string,
    private last: TickTotals,
  ) {}

  static async start(base: string): Promise<Pacer> {
    return new Pacer(base, await tickTotals(base));
  }

  ready(deadline: number, placed: () => string): Promise<void> {
    if (performance.now() < this.okUntil) return Promise.resolve();
    this.checking ??= this.check(deadline, placed).finally(() => (this.checking = undefined));
    return this.checking;
  }

  private async check(deadline: number, placed: () => string): Promise<void> {
    for (let waits = 0; ; waits++) {
      if (performance.now() > deadline)
        throw new Error(
          `the ramp ran out of time: ${placed()}, recent ticks ${this.recentTickMs} ms, event-loop delay ${this.loopDelayMs} ms`,
        );
      const now = await tickTotals(this.base).catch((err: unknown) => {
        // A server too busy to answer within 30 s is not keeping up: wait (up to the deadline).
        console.log(`  ${placed()}: the server's /metrics did not answer (${String(err)}); waiting`);
        return undefined;
      });
      if (now === undefined) {
        await sleep(600);
        continue;
      }
      this.loopDelayMs = Math.round(now.loopDelayMs);
      if (now.ticks - this.last.ticks >= 2) {
        this.recentTickMs = Math.round((now.ms - this.last.ms) / (now.ticks - this.last.ticks));
        this.last = now;
        if (this.recentTickMs <= PACE_TICK_MS && this.loopDelayMs <= PACE_LOOP_DELAY_MS) {
          this.okUntil = performance.now() + 600;
          return;
        }
        if (waits % 10 === 0)
          console.log(
            `  ${placed()}: the server's recent ticks take ${this.recentTickMs} ms, its event loop lags ${this.loopDelayMs} ms; waiting`,
          );
      }
      await sleep(600);
    }
  }
}

/**
 * Brings every bot into the world, JOINING at a time, each moved to its place as soon as it is in
 * (so the spawn never holds more than JOINING players), each join starting only while the server
 * keeps up (Pacer). Adds the bots to `bots` in the order of `places` (each frame of theirs goes to
 * `watch`), also those placed before a failure; fails past `deadline` (a performance.now() time).
 */
export async function ramp(
  base: string,
  port: number,
  places: Place[],
  watch: Watch,
  bots: Bot[],
  deadline: number,
  format: WireFormat,
): Promise<void> {
  const t0 = performance.now();
  const pacer = await Pacer.start(base);
  const placed: Array<Bot | undefined> = [];
  let count = 0;
  let next = 0;
  let failed = false;
  const progress = () => `${count} of ${places.length} bots at their places`;
  const joiner = async () => {
    while (!failed && next < places.length) {
      await pacer.ready(deadline, progress);
      const i = next++;
      const place = places[i];
      if (failed || place === undefined) return;
      placed[i] = await joinWithRetry(`ws://127.0.0.1:${port}/ws`, place, watch, deadline, format);
      if (++count % 500 === 0)
        console.log(
          `  ${progress()} after ${((performance.now() - t0) / 1000).toFixed(1)} s (recent ticks ${pacer.recentTickMs} ms, event-loop delay ${pacer.loopDelayMs} ms)`,
        );
    }
  };
  const joiners = await Promise.allSettled(
    Array.from({ length: JOINING }, () =>
      joiner().catch((err: unknown) => {
        failed = true;
        throw err;
      }),
    ),
  );
  for (const bot of placed) if (bot) bots.push(bot);
  const failure = joiners.find((j) => j.status === 'rejected');
  if (failure) throw failure.reason;
}
