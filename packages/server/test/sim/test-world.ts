import type { Content } from '../../src/content/load';
import { Rng } from '../../src/sim/core/rng';
import type { Command, OutEvent, PlayerRecord } from '../../src/sim/core/types';
import { World, type WorldSettings } from '../../src/sim/core/world';
import { FEATURES } from '../../src/sim/features';
import { buildTileMap } from '../../src/sim/map/build-tile-map';
import type { TileMap } from '../../src/sim/map/tile-map';
import { bundledContent } from '../http-harness';
import { playerRecord } from '../records';

let mapPromise: Promise<{ content: Content; map: TileMap }> | undefined;

/** The bundled world's content and map, built once per test file. */
export function bundledWorld(): Promise<{ content: Content; map: TileMap }> {
  mapPromise ??= bundledContent().then((content) => ({ content, map: buildTileMap(content) }));
  return mapPromise;
}

/** A world on the bundled content with a fixed seed, advanced by hand (no real time). */
export class TestWorld {
  readonly world: World;
  readonly received = new Map<string, OutEvent[]>();

  constructor(content: Content, map: TileMap, seed = 1, settings: Partial<WorldSettings> = {}) {
    this.world = new World({ content, map, seed, features: FEATURES, settings });
  }

  static async create(seed = 1, settings: Partial<WorldSettings> = {}): Promise<TestWorld> {
    const { content, map } = await bundledWorld();
    return new TestWorld(content, map, seed, settings);
  }

  enqueue(c: Command): void {
    this.world.enqueue(c);
  }

  /** Runs `ticks` ticks, collecting every player's events. */
  advance(ticks = 1): void {
    for (let i = 0; i < ticks; i++) {
      this.world.step();
      for (const [id, events] of this.world.drainOutbox()) {
        const list = this.received.get(id) ?? [];
        list.push(...events);
        this.received.set(id, list);
      }
    }
  }

  login(record: PlayerRecord): void {
    this.enqueue({ type: 'login', record });
  }

  events(playerId: string, event?: string): OutEvent[] {
    return (this.received.get(playerId) ?? []).filter((e) => event === undefined || e.event === event);
  }

  clearEvents(): void {
    this.received.clear();
  }
}

export function record(id: string, x = 0, z = 0, name = id): PlayerRecord {
  return playerRecord(id, { x, z, name });
}

/** A seeded stream of plausible player inputs, for determinism tests and replays. */
export function randomInputs(seed: number, players: string[], ticks: number): Command[][] {
  const rng = new Rng(seed);
  const out: Command[][] = [];
  for (let t = 0; t < ticks; t++) {
    const commands: Command[] = [];
    if (t === 0)
      players.forEach((id, i) =>
        commands.push({ type: 'login', record: record(id, (i % 5) - 2, Math.floor(i / 5) - 2) }),
      );
    for (const id of players) {
      const roll = rng.nextInt(10);
      if (roll < 2) {
        commands.push({
          type: 'client',
          playerId: id,
          rid: undefined,
          message: {
            event: 'player:move',
            data: { x: rng.between(-20, 20), z: rng.between(-20, 20), run: rng.chance(1, 2) },
          },
        });
      } else if (roll === 2) {
        commands.push({
          type: 'client',
          playerId: id,
          rid: undefined,
          message: { event: 'player:chat', data: { message: `hi ${rng.nextInt(100)}` } },
        });
      }
    }
    out.push(commands);
  }
  return out;
}
