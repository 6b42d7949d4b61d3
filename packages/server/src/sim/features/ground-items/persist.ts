/**
 * Saving the ground. Each 8x8-tile region holding piles is one `groundRegion` record (key
 * `<rx>:<rz>`, see regionKeyOf) with the whole current list of its piles, timers as ticks left
 * (the tick counter restarts at 0 on every run). A region is handed to storage in the tick its
 * piles change, together with the snapshots of the players whose own items moved into or out of it
 * that tick (a drop, a pickup, a landed arrow), so the two sides of every move commit in one
 * transaction, and with the ledger entries of what rules created or destroyed in it (NPC drops,
 * ashes, despawns). A death's piles are not in their region: the death lock keeps them.
 */
import { z } from 'zod';
import { recordOwner } from '../../core/ledger';
import { snapshotOf } from '../../core/snapshot';
import type { JsonObject, PlayerSnapshot } from '../../core/types';
import type { World } from '../../core/world';
import { isValidQuantity } from '../../items/types';
import type { Bucket } from './store';
import { MAX_PILES_PER_TILE } from './types';
import { GROUND_ITEMS } from './state';

/** Version of the record format, so a future change can read old records. */
const FORMAT = 1;

const savedPileSchema = z.object({
  itemId: z.string().min(1).max(64),
  quantity: z.number().int().refine(isValidQuantity, 'a quantity between 1 and 2^31-1'),
  x: z.number().int(),
  z: z.number().int(),
  owner: z.string().min(1).max(64).nullable(),
  /** Ticks until everyone may see the pile (0: public already). */
  publicInTicks: z.number().int().min(0),
  /** Ticks until the pile despawns (at least 1). */
  despawnInTicks: z.number().int().min(1),
});

const regionSchema = z.object({ v: z.literal(FORMAT), piles: z.array(savedPileSchema) });

const regionKey = (b: Bucket): string => `${b.bx}:${b.bz}`;

/** The whole current saved state of one region: `{ v, piles }` (an empty list once it is bare). */
export function regionData(world: World, region: Bucket): JsonObject {
  const piles: JsonObject[] = [];
  for (const p of region.piles) {
    if (p.deathId !== undefined) continue;
    piles.push({
      itemId: p.itemId,
      quantity: p.quantity,
      x: p.x,
      z: p.z,
      owner: p.owner,
      publicInTicks: Math.max(0, p.publicAtTick - world.tick),
      despawnInTicks: Math.max(1, p.despawnAtTick - world.tick),
    });
  }
  return { v: FORMAT, piles };
}

/**
 * Persistence phase: one `persist` effect per region whose piles changed this tick, with the
 * snapshots of its movers still in the world and, for movers who left this tick, their ids (their
 * logout snapshot was handed over earlier in this tick and must commit with the region).
 */
export function emitDirtyRegions(world: World): void {
  for (const { region, movers } of GROUND_ITEMS.of(world).drainDirtyRegions()) {
    const key = regionKey(region);
    const snapshots: PlayerSnapshot[] = [];
    const linked: string[] = [];
    for (const id of movers) {
      const p = world.players.get(id);
      if (p) snapshots.push(snapshotOf(world, p));
      else linked.push(id);
    }
    world.effect({
      type: 'persist',
      what: 'groundRegion',
      key,
      data: regionData(world, region),
      snapshots,
      ledger: world.ledger.takeOwned(recordOwner('groundRegion', key)),
      ...(linked.length > 0 ? { linked } : {}),
    });
  }
}

/** Every region holding piles now, as `{ key, data }` records (the save on graceful shutdown, timers fresh). */
export function snapshotRegions(world: World): Array<{ key: string; data: JsonObject }> {
  return GROUND_ITEMS.of(world)
    .occupiedRegions()
    .map((region) => ({ key: regionKey(region), data: regionData(world, region) }));
}

/**
 * Start-up: puts the saved piles back (the `groundRegion` restorer), timers restarting with their
 * ticks left. A record that does not parse, or a pile of an item the content no longer has, is
 * reported as a fault and skipped (its record stays in storage until the region changes again).
 */
export function restoreRegions(
  world: World,
  entries: ReadonlyArray<{ key: string; data: JsonObject }>,
): void {
  const store = GROUND_ITEMS.of(world);
  for (const entry of entries) {
    const parsed = regionSchema.safeParse(entry.data);
    if (!parsed.success) {
      world.effect({
        type: 'fault',
        where: `restore groundRegion ${entry.key}`,
        message: parsed.error.message,
      });
      continue;
    }
    for (const s of parsed.data.piles) {
      if (!world.itemLookup(s.itemId) || store.at(s.x, s.z).length >= MAX_PILES_PER_TILE) {
        world.effect({
          type: 'fault',
          where: `restore groundRegion ${entry.key}`,
          message: `cannot put back ${s.quantity} x ${s.itemId} at ${s.x},${s.z}`,
        });
        continue;
      }
      store.add(
        {
          itemId: s.itemId,
          quantity: s.quantity,
          x: s.x,
          z: s.z,
          owner: s.owner,
          publicAtTick: world.tick + s.publicInTicks,
          despawnAtTick: world.tick + s.despawnInTicks,
        },
        world.tick,
      );
    }
  }
  // What was just put back is what storage holds: nothing to write.
  store.drainDirtyRegions();
}
