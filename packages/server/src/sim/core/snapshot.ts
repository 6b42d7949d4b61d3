import type { Player } from './player';
import type { PlayerSnapshot } from './types';
import type { World } from './world';

/** The character as storage saves it now: its record at the current tick, with its height. */
export function snapshotOf(world: World, p: Player): PlayerSnapshot {
  return { ...p.toRecord(world.tick), y: world.heightAt(p.x, p.z) };
}
