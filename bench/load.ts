/**
 * Load benchmark: N real WebSocket bot players against the real server process (embedded PGlite in
 * a temporary world). Bots join a few at a time, paced by the server, and each teleports (admin
 * /tele) to its place as soon as it is welcomed, so the spawn never holds a crowd (bot-join.ts): most
 * on distinct random walkable tiles reachable from the spawn, where they then walk to random nearby
 * tiles and chat now and then. After a warm-up the run is measured for a bounded
 * time; it prints tick p50/p99 per phase and of the outbound delivery after each tick (queueing,
 * encoding and sending every frame; all from /status, last 100 ticks), outbound bytes (mean and p99
 * over players: the msgpack payload, the SDK's default format, which the bots ask for; and the TCP
 * bytes on the wire, compressed when the server runs with WS_COMPRESSION=true, as the bots offer
 * permessage-deflate like browsers and the SDK do), frames and events per player per second (counted by the bots) and the server's
 * RSS, whole and per player above its base (the lowest /status RSS over 10 s before any bot
 * connects: startup leaves transient memory behind for a while), then one JSON line.
 * The bots run in this process, the server in its own, so they share the machine's cores but not
 * the server's event loop. The first `--fighters` bots fight instead: they
 * stand by the spawns of attackable NPCs and attack one in view after another, so the figures include
 * combat, NPC deaths, drops and respawns. Any bot killed (a fighter, or another by an aggressive NPC
 * near its place) teleports back to its place and carries on; the deaths are counted.
 *
 * The next `--gatherers` bots stand next to a level-1 tree, rock or fishing spot and gather it over
 * and over with the starter tools, dropping their haul when the inventory is full.
 *
 *   npm run bench -- load [--players 500] [--fighters 100] [--gatherers 100] [--load-seconds 30]
 *
 * With `area` (the `crowd` benchmark), the bots that neither fight nor gather start on and wander
 * between those tiles only.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { WireFormat } from '@tilerealm/protocol';
import { fightTiles, gatherSpots, spawnTiles } from './places';
import { checkOpenFilesLimit, startServerProcess, tickTotals, type TickTotals } from './server-process';
import { ADMIN_CODE, ramp, type Bot, type Envelope, type Place } from './bot-join';
import { settledRss, status, type StatusFigures } from './server-status';
import { send, seededRand, wander, wanderIn } from './bot-steps';
import { perPlayerKB, perPlayerRates, rssPerPlayer } from './stats';

/** Attackable NPC ids of the bundled content (fighters attack only these). */
let attackable = new Set<string>();
/** Items gatherers drop when their inventory is full (everything a resource yields). */
let yields = new Set<string>();

/** What a bot reads in its frames: fighters their fights, gatherers their gathering, the others nothing. */
function watch(bot: Bot, messages: Envelope[]): void {
  for (const m of messages) if (m.event === 'player:died') bot.died = true;
  if (bot.fighter) watchFight(bot, messages);
  else if (bot.resource !== undefined) watchGathering(bot, messages);
}

/** A fighter reads its frames: NPCs entering and leaving view, its target's death, its own death. */
function watchFight(bot: Bot, messages: Envelope[]): void {
  for (const m of messages) {
    if (m.event === 'world:update') {
      for (const e of (m.data['entered'] ?? []) as Array<{
        idx: number;
        id: string;
        kind: string;
        npcId?: string;
      }>)
        if (e.kind === 'npc' && e.npcId !== undefined && attackable.has(e.npcId)) bot.npcs.set(e.idx, e.id);
      for (const idx of (m.data['left'] ?? []) as number[]) {
        if (bot.npcs.get(idx) === bot.target) bot.target = undefined;
        bot.npcs.delete(idx);
      }
    } else if (m.event === 'combat:death' && m.data['id'] === bot.target) {
      bot.target = undefined;
      bot.kills++;
    } else if (m.event === 'combat:hit') {
      bot.hits++;
    } else if (m.event === 'player:died') {
      bot.target = undefined;
    } else if (m.event === 'error') {
      bot.target = undefined;
    }
  }
}

/** A gatherer reads its inventory and the end of each gathering round. */
function watchGathering(bot: Bot, messages: Envelope[]): void {
  for (const m of messages) {
    if (m.event === 'inventory:update')
      bot.slots = m.data['slots'] as Array<{ slot: number; itemId: string }>;
    else if (m.event === 'activity:stopped' || m.event === 'error') bot.gathering = false;
    else if (m.event === 'skill:xp' && ['woodcutting', 'mining', 'fishing'].includes(String(m.data['skill'])))
      bot.gathered++;
  }
}

