/**
 * `npm run bench [-- <name> [--flag value ...]]`: runs the benchmarks, which print figures (never
 * pass/fail). Names: http, pathfinding, tick, load, crowd, tick-5000, load-5000, worlds, client.
 * Without a name, http, pathfinding, tick and load run with their defaults; the others are opt-in:
 * `crowd` (500 bots in 30×30 tiles), `tick-5000` and `load-5000` (the 5,000-player runs: 200
 * fighting, 200 gathering; several minutes each), `worlds` (needs PostgreSQL's binaries and
 * redis-server) and `client` (needs chromium).
 */
import { parseArgs } from 'node:util';
import type { WireFormat } from '@tilerealm/protocol';
import { DEFAULT_VIEW_THREAD_FROM } from '../packages/server/src/app/config-world';
import { runClientBench } from './client';
import { runCrowdBench } from './crowd';
import { runHttpBench } from './http';
import { runLoadBench } from './load';
import { runPathfindingBench } from './pathfinding';
import { runTickBench } from './tick';
import { runWorldsBench } from './worlds';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    connections: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '5' },
    queries: { type: 'string', default: '2000' },
    players: { type: 'string', default: '500' },
    fighters: { type: 'string', default: '100' },
    gatherers: { type: 'string', default: '100' },
    'load-seconds': { type: 'string', default: '30' },
    ticks: { type: 'string', default: '300' },
    worlds: { type: 'string', default: '2' },
    runs: { type: 'string', default: '5' },
    'view-crowd': { type: 'string' },
    'view-thread-from': { type: 'string' },
    breakdown: { type: 'boolean', default: false },
    paced: { type: 'boolean', default: false },
    wire: { type: 'boolean', default: false },
    format: { type: 'string', default: 'msgpack' },
  },
});

function positiveInt(name: string, raw: string): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer`);
  return n;
}

function nonNegativeInt(name: string, raw: string): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a non-negative integer`);
  return n;
}

/** `--format json|msgpack` (socket benchmarks): the bots' wire format (default msgpack, as the SDK asks for). */
function formatOf(raw: string): WireFormat {
  if (raw !== 'json' && raw !== 'msgpack') throw new Error('--format must be json or msgpack');
  return raw;
}
const format = formatOf(values.format);

/** `--view-crowd N` (tick benchmarks): the world's VIEW_CROWD setting (default: the server's). */
const viewCrowd =
  values['view-crowd'] === undefined ? undefined : positiveInt('view-crowd', values['view-crowd']);

/**
 * `--view-thread-from N` (tick benchmarks): the players from which the views are scanned on a worker
 * thread, 0 for never (default: the server's). The socket benchmarks' server reads VIEW_THREAD_FROM.
 */
const viewThreadFrom =
  values['view-thread-from'] === undefined
    ? DEFAULT_VIEW_THREAD_FROM
    : nonNegativeInt('view-thread-from', values['view-thread-from']);

const benches: Record<string, () => Promise<void>> = {
  http: () =>
    runHttpBench({
      connections: positiveInt('connections', values.connections),
      seconds: positiveInt('seconds', values.seconds),
    }),
  pathfinding: () => runPathfindingBench({ queries: positiveInt('queries', values.queries) }),
  tick: () =>
    runTickBench({
      players: positiveInt('players', values.players),
      fighters: nonNegativeInt('fighters', values.fighters),
      gatherers: nonNegativeInt('gatherers', values.gatherers),
      ticks: positiveInt('ticks', values.ticks),
      viewCrowd,
      viewThreadFrom,
      breakdown: values.breakdown,
      wire: values.wire,
      paced: values.paced,
    }),
  load: () =>
    runLoadBench({
      players: positiveInt('players', values.players),
      seconds: positiveInt('load-seconds', values['load-seconds']),
      fighters: nonNegativeInt('fighters', values.fighters),
      gatherers: nonNegativeInt('gatherers', values.gatherers),
      format,
    }),
  crowd: () =>
    runCrowdBench({
      players: positiveInt('players', values.players),
      seconds: positiveInt('load-seconds', values['load-seconds']),
      format,
    }),
  // The 5,000-player preset (flags other than the mix still apply).
  'tick-5000': () =>
    runTickBench({
      players: 5000,
      fighters: 200,
      gatherers: 200,
      ticks: positiveInt('ticks', values.ticks),
      viewCrowd,
      viewThreadFrom,
      breakdown: values.breakdown,
      wire: values.wire,
      paced: values.paced,
    }),
  'load-5000': () =>
    runLoadBench({
      players: 5000,
      fighters: 200,
      gatherers: 200,
      seconds: positiveInt('load-seconds', values['load-seconds']),
      format,
    }),
  worlds: () =>
    runWorldsBench({
      worlds: positiveInt('worlds', values.worlds),
      players: positiveInt('players', values.players),
      seconds: positiveInt('load-seconds', values['load-seconds']),
    }),
  client: () => runClientBench({ runs: positiveInt('runs', values.runs) }),
};

const DEFAULT_BENCHES = ['http', 'pathfinding', 'tick', 'load'];
const selected = positionals.length > 0 ? positionals : DEFAULT_BENCHES;
for (const name of selected) {
  const bench = benches[name];
  if (!bench) {
    console.error(`unknown benchmark ${name}; choose from ${Object.keys(benches).join(', ')}`);
    process.exit(2);
  }
  console.log(`== ${name}`);
  await bench();
}
