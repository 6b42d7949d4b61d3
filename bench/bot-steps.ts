/**
 * What the socket benchmarks' bots do each tick, shared by `load` and `worlds`: send a frame, draw
 * from a seeded generator, and wander (walk or run to a nearby tile 1 time in 5, chat 1 in 60).
 */
import { encodeEnvelope, MSGPACK_SUBPROTOCOL } from '@tilerealm/protocol';
import { WebSocket } from 'ws';

/** The part of a bot the shared steps need. */
export interface WanderingBot {
  ws: WebSocket;
  x: number;
  z: number;
}

/** Sends one event while the bot's socket is open, in the format its connection agreed (msgpack or JSON). */
export function send(bot: WanderingBot, event: string, data: object): void {
  if (bot.ws.readyState !== WebSocket.OPEN) return;
  const format = bot.ws.protocol === MSGPACK_SUBPROTOCOL ? 'msgpack' : 'json';
  bot.ws.send(encodeEnvelope({ event, data } as Parameters<typeof encodeEnvelope>[0], format));
}

/** A seeded integer generator: `rand(n)` is in [0, n). Same seed, same bots' behaviour. */
export function seededRand(seed: number): (n: number) => number {
  let state = seed;
  return (n) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state % n;
  };
}

/** One tick of wandering for `bot` (tick number `n`, for the chat text). */
export function wander(bot: WanderingBot, n: number, rand: (n: number) => number): void {
  if (rand(5) === 0)
    send(bot, 'player:move', { x: bot.x + rand(21) - 10, z: bot.z + rand(21) - 10, run: rand(2) === 0 });
  if (rand(60) === 0) send(bot, 'player:chat', { message: `bot chatter ${n}` });
}

/** One tick of wandering inside an area: walk or run to one of its tiles 1 time in 5, chat 1 in 60. */
export function wanderIn(
  bot: WanderingBot,
  n: number,
  rand: (n: number) => number,
  area: ReadonlyArray<{ x: number; z: number }>,
): void {
  const to = area[rand(area.length)];
  if (rand(5) === 0 && to) send(bot, 'player:move', { x: to.x, z: to.z, run: rand(2) === 0 });
  if (rand(60) === 0) send(bot, 'player:chat', { message: `bot chatter ${n}` });
}