/**
 * Every bot's place, in bot order: the first `fighters` by attackable NPCs, the next `gatherers` by
 * a resource, the others on distinct walkable tiles reachable from the spawn (or in `area`).
 */
async function placeBots(
  args: {
    players: number;
    fighters: number;
    gatherers: number;
    area?: ReadonlyArray<{ x: number; z: number }>;
  },
  rand: (n: number) => number,
): Promise<Place[]> {
  const tiles = await spawnTiles(args.players);
  const arena = await fightTiles();
  const gather = await gatherSpots();
  attackable = arena.attackable;
  yields = gather.yields;
  const area = args.area;
  return Array.from({ length: args.players }, (_, i) => {
    const spot = gather.spots[rand(gather.spots.length)];
    const fighter = i < args.fighters;
    const gatherer = !fighter && i < args.fighters + args.gatherers && spot !== undefined;
    const t = fighter
      ? (arena.tiles[rand(arena.tiles.length)] ?? { x: 0, z: 0 })
      : gatherer
        ? spot
        : ((area ? area[rand(area.length)] : tiles[i % tiles.length]) ?? { x: 0, z: 0 });
    return { x: t.x, z: t.z, fighter, resource: gatherer ? spot.objectId : undefined };
  });
}

/**
 * The server's /status, asked again (a second apart, for up to a minute) while it sheds the request
 * under event-loop pressure or does not answer.
 */
async function answeredStatus(base: string): Promise<StatusFigures> {
  for (let i = 0; ; i++) {
    const figures = await status(base).catch((err: unknown) => {
      if (i >= 60) throw err;
      return undefined;
    });
    if (typeof figures?.playersOnline === 'number') return figures;
    if (i >= 60) throw new Error(`the server's /status did not answer with its figures for a minute`);
    await sleep(1000);
  }
}

