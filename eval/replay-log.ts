/**
 * Replays a recorded input log (INPUT_LOG, see docs/evaluation.md) on a fresh world: every tick's
 * state hash is checked against the recorded one, and each character's final state is recomputed
 * from what the world hands to storage (its saves) and, for those still in the world at the end, a
 * snapshot taken after the last tick, exactly as the server's shutdown saves them.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import type { Content } from '../packages/server/src/content/content-types';
import type { Command, PlayerRecord } from '../packages/server/src/sim/core/types';
import { snapshotOf } from '../packages/server/src/sim/core/snapshot';
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

export interface ReplayOutcome {
  seed: number;
  tickMs: number;
  ticks: number;
  lastTick: number;
  /** The first tick whose replayed state hash differs from the recorded one (then the replay stopped). */
  divergence?: { tick: number; recorded: number; replayed: number };
  /** Each character's record as the world first received it (its first login). */
  firstLogin: Map<string, PlayerRecord>;
  /** Each character's last saved state (its final save, or its state after the last tick). */
  final: Map<string, PlayerRecord>;
}

export async function replayInputLog(file: string, content: Content): Promise<ReplayOutcome> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  let world: World | undefined;
  let outcome: ReplayOutcome | undefined;
  for await (const line of lines) {
    if (line.trim() === '') continue;
    const json: unknown = JSON.parse(line);
    if (!world || !outcome) {
      const h = header.parse(json);
      world = new World({
        content,
        map: buildTileMap(content),
        seed: h.seed,
        ...(h.runId !== undefined ? { runId: h.runId } : {}),
        features: FEATURES,
        settings: { tickMs: h.tickMs },
      });
      outcome = {
        seed: h.seed,
        tickMs: h.tickMs,
        ticks: 0,
        lastTick: 0,
        firstLogin: new Map(),
        final: new Map(),
      };
      continue;
    }
    const t = tickLine.parse(json);
    for (const c of t.commands) {
      if (c.type === 'login' && !outcome.firstLogin.has(c.record.id))
        outcome.firstLogin.set(c.record.id, structuredClone(c.record));
      world.enqueue(c);
    }
    world.step();
    world.drainOutbox();
    for (const e of world.drainEffects()) {
      if (e.type === 'save') outcome.final.set(e.snapshot.id, e.snapshot);
      else if (e.type === 'deathLock' || e.type === 'persist')
        for (const s of e.snapshots) outcome.final.set(s.id, s);
    }
    const hash = world.hash();
    if (world.tick !== t.tick || hash !== t.hash) {
      outcome.divergence = { tick: t.tick, recorded: t.hash, replayed: hash };
      return outcome;
    }
    outcome.ticks++;
    outcome.lastTick = t.tick;
  }
  if (!world || !outcome) throw new Error(`${file} has no header: not an input log`);
  // The server's shutdown saves everyone still in the world as they are after the last tick.
  for (const p of world.players.values()) outcome.final.set(p.id, snapshotOf(world, p));
  return outcome;
}
