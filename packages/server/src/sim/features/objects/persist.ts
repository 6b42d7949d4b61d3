/**
 * Saving object state across restarts. Each 32x32-tile chunk with objects whose state differs from
 * the placements is one `worldChunk` record (key `c:<cx>:<cz>`, by the chunk of the object's
 * placement, so a fishing spot that moved stays in its chunk); the record always holds the whole
 * current state of its chunk (newest wins), with timers as ticks left, since the tick counter
 * starts from 0 on every run. See docs/gathering.md.
 */
import { z } from 'zod';
import type { JsonObject } from '../../core/types';
import type { World } from '../../core/world';
import { placeDynamicStation } from './fires';
import type { WorldObject } from './types';
import { OBJECTS } from './state';

/** Version of the record format, so a future change can read old records. */
const FORMAT = 1;

const savedObjectSchema = z.object({
  id: z.string().min(1).max(128),
  defId: z.string().min(1).max(64),
  kind: z.enum(['resource', 'station']),
  x: z.number().int(),
  z: z.number().int(),
  depleted: z.boolean(),
  dynamic: z.boolean(),
  /** Ticks until the object's timer (respawn, move, burn-out); 0: none. */
  ticksLeft: z.number().int().min(0),
  gathersLeft: z.number().int().min(0),
});

const chunkSchema = z.object({ v: z.literal(FORMAT), objects: z.array(savedObjectSchema) });

function savedObject(world: World, o: WorldObject): JsonObject {
  return {
    id: o.id,
    defId: o.defId,
    kind: o.kind,
    x: o.x,
    z: o.z,
    depleted: o.depleted,
    dynamic: o.dynamic,
    ticksLeft: o.timerAt > 0 ? Math.max(1, o.timerAt - world.tick) : 0,
    gathersLeft: o.gathersLeft,
  };
}

/** The whole current saved state of one chunk (`{ v, objects }`; an empty list once all is back to placement). */
export function chunkData(world: World, key: string): JsonObject {
  return {
    v: FORMAT,
    objects: OBJECTS.of(world)
      .persistedIn(key)
      .map((o) => savedObject(world, o)),
  };
}

/**
 * Persistence phase: one `persist` effect per chunk whose state changed this tick. On auto-save
 * ticks every chunk holding state is written too, so the saved ticks-left stay fresh.
 */
export function emitDirtyChunks(world: World): void {
  const store = OBJECTS.of(world);
  if (world.tick % world.settings.autosaveTicks === 0) store.markAllPersistedDirty();
  for (const key of store.drainDirtyChunks())
    world.effect({ type: 'persist', what: 'worldChunk', key, data: chunkData(world, key), snapshots: [] });
}

/** Every chunk holding state now (for the save on graceful shutdown), as `{ key, data }` records. */
export function snapshotChunks(world: World): Array<{ key: string; data: JsonObject }> {
  const store = OBJECTS.of(world);
  store.markAllPersistedDirty();
  return store.drainDirtyChunks().map((key) => ({ key, data: chunkData(world, key) }));
}

/**
 * Start-up: puts saved chunk state back (the `worldChunk` restorer). Placed objects take their
 * saved state when they still exist with the same definition (content may have changed since);
 * fires and other run-time objects are made again with their ids. Timers restart with their ticks
 * left. A record that does not parse is reported as a fault and skipped.
 */
export function restoreChunks(world: World, entries: ReadonlyArray<{ key: string; data: JsonObject }>): void {
  const store = OBJECTS.of(world);
  store.quiet = true;
  try {
    for (const entry of entries) {
      const parsed = chunkSchema.safeParse(entry.data);
      if (!parsed.success) {
        world.effect({
          type: 'fault',
          where: `restore worldChunk ${entry.key}`,
          message: parsed.error.message,
        });
        continue;
      }
      for (const s of parsed.data.objects) restoreObject(world, s);
    }
  } finally {
    store.quiet = false;
  }
}

function restoreObject(world: World, s: z.infer<typeof savedObjectSchema>): void {
  const store = OBJECTS.of(world);
  const timer = s.ticksLeft > 0 ? world.tick + s.ticksLeft : 0;
  if (s.dynamic) {
    if (store.get(s.id) || s.kind !== 'station' || !world.content.stations.has(s.defId)) return;
    placeDynamicStation(world, s.defId, s.x, s.z, timer, s.id);
    return;
  }
  const o = store.get(s.id);
  if (!o || o.dynamic || o.defId !== s.defId || o.kind !== s.kind) return;
  if (world.content.resources.get(o.defId)?.kind === 'fishing_spot') store.move(o, s.x, s.z);
  store.setDepleted(o, s.depleted);
  store.setGathersLeft(o, s.gathersLeft);
  if (timer > 0) store.schedule(o, timer);
  else if (o.depleted) store.schedule(o, world.tick + 1);
}
