/**
 * Tick benchmark: the simulation alone, in this process, with no network: N players on the
 * default world (spread over distinct walkable tiles; 1 in 5 asks to walk or run each tick, 1 in
 * 60 chats) of which the first `--fighters` stand by attackable NPCs and attack them one after
 * another, and the next `--gatherers` (with an axe, a pickaxe and a net) gather the nearest tree,
 * rock or fishing spot, dropping what they gathered when the inventory is full. After a warm-up of
 * 100 ticks it measures `--ticks` ticks and prints the per-phase and total p50/p99 of `World.step`
 * in milliseconds, the p50/p99 of encoding each tick's events into one msgpack frame per player
 * (the outbound delivery without the sockets, in the SDK's default format), the bytes of those frames
 * per player per second (mean and p99 over players), and as JSON text frames (with `--wire`, also on
 * the wire with permessage-deflate: bench/deflate-meter.ts; opt-in, as its compressors' garbage and
 * zlib bookkeeping would otherwise weigh on the steps measured), and the process's RSS growth per
 * player (RSS once the world is built, before anyone logs in, against RSS after the run), then one
 * JSON line. Set beside the load benchmark, it separates the world's own cost from the cost of the sockets and the bots sharing the CPU.
 *
 *   npm run bench -- tick [--players 2000] [--fighters 200] [--gatherers 200] [--ticks 300] [--view-crowd 40] [--wire] [--breakdown] [--paced]
 */
import type { Command } from '../packages/server/src/sim/core/types';
import { record } from './bench-player';
import { BUNDLED_MANIFESTS_DIR } from '../packages/server/src/app/paths';
import { loadContent } from '../packages/server/src/content/load';
import { World } from '../packages/server/src/sim/core/world';
import { FEATURES } from '../packages/server/src/sim/features';
import { buildTileMap } from '../packages/server/src/sim/map/build-tile-map';
import { encodeFrame } from '@tilerealm/protocol';
import { Packr } from 'msgpackr';
import { DeflateMeter } from './deflate-meter';
import { GcMeter } from './gc-meter';
import { walkableBeside } from './places';
import { percentile, perPlayerKB, perPlayerRates, rssPerPlayer, untilTickEnds } from './stats';
import { OBJECTS } from '../packages/server/src/sim/features/objects/state';
import { isDying } from '../packages/server/src/sim/features/death/state';
import { hasTarget } from '../packages/server/src/sim/features/combat/state';
import { startViewThread, stopViewThread } from '../packages/server/src/world/view-thread';
import { collectYoungGarbage } from '../packages/server/src/world/young-garbage';