export async function runLoadBench(args: {
  players: number;
  seconds: number;
  fighters: number;
  gatherers: number;
  area?: ReadonlyArray<{ x: number; z: number }>;
  bench?: string;
  /** The bots' wire format (default msgpack, as the SDK asks for). */
  format?: WireFormat;
}): Promise<void> {
  const format = args.format ?? 'msgpack';
  await checkOpenFilesLimit(args.players);
  // Room for every bot (the default capacity is 2,000).
  const server = await startServerProcess({
    ADMIN_CODE,
    WORLD_SEED: '1',
    WORLD_CAPACITY: String(Math.max(2000, args.players)),
  });
  const base = server.url;
  const port = server.port;
  const bots: Bot[] = [];
  const area = args.area;
  try {
    const rssBase = await settledRss(base);
    const rand = seededRand(12345);
    const places = await placeBots(args, rand);
    const t0 = performance.now();
    // Bounded: a minute, then 250 ms a bot (the ramp keeps pace with the server).
    await ramp(base, port, places, watch, bots, t0 + 60_000 + 250 * args.players, format);
    console.log(`${bots.length} bots at their places in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    // Every bot's teleport was acknowledged, so every one is in the world; /status confirms it.
    let online = 0;
    for (let i = 0; i < 60 && online !== bots.length; i++) {
      online = (await answeredStatus(base)).playersOnline;
      if (online !== bots.length) await sleep(1000);
    }
    if (online !== bots.length)
      throw new Error(`${bots.length} bots connected but ${online} players are online`);
    const tickMs = 600;
    let running = true;
    const driver = (async () => {
      let n = 0;
      while (running) {
        for (const bot of bots) {
          // Killed (an aggressive NPC near its place, or in a fight): back to its place, so that every
          // bot keeps doing what it is there for rather than walking back across the map.
          if (bot.died) {
            bot.died = false;
            bot.deaths++;
            bot.gathering = false;
            send(bot, 'player:chat', { message: `/tele ${bot.x} ${bot.z}` });
            continue;
          }
          if (bot.resource !== undefined) {
            if (bot.gathering) continue;
            // Full: drop what was gathered (it despawns on the ground); then gather again.
            if (bot.slots.length >= 28)
              for (const s of bot.slots)
                if (yields.has(s.itemId)) send(bot, 'inventory:drop', { slot: s.slot });
            // Many gatherers share a tree or rock: ask again every few ticks while it grows back.
            if ((n + bot.x + bot.z) % 5 === 0) {
              bot.gathering = true;
              send(bot, 'player:action', { action: 'gather', objectId: bot.resource });
            }
            continue;
          }
          if (bot.fighter) {
            if (bot.target === undefined && bot.npcs.size > 0) {
              const ids = [...bot.npcs.values()];
              bot.target = ids[rand(ids.length)];
              send(bot, 'player:action', { action: 'attack', targetId: bot.target });
            }
            continue;
          }
          if (area) wanderIn(bot, n, rand, area);
          else wander(bot, n, rand);
        }
        n++;
        await sleep(tickMs);
      }
    })();
    await sleep(60_000); // warm-up: a full /status window (100 ticks) of steady state before measuring
    for (const bot of bots) {
      bot.bytes = 0;
      bot.wireStart = bot.socket?.bytesRead ?? 0;
      bot.measuredFrames = 0;
      bot.events = 0;
      bot.kills = 0;
      bot.deaths = 0;
      bot.hits = 0;
      bot.gathered = 0;
    }
    const totalsStart = await tickTotals(base);
    const cpuStart = totalsStart.cpuSeconds;
    const botsCpuStart = process.cpuUsage();
    const start = performance.now();
    await sleep(args.seconds * 1000);
    const elapsed = (performance.now() - start) / 1000;
    const botsCpu = process.cpuUsage(botsCpuStart);
    const totalsEnd = await tickTotals(base);
    const cpuUsed = totalsEnd.cpuSeconds - cpuStart;
    const chunksThere = totalsEnd.viewChunks.worker - totalsStart.viewChunks.worker;
    const chunksHere = totalsEnd.viewChunks.world - totalsStart.viewChunks.world;
    const ticksMeasured = totalsEnd.ticks - totalsStart.ticks;
    const minorPerTick =
      (totalsEnd.minorCollections - totalsStart.minorCollections) / Math.max(1, ticksMeasured);
    const stepGc = (kinds: ReadonlyArray<keyof TickTotals['stepGc']>, f: 'count' | 'seconds'): number =>
      kinds.reduce((sum, k) => sum + totalsEnd.stepGc[k][f] - totalsStart.stepGc[k][f], 0) /
      Math.max(1, ticksMeasured);
    const figuresNow = await answeredStatus(base);
    running = false;
    await driver;
    const rates = perPlayerRates(bots.map((b) => b.bytes / elapsed));
    const wire = perPlayerRates(bots.map((b) => ((b.socket?.bytesRead ?? 0) - b.wireStart) / elapsed));
    const compressed = bots.filter((b) => /permessage-deflate/.test(b.ws.extensions)).length;
    const rss = rssPerPlayer(rssBase, figuresNow.memory.rssBytes, bots.length);
    const perBot = (f: (b: Bot) => number) =>
      bots.reduce((s, b) => s + f(b), 0) / Math.max(1, bots.length) / elapsed;
    const figures = {
      bench: args.bench ?? 'load',
      format,
      players: bots.length,
      fighters: bots.filter((b) => b.fighter).length,
      npcKills: bots.reduce((s, b) => s + b.kills, 0),
      gatherers: bots.filter((b) => b.resource !== undefined).length,
      gathered: bots.reduce((s, b) => s + b.gathered, 0),
      hitsSeenByFighters: bots.reduce((s, b) => s + b.hits, 0),
      deaths: bots.reduce((s, b) => s + b.deaths, 0),
      online: figuresNow.playersOnline,
      seconds: Math.round(elapsed),
      tickP50Ms: figuresNow.tick?.p50Ms ?? null,
      tickP99Ms: figuresNow.tick?.p99Ms ?? null,
      deliveryP50Ms: figuresNow.tick?.delivery.p50Ms ?? null,
      deliveryP99Ms: figuresNow.tick?.delivery.p99Ms ?? null,
      outboundBytesPerPlayerPerSecMean: rates.mean,
      outboundBytesPerPlayerPerSecP99: rates.p99,
      wireBytesPerPlayerPerSecMean: wire.mean,
      wireBytesPerPlayerPerSecP99: wire.p99,
      botsWithDeflate: compressed,
      outboundFramesPerPlayerPerSec: Math.round(perBot((b) => b.measuredFrames) * 100) / 100,
      outboundEventsPerPlayerPerSec: Math.round(perBot((b) => b.events) * 100) / 100,
      serverCpuPercentOfOneCore: Math.round((100 * cpuUsed) / elapsed),
      // The bots run in this process, on the same cores as the server (µs of CPU over the window).
      botsCpuPercentOfOneCore: Math.round((botsCpu.user + botsCpu.system) / 1e4 / elapsed),
      // Of the views' chunks scanned through the worker's channel, the share the world's thread scanned.
      viewChunksOnWorldThreadPercent:
        chunksThere + chunksHere > 0
          ? Math.round((1000 * chunksHere) / (chunksThere + chunksHere)) / 10
          : null,
      // The world collects the young generation once between ticks; more ran in a step or a delivery.
      serverMinorCollectionsPerTick: Math.round(minorPerTick * 100) / 100,
      // Collections that began inside the world's steps, a tick: their time, and how many of each kind.
      stepGcMsPerTick: Math.round(stepGc(['minor', 'major', 'incremental', 'weakcb'], 'seconds') * 1e5) / 100,
      stepMinorCollectionsPerTick: Math.round(stepGc(['minor'], 'count') * 100) / 100,
      stepMajorCollectionsPerTick: Math.round(stepGc(['major', 'incremental'], 'count') * 100) / 100,
      serverRssMB: rss.rssMB,
      serverRssBaseMB: rss.rssBaseMB,
      serverRssPerPlayerKB: rss.rssPerPlayerKB,
      phases: figuresNow.tick?.phases ?? [],
    };
    console.log(`players ${figures.players} (online ${figures.online}), ${figures.seconds} s measured`);
    console.log(
      `fighters ${figures.fighters}: ${figures.npcKills} NPC kills, ${figures.hitsSeenByFighters} combat:hit events received`,
    );
    console.log(`gatherers ${figures.gatherers}: ${figures.gathered} resources gathered`);
    console.log(`deaths ${figures.deaths} (each bot killed was teleported back to its place)`);
    console.log(`tick p50 ${figures.tickP50Ms} ms, p99 ${figures.tickP99Ms} ms (last 100 ticks)`);
    for (const p of figures.phases)
      console.log(`  ${p.name.padEnd(12)} p50 ${p.p50Ms} ms  p99 ${p.p99Ms} ms`);
    console.log(
      `  ${'delivery'.padEnd(12)} p50 ${figures.deliveryP50Ms} ms  p99 ${figures.deliveryP99Ms} ms (after the step: queueing, encoding, sending)`,
    );
    console.log(
      `outbound per player: mean ${figures.outboundBytesPerPlayerPerSecMean} B/s, p99 ${figures.outboundBytesPerPlayerPerSecP99} B/s (${format} payload)`,
    );
    console.log(
      `  on the wire (TCP bytes read, ${compressed} of ${bots.length} bots with permessage-deflate): mean ${wire.mean} B/s, p99 ${wire.p99} B/s`,
    );
    console.log(
      `outbound frames per player: ${figures.outboundFramesPerPlayerPerSec}/s carrying ${figures.outboundEventsPerPlayerPerSec} events/s`,
    );
    console.log(
      `server CPU ${figures.serverCpuPercentOfOneCore}% of one core over the measured window (every thread); ` +
        `the bots (this process, same machine) ${figures.botsCpuPercentOfOneCore}%`,
    );
    console.log(
      `server young-generation collections per tick: ${figures.serverMinorCollectionsPerTick} (one between ticks is the world's own)`,
    );
    console.log(
      `garbage collection inside the step: ${figures.stepGcMsPerTick} ms a tick ` +
        `(${figures.stepMinorCollectionsPerTick} young, ${figures.stepMajorCollectionsPerTick} old-generation collections or marking steps a tick)`,
    );
    if (figures.viewChunksOnWorldThreadPercent !== null)
      console.log(
        `views' chunks scanned by the world's thread (the worker scanned the rest): ${figures.viewChunksOnWorldThreadPercent}%`,
      );
    console.log(
      `server RSS ${figures.serverRssMB} MB (${figures.serverRssBaseMB} MB before any bot connected): ${perPlayerKB(figures.serverRssPerPlayerKB)}`,
    );
    console.log(JSON.stringify(figures));
  } finally {
    for (const bot of bots) bot.ws.terminate();
    await server.stop();
  }
}
