import { Npc } from '../../core/npc';
import type { Feature } from '../../core/registry';
import type { World } from '../../core/world';
import { findPath } from '../../map/pathfinder';

/** One in this many ticks an idle NPC picks a new spot to wander to. */
export const WANDER_CHANCE = 8;

/** Spawns every NPC of every area, in manifest order, each with a stable id. */
function spawnAll(world: World): void {
  for (const area of world.content.areas.values()) {
    area.npcs.forEach((spawn, s) => {
      const def = world.content.npcs.get(spawn.npcId);
      if (!def) return; // content checks guarantee the id exists
      for (let i = 0; i < spawn.count; i++) {
        const tile = spawnTile(world, spawn.x, spawn.z, i);
        world.addNpc(
          new Npc(`${area.id}:${s}:${spawn.npcId}:${i}`, world.allocIndex(), def, tile, spawn.wanderRadius),
        );
      }
    });
  }
}

/** The i-th NPC of a spawn stands on the spawn tile or the i-th walkable tile around it. */
function spawnTile(world: World, x: number, z: number, i: number): { x: number; z: number } {
  let seen = 0;
  for (let r = 0; r <= 3; r++) {
    for (let dx = -r; dx <= r; dx++) {
      for (let dz = -r; dz <= r; dz++) {
        if (Math.max(Math.abs(dx), Math.abs(dz)) !== r || !world.map.isWalkable(x + dx, z + dz)) continue;
        if (seen++ === i) return { x: x + dx, z: z + dz };
      }
    }
  }
  return { x, z };
}

function wander(world: World, n: Npc): void {
  n.lastX = n.x;
  n.lastZ = n.z;
  if (n.path.length === 0) {
    if (n.wanderRadius === 0 || world.rng.nextInt(WANDER_CHANCE) !== 0) return;
    const tx = n.spawn.x + world.rng.between(-n.wanderRadius, n.wanderRadius);
    const tz = n.spawn.z + world.rng.between(-n.wanderRadius, n.wanderRadius);
    if (!world.map.isWalkable(tx, tz)) return;
    const res = findPath(
      world.map,
      { x: n.x, z: n.z },
      { x: tx, z: tz },
      { maxDistance: n.wanderRadius * 2 + 1 },
    );
    if (!res.ok) return;
    // Wanderers stay inside their radius even if the path would bend outside it.
    n.path = res.steps.filter(
      (s) => Math.abs(s.x - n.spawn.x) <= n.wanderRadius && Math.abs(s.z - n.spawn.z) <= n.wanderRadius,
    );
    if (n.path.length !== res.steps.length) n.path = [];
  }
  const next = n.path[0];
  if (!next) return;
  if (!world.map.canStep(n.x, n.z, next.x - n.x, next.z - n.z)) {
    n.path = [];
    return;
  }
  n.path.shift();
  n.x = next.x;
  n.z = next.z;
  world.spatial.set(n.idx, n.x, n.z);
}

/**
 * NPCs: spawned from the world areas when the world is created, wandering within their radius
 * (random choices from the world's seeded RNG, so replays agree). Combat, aggression, death and
 * respawn are the combat feature's (combat/npc-combat.ts).
 */
export const npcFeature: Feature = {
  name: 'npcs',
  register(r) {
    r.init(spawnAll);
    r.perNpc('npcs', (world, n) => {
      // Fighting, dying, dead and homeward NPCs are moved by the combat feature.
      if (n.state === 'alive' && !n.target && !n.returning) wander(world, n);
      else {
        n.lastX = n.x;
        n.lastZ = n.z;
        n.path = [];
      }
    });
  },
};