export async function runTickBench(args: {
  players: number;
  fighters: number;
  gatherers: number;
  ticks: number;
  /** The world's viewCrowd setting (default: the server's default). */
  viewCrowd?: number | undefined;
  /** Players from which the views are scanned on a worker thread, as VIEW_THREAD_FROM (default 0: never). */
  viewThreadFrom?: number | undefined;
  /** Also print the outbound bytes by event and by world:update field (slower: encodes twice). */
  breakdown?: boolean | undefined;
  /** Also compress every frame as permessage-deflate would and print the bytes on the wire. */
  wire?: boolean | undefined;
  /** Each tick starts 600 ms after the previous one started, as the server's loop paces them (default: back to back). */
  paced?: boolean | undefined;
}): Promise<void> {
  const content = await loadContent(BUNDLED_MANIFESTS_DIR);
  const map = buildTileMap(content);
  const world = new World({
    content,
    map,
    seed: 1,
    features: FEATURES,
    clock: () => performance.now(),
    settings: args.viewCrowd === undefined ? {} : { viewCrowd: args.viewCrowd },
  });
  const rssBase = process.memoryUsage().rss;
  let seed = 12345;
  const rand = (n: number) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed % n;
  };
  const open: Array<{ x: number; z: number }> = [];
  for (let x = map.originX; x < map.originX + map.width; x++)
    for (let z = map.originZ; z < map.originZ + map.depth; z++)
      if (map.isWalkable(x, z) && map.connected({ x: 0, z: 0 }, { x, z })) open.push({ x, z });
  const arena: Array<{ x: number; z: number }> = [];
  for (const area of content.areas.values())
    for (const s of area.npcs)
      if (content.npcs.get(s.npcId)?.attackable)
        for (let dx = -3; dx <= 3; dx++)
          for (let dz = -3; dz <= 3; dz++)
            if (map.isWalkable(s.x + dx, s.z + dz)) arena.push({ x: s.x + dx, z: s.z + dz });
  // Gatherers stand next to trees, rocks and fishing spots (level-1 ones: anyone may gather them).
  const woods: Array<{ x: number; z: number }> = [];
  for (const o of OBJECTS.of(world).all()) {
    const def = o.kind === 'resource' ? content.resources.get(o.defId) : undefined;
    if (!def || (def.kind !== 'fishing_spot' && def.levelRequired > 1)) continue;
    woods.push(...walkableBeside(map, o.x, o.z));
  }
  const isGatherer = (i: number) => i >= args.fighters && i < args.fighters + args.gatherers;
  const home: Array<{ x: number; z: number }> = [];
  for (let i = 0; i < args.players; i++) {
    const spot = (i < args.fighters
      ? arena[rand(arena.length)]
      : isGatherer(i)
        ? woods[rand(woods.length)]
        : open[rand(open.length)]) ?? { x: 0, z: 0 };
    home.push(spot);
    const r = record(`p${i}`, spot.x, spot.z);
    if (isGatherer(i))
      r.inventory = ['bronze_axe', 'bronze_pickaxe', 'small_fishing_net'].map((itemId, slot) => ({
        slot,
        itemId,
        quantity: 1,
      }));
    world.enqueue({ type: 'login', record: r });
  }
  const GATHERING = new Set(['woodcutting', 'mining', 'fishing']);
  const TOOLS = new Set(['bronze_axe', 'bronze_pickaxe', 'small_fishing_net']);
  const client = (i: number, message: Extract<Command, { type: 'client' }>['message']): void =>
    world.enqueue({ type: 'client', playerId: `p${i}`, rid: undefined, message });
  const phases = new Map<string, number[]>();
  const totals: number[] = [];
  const encodings: number[] = [];
  const bytes = new Map<string, number>();
  const jsonBytes = new Map<string, number>();
  const deflate = args.wire ? new DeflateMeter() : undefined;
  const deflating: number[] = [];
  const parts = new Map<string, number>();
  /** The same by player (for the parts of the players sent the most). */
  const partsBy = new Map<string, Map<string, number>>();
  const viewers = new Map<string, SeenBy>();
  let kills = 0;
  let gathered = 0;
  const gc = new GcMeter();
  // The views' worker thread, as the host starts it, up before the measured ticks.
  const threadFrom = args.viewThreadFrom ?? 0;
  let viewThread = false;
  for (let t = 0; t < 100 + args.ticks; t++) {
    const started = performance.now();
    for (let i = 0; i < args.players; i++) {
      const spot = home[i] ?? { x: 0, z: 0 };
      if (i < args.fighters) {
        const p = world.players.get(`p${i}`);
        if (p && !hasTarget(p) && !isDying(p) && t % 4 === i % 4) {
          // The nearest living attackable NPC in view, as a client would pick from its view.
          let best: { id: string; d: number } | undefined;
          for (const n of world.npcs.values()) {
            if (!n.alive || !n.def.attackable) continue;
            const d = Math.max(Math.abs(n.x - p.x), Math.abs(n.z - p.z));
            if (d <= 15 && (!best || d < best.d)) best = { id: n.id, d };
          }
          if (best) client(i, { event: 'player:action', data: { action: 'attack', targetId: best.id } });
          else if (p.x !== spot.x || p.z !== spot.z)
            client(i, { event: 'player:move', data: { x: spot.x, z: spot.z } });
        }
        continue;
      }
      if (isGatherer(i)) {
        const p = world.players.get(`p${i}`);
        if (!p || p.activity || t % 4 !== i % 4) continue;
        if (p.inventory.freeSlots() === 0) {
          // Full: drop what was gathered (it lies on the ground until it despawns), keep the tools.
          for (const row of p.inventory.entries())
            if (!TOOLS.has(row.itemId)) client(i, { event: 'inventory:drop', data: { slot: row.slot } });
          continue;
        }
        let best: { id: string; d: number } | undefined;
        for (const o of OBJECTS.of(world).near(p.x, p.z, 15)) {
          const def = o.kind === 'resource' ? content.resources.get(o.defId) : undefined;
          if (!def || o.depleted || (def.kind !== 'fishing_spot' && def.levelRequired > 1)) continue;
          const d = Math.max(Math.abs(o.x - p.x), Math.abs(o.z - p.z));
          if (!best || d < best.d) best = { id: o.id, d };
        }
        if (best) client(i, { event: 'player:action', data: { action: 'gather', objectId: best.id } });
        continue;
      }
      if (rand(5) === 0)
        client(i, {
          event: 'player:move',
          data: { x: spot.x + rand(21) - 10, z: spot.z + rand(21) - 10, run: rand(2) === 0 },
        });
      if (rand(60) === 0) client(i, { event: 'player:chat', data: { message: `bench chatter ${t}` } });
    }
    if (t === 99 && threadFrom > 0 && args.players >= threadFrom)
      viewThread = await startViewThread(world).up;
    const report = t >= 100 ? gc.time(() => world.step()) : world.step();
    const outbox = world.drainOutbox();
    // The delivery's encoding: one msgpack frame per player per tick, as the gateway sends them to
    // the SDK's default format (browsers and agents).
    const encoding = performance.now();
    for (const [playerId, events] of outbox) {
      const frame = encodeFrame(events, 'msgpack');
      if (t >= 100) bytes.set(playerId, (bytes.get(playerId) ?? 0) + frame.length);
      deflate?.add(playerId, frame, t >= 100);
    }
    if (t >= 100) encodings.push(performance.now() - encoding);
    // The same frames as JSON (a client asking for JSON text frames), not timed; in the warm-up too,
    // so that the measured ticks start with the code and objects as the run goes on (JSON encoding
    // keeps each shared value's JSON on it: protocol codec.ts).
    for (const [playerId, events] of outbox) {
      const length = Buffer.byteLength(encodeFrame(events, 'json'));
      if (t >= 100) jsonBytes.set(playerId, (jsonBytes.get(playerId) ?? 0) + length);
    }
    // The same frames compressed as a client offering permessage-deflate gets them (the thread
    // pool's work; the world's thread only waits here, outside the step's and encoding's times).
    if (deflate) {
      const waited = await deflate.settle();
      if (t >= 100) deflating.push(waited);
    }
    if (args.breakdown && t >= 100)
      for (const [playerId, events] of outbox) {
        let mine = partsBy.get(playerId);
        if (!mine) partsBy.set(playerId, (mine = new Map()));
        addParts([parts, mine], events, seenBy(viewers, playerId), t);
      }
    for (const events of outbox.values())
      for (const e of events)
        if (t >= 100 && e.event === 'skill:xp' && GATHERING.has((e.data as { skill: string }).skill))
          gathered++;
    for (const e of world.drainEffects()) if (e.type === 'npcKill' && t >= 100) kills++;
    // Between ticks, as the world's host does (with the server's --expose-gc): the young generation.
    collectYoungGarbage();
    if (args.paced) await untilTickEnds(started);
    if (t < 100) continue;
    totals.push(report.totalMs);
    for (const p of report.phases) {
      const list = phases.get(p.name) ?? [];
      list.push(p.ms);
      phases.set(p.name, list);
    }
  }
  const rss = rssPerPlayer(rssBase, process.memoryUsage().rss, args.players);
  const collections = await gc.summary();
  await stopViewThread(world);
  deflate?.close();
  const round = (n: number) => Math.round(n * 1000) / 1000;
  totals.sort((a, b) => a - b);
  encodings.sort((a, b) => a - b);
  const seconds = (args.ticks * 600) / 1000;
  const rates = perPlayerRates(
    Array.from({ length: args.players }, (_, i) => (bytes.get(`p${i}`) ?? 0) / seconds),
  );
  const jsonRates = perPlayerRates(
    Array.from({ length: args.players }, (_, i) => (jsonBytes.get(`p${i}`) ?? 0) / seconds),
  );
  const wire = deflate
    ? perPlayerRates(
        Array.from({ length: args.players }, (_, i) => (deflate.bytes.get(`p${i}`) ?? 0) / seconds),
      )
    : undefined;
  deflating.sort((a, b) => a - b);
  const figures = {
    bench: 'tick',
    players: args.players,
    fighters: args.fighters,
    gatherers: args.gatherers,
    gathered,
    ticks: args.ticks,
    viewCrowd: world.settings.viewCrowd,
    viewThread,
    paced: args.paced === true,
    npcKills: kills,
    tickP50Ms: round(percentile(totals, 0.5)),
    tickP99Ms: round(percentile(totals, 0.99)),
    phases: [...phases].map(([name, list]) => {
      list.sort((a, b) => a - b);
      return { name, p50Ms: round(percentile(list, 0.5)), p99Ms: round(percentile(list, 0.99)) };
    }),
    gcInStepP50Ms: collections.p50Ms,
    gcInStepP99Ms: collections.p99Ms,
    gcShareOfStep: collections.share,
    deliveryEncodeP50Ms: round(percentile(encodings, 0.5)),
    deliveryEncodeP99Ms: round(percentile(encodings, 0.99)),
    outboundBytesPerPlayerPerSecMean: rates.mean,
    outboundBytesPerPlayerPerSecP99: rates.p99,
    jsonBytesPerPlayerPerSecMean: jsonRates.mean,
    jsonBytesPerPlayerPerSecP99: jsonRates.p99,
    ...(wire && {
      wireBytesPerPlayerPerSecMean: wire.mean,
      wireBytesPerPlayerPerSecP99: wire.p99,
      deflatePerTickP50Ms: round(percentile(deflating, 0.5)),
      deflatePerTickP99Ms: round(percentile(deflating, 0.99)),
    }),
    ...rss,
  };
  console.log(
    `${args.players} players (${args.fighters} fighting, ${args.gatherers} gathering), view crowd ${world.settings.viewCrowd}, views scanned on ${viewThread ? 'a worker thread' : "the world's thread"}, ${args.ticks} ticks measured ${args.paced ? '600 ms apart' : 'back to back'}, ${kills} NPC kills, ${gathered} resources gathered`,
  );
  console.log(`tick p50 ${figures.tickP50Ms} ms, p99 ${figures.tickP99Ms} ms`);
  for (const p of figures.phases) console.log(`  ${p.name.padEnd(12)} p50 ${p.p50Ms} ms  p99 ${p.p99Ms} ms`);
  console.log(
    `  garbage collection inside the step: p50 ${collections.p50Ms} ms, p99 ${collections.p99Ms} ms a tick (${Math.round(collections.share * 100)}% of the step's time; ${collections.minor} scavenges, ${collections.major} major)`,
  );
  console.log(
    `  ${'delivery'.padEnd(12)} p50 ${figures.deliveryEncodeP50Ms} ms  p99 ${figures.deliveryEncodeP99Ms} ms (encoding one msgpack frame per player; no sockets)`,
  );
  console.log(
    `outbound per player (msgpack frames at 600 ms ticks): mean ${rates.mean} B/s, p99 ${rates.p99} B/s; as JSON text frames: mean ${jsonRates.mean} B/s, p99 ${jsonRates.p99} B/s`,
  );
  if (wire)
    console.log(
      `  on the wire with permessage-deflate (WS_COMPRESSION=true): mean ${wire.mean} B/s, p99 ${wire.p99} B/s; compressing a tick's frames (thread pool) p50 ${round(percentile(deflating, 0.5))} ms, p99 ${round(percentile(deflating, 0.99))} ms`,
    );
  console.log(
    `RSS ${rss.rssBaseMB} MB with the world built and no one in it, ${rss.rssMB} MB after the run: ${perPlayerKB(rss.rssPerPlayerKB)}`,
  );
  if (args.breakdown) {
    printParts('', parts, args.players * seconds);
    // The 1% of players sent the most bytes: what the p99 is made of.
    const top = [...bytes].sort((a, b) => b[1] - a[1]).slice(0, Math.max(1, Math.ceil(args.players / 100)));
    const topParts = new Map<string, number>();
    for (const [playerId] of top)
      for (const [key, n] of partsBy.get(playerId) ?? []) topParts.set(key, (topParts.get(key) ?? 0) + n);
    printParts(` for the ${top.length} players sent the most`, topParts, top.length * seconds);
  }
  console.log(JSON.stringify(figures));
}

