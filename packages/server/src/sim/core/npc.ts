import type { NpcDef } from '../../content/load';
import type { Player } from './player';
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
  /** The player it is fighting (retaliation, aggression); cleared when it leashes home. */
  target: Player | undefined;
  /** First tick at which it may swing again. */
  nextAttackTick = 0;
  /** In combat until this tick (combat timeout). */
  inCombatUntil = 0;
  /** Damage taken per player id since it last had full health (the top damager gets the drop). */
  readonly damageFrom = new Map<string, number>();
  /** `alive`; `dying` (death animation until `stateUntil`); `gone` (respawns at `stateUntil`). */
  state: 'alive' | 'dying' | 'gone' = 'alive';
  stateUntil = 0;
  /** Walking back to its spawn after a leash: ignores players until home. */
  returning = false;

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
    this.health = this.maxHealth;
  }

  get name(): string {
    return this.def.name;
  }

  get maxHealth(): number {
    return (this.def.combat?.levels.constitution ?? 1) * 10;
  }

  get alive(): boolean {
    return this.state === 'alive';
  }

  get combatLevel(): number {
    return this.def.combatLevel ?? 0;
  }
}
