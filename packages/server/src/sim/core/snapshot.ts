import type { Player } from './player';
import type { PlayerSnapshot } from './types';
import type { World } from './world';

/**
 * The character as storage saves it now: its record at the current tick, with its height, and the
 * ledger entries recorded for it since its last snapshot (they commit with this state). Call it
 * only to hand the snapshot to storage (an effect): it takes those entries.
 */
export function snapshotOf(world: World, p: Player): PlayerSnapshot {
  return { ...p.toRecord(world.tick), y: world.heightAt(p.x, p.z), ledger: world.ledger.takeOwned(p.id) };
}