/** What one client was told of entities (for the breakdown): handle to id, and when each left. */
interface SeenBy {
  ids: Map<number, string>;
  leftAt: Map<string, number>;
}

function seenBy(viewers: Map<string, SeenBy>, playerId: string): SeenBy {
  let v = viewers.get(playerId);
  if (!v) viewers.set(playerId, (v = { ids: new Map(), leftAt: new Map() }));
  return v;
}

/** An entity entering a view again within this many ticks of leaving it counts as a return. */
const RETURN_TICKS = 20;

/** A value's size in msgpack as the codec packs it (the SDK's default format). */
const packer = new Packr({ useRecords: false, moreTypes: false });
const size = (value: unknown) => packer.pack(value).length;

/**
 * Adds a frame's msgpack bytes by event, and for world:update by field (`world:update.moved`); counts
 * the snapshots of entities that left the same view less than {@link RETURN_TICKS} ticks before.
 */
function addParts(
  into: ReadonlyArray<Map<string, number>>,
  events: ReadonlyArray<{ event: string; data: unknown }>,
  seen: SeenBy,
  tick: number,
): void {
  const add = (key: string, n: number) => {
    for (const parts of into) parts.set(key, (parts.get(key) ?? 0) + n);
  };
  for (const e of events) {
    if (e.event !== 'world:update') {
      add(e.event, size(e));
      continue;
    }
    const data = e.data as Record<string, unknown>;
    for (const [field, value] of Object.entries(data)) add(`world:update.${field}`, size(value));
    if (Array.isArray(data['moved'])) add('(moved entries)', data['moved'].length);
    for (const idx of (data['left'] as number[] | undefined) ?? []) {
      const id = seen.ids.get(idx);
      if (id !== undefined) seen.leftAt.set(id, tick);
      seen.ids.delete(idx);
    }
    for (const s of (data['entered'] as Array<{ idx: number; id: string }> | undefined) ?? []) {
      add('(entered entries)', 1);
      const left = seen.leftAt.get(s.id);
      if (left !== undefined && tick - left <= RETURN_TICKS) {
        add('(entered again)', 1);
        add('(entered again, bytes)', size(s));
      }
      seen.ids.set(s.idx, s.id);
    }
  }
}

function printParts(who: string, parts: Map<string, number>, playerSeconds: number): void {
  console.log(`outbound by part${who} (msgpack bytes of the value, per player per second):`);
  for (const [key, n] of [...parts].sort((a, b) => b[1] - a[1]))
    console.log(`  ${key.padEnd(28)} ${(n / playerSeconds).toFixed(1)}`);
}
