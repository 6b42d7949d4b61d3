import type { EntitySnapshot } from '@tilerealm/protocol';
import type { NpcDef } from '../../content/load';
import type { Tile } from './types';

/**
 * A non-player character in the world, spawned from a world area's spawn list. Mutated only inside
 * the tick, by the NPC feature (movement) and, later, combat.
 */
export class Npc {
  readonly kind = 'npc' as const;
  readonly running = false;
  x: number;
  z: number;
  lastX: number;
  lastZ: number;
  path: Tile[] = [];
  health: number;
  /** This tick's `moved` tuple, shared by all views. */
  moveTuple: [number, number, number, number, 0 | 1] | undefined;
  moveTupleTick = -1;
  /** This tick's entity snapshot (entered views), shared by all views. */
  snapshot: EntitySnapshot | undefined;
  snapshotTick = -1;

  constructor(
    readonly id: string,
    readonly idx: number,
    readonly def: NpcDef,
    readonly spawn: Tile,
    readonly wanderRadius: number,
  ) {
    this.x = spawn.x;
    this.z = spawn.z;
    this.lastX = spawn.x;
    this.lastZ = spawn.z;
    this.health = (def.combat?.levels.constitution ?? 1) * 10;
  }

  get name(): string {
    return this.def.name;
  }

  get combatLevel(): number {
    return this.def.combatLevel ?? 0;
  }
}
