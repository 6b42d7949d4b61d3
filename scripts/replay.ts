/**
 * `npm run replay -- <input-log.ndjson> [--manifests <dir>]`: replays a recorded world offline (see
 * INPUT_LOG) and checks that every tick reproduces the recorded state hash. Exits 1 on the first
 * divergence, naming the tick.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { BUNDLED_MANIFESTS_DIR } from '../packages/server/src/app/paths';
import { loadContent } from '../packages/server/src/content/load';
import type { Command } from '../packages/server/src/sim/core/types';
import { World } from '../packages/server/src/sim/core/world';
import { FEATURES } from '../packages/server/src/sim/features';
import { buildTileMap } from '../packages/server/src/sim/map/build-tile-map';

const header = z.object({
  type: z.literal('header'),
  seed: z.number().int(),
  tickMs: z.number(),
  /** The run's name, part of saved ids (absent in logs recorded before runs were named). */
  runId: z.string().min(1).max(16).optional(),
  version: z.literal(1),
});
// Commands were produced by the server from validated input; they are replayed as recorded.
const tickLine = z.object({
  type: z.literal('tick'),
  tick: z.number().int(),
  hash: z.number().int(),
  commands: z.array(z.custom<Command>((v) => typeof v === 'object' && v !== null && 'type' in v)),
});

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { manifests: { type: 'string' } },
});
const file = positionals[0];
if (!file) {
  console.error('usage: npm run replay -- <input-log.ndjson> [--manifests <dir>]');
  process.exit(2);
}

const content = await loadContent(values.manifests ?? BUNDLED_MANIFESTS_DIR);
const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
let world: World | undefined;
let ticks = 0;
for await (const line of lines) {
  if (line.trim() === '') continue;
  const json: unknown = JSON.parse(line);
  if (!world) {
    const h = header.parse(json);
    world = new World({
      content,
      map: buildTileMap(content),
      seed: h.seed,
      ...(h.runId !== undefined ? { runId: h.runId } : {}),
      features: FEATURES,
      settings: { tickMs: h.tickMs },
    });
    console.log(`replaying ${file} (seed ${h.seed})`);
    continue;
  }
  const t = tickLine.parse(json);
  for (const c of t.commands) world.enqueue(c);
  world.step();
  world.drainOutbox();
  world.drainEffects();
  const hash = world.hash();
  if (world.tick !== t.tick || hash !== t.hash) {
    console.error(
      `diverged at tick ${t.tick}: recorded hash ${t.hash}, replayed ${hash} (tick ${world.tick})`,
    );
    process.exit(1);
  }
  ticks++;
}
console.log(`replayed ${ticks} ticks: every state hash matches`);
