/**
 * `npm run bench [-- <name> [--flag value ...]]`: runs the benchmarks, which print figures (never
 * pass/fail). Names: http, pathfinding, tick, load, worlds, client. Without a name, all of them but
 * `worlds` (which needs PostgreSQL's binaries and redis-server) and `client` (which needs chromium)
 * run with their defaults.
 */
import { parseArgs } from 'node:util';
import { runClientBench } from './client';
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
    }),
  load: () =>
    runLoadBench({
      players: positiveInt('players', values.players),
      seconds: positiveInt('load-seconds', values['load-seconds']),
      fighters: nonNegativeInt('fighters', values.fighters),
      gatherers: nonNegativeInt('gatherers', values.gatherers),
    }),
  worlds: () =>
    runWorldsBench({
      worlds: positiveInt('worlds', values.worlds),
      players: positiveInt('players', values.players),
      seconds: positiveInt('load-seconds', values['load-seconds']),
    }),
  client: () => runClientBench({ runs: positiveInt('runs', values.runs) }),
};

const selected =
  positionals.length > 0 ? positionals : Object.keys(benches).filter((b) => b !== 'worlds' && b !== 'client');
for (const name of selected) {
  const bench = benches[name];
  if (!bench) {
    console.error(`unknown benchmark ${name}; choose from ${Object.keys(benches).join(', ')}`);
    process.exit(2);
  }
  console.log(`== ${name}`);
  await bench();
}
