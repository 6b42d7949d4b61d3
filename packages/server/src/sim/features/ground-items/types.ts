/**
 * Ground items: stacks of items lying on tiles. The timers follow RuneScape: a drop is seen only by
 * its owner for a minute, then by everyone for another minute, then it is gone. Every timer counts
 * ticks (600 ms each).
 */
import { recordOwner, type LedgerOwner } from '../../core/ledger';

/** Ticks an owned pile stays visible to its owner only (100 ticks = 60 s). */
export const OWNER_ONLY_TICKS = 100;
/** Ticks a pile stays on the ground once public (100 ticks = 60 s; 200 after a player's drop). */
export const PUBLIC_TICKS = 100;
/** At most this many piles on one tile; a further pile goes to the nearest tile with room (or fails). */
export const MAX_PILES_PER_TILE = 128;
/** At most this many piles in the world; the oldest public pile makes room (never an owner-only one). */
export const MAX_GROUND_PILES = 50_000;
/** How far (Chebyshev, in tiles) a pile that finds its tile full is moved at most. */
export const RELOCATE_RADIUS = 8;

/** The caps of a {@link GroundItemStore}; tests use small ones. */
export interface GroundLimits {
  perTile: number;
  world: number;
}

export const DEFAULT_LIMITS: GroundLimits = { perTile: MAX_PILES_PER_TILE, world: MAX_GROUND_PILES };

/**
 * One pile on the ground. `handle` is a never-reused counter (so ids are deterministic and stale
 * references can never point at a newer pile); the wire id is `g<handle>`.
 */
export interface GroundItem {
  readonly handle: number;
  /** The id clients use: `g` followed by the handle (e.g. `g123`). */
  readonly id: string;
  readonly itemId: string;
  quantity: number;
  readonly x: number;
  readonly z: number;
  /** The player who may see it before `publicAtTick`; null: public from the start. */
  readonly owner: string | null;
  readonly spawnedTick: number;
  /** First tick at which everyone may see (and pick up) the pile. */
  publicAtTick: number;
  /** Tick at which the pile disappears (in the world phase; a pickup earlier in that tick still works). */
  despawnAtTick: number;
  /** Set on the items of a player's death while the death lock tracks them (see features/death). */
  readonly deathId?: string | undefined;
  /** Rises when the quantity or timers change, so viewers can tell a pile they know has changed. */
  version: number;
}

/** Side of the square regions piles are saved by (and bucketed by for interest management). */
export const REGION_SIZE = 8;

/** The saved region of tile (x, z): `<rx>:<rz>`, covering tiles [rx * 8, rx * 8 + 7] x [rz * 8, rz * 8 + 7]. */
export const regionKeyOf = (x: number, z: number): string =>
  `${Math.floor(x / REGION_SIZE)}:${Math.floor(z / REGION_SIZE)}`;

/**
 * Whose saved state holds a pile (the ledger owner of anything created or destroyed in it): the
 * death lock of a death's pile, else the pile's ground region.
 */
export const pileOwner = (pile: Pick<GroundItem, 'x' | 'z' | 'deathId'>): LedgerOwner =>
  pile.deathId !== undefined
    ? recordOwner('deathLock', pile.deathId)
    : recordOwner('groundRegion', regionKeyOf(pile.x, pile.z));

/** The wire id of a pile handle. */
export const groundItemId = (handle: number): string => `g${handle}`;

/** The handle of a wire id, or undefined when the id is not one of ours. */
export function handleOf(id: string): number | undefined {
  if (!/^g[1-9][0-9]{0,14}$/.test(id)) return undefined;
  return Number(id.slice(1));
}

/** Whether a pile is public at `tick` (everyone may see it). */
export const isPublic = (pile: GroundItem, tick: number): boolean => tick >= pile.publicAtTick;

/**
 * Whether `playerId` may see (and so pick up) the pile at `tick`: its owner always, anyone else once
 * it is public. A pile someone may not see behaves exactly as if it did not exist.
 */
export const visibleTo = (pile: GroundItem, playerId: string, tick: number): boolean =>
  pile.owner === playerId || isPublic(pile, tick);

/** Numeric key of a tile, for the per-tile map (coordinates up to ±2^20). */
export const tileKey = (x: number, z: number): number => (x + 0x100000) * 0x200000 + (z + 0x100000);
