import type { EntityMove, EntitySnapshot, ServerPayload } from '@tilerealm/protocol';
import type { Npc } from '../../core/npc';
import type { Player } from '../../core/player';
import type { Feature } from '../../core/registry';
import type { World } from '../../core/world';
import { groundDelta } from '../ground-items/view';
import { selfPosition } from '../session/session';

/**
 * Interest management: each tick, every player gets at most one `world:update` with what changed in
 * its view (players and NPCs within view distance): its own state, entities entering (full snapshot),
 * moving (compact tuples) and leaving, and the ground items added and removed (ground-items/view.ts).
 * Nothing outside the view is ever sent.
 */
export const syncFeature: Feature = {
  name: 'sync',
  register(r) {
    r.phase('sync', (world) => {
      for (const p of world.players.values()) syncPlayer(world, p);
      // Every view has read this tick's ground changes.
      world.groundItems.clearChanges();
    });
  },
};

/** An entity's snapshot, built once per tick and shared by every view it enters. */
function snapshotOf(world: World, o: Player | Npc): EntitySnapshot {
  if (o.snapshotTick !== world.tick || !o.snapshot) {
    o.snapshot = buildSnapshot(world, o);
    o.snapshotTick = world.tick;
  }
  return o.snapshot;
}

function buildSnapshot(world: World, o: Player | Npc): EntitySnapshot {
  return {
    idx: o.idx,
    id: o.id,
    kind: o.kind,
    ...(o.kind === 'npc' ? { npcId: o.def.id } : {}),
    name: o.name,
    x: o.x,
    z: o.z,
    y: world.heightAt(o.x, o.z),
    running: o.running,
    combatLevel: o.combatLevel,
  };
}

/** An entity's move tuple, built once per tick and shared by every view that reports it. */
function moveTuple(world: World, o: Player | Npc): EntityMove {
  if (o.moveTupleTick !== world.tick || !o.moveTuple) {
    o.moveTuple = [o.idx, o.x, o.z, world.heightAt(o.x, o.z), o.running ? 1 : 0];
    o.moveTupleTick = world.tick;
  }
  return o.moveTuple;
}

function syncPlayer(world: World, p: Player): void {
  const radius = world.settings.viewDistance;
  // lastSent is unset only on a player's first sync and after player:sync: the client starts afresh.
  const items = groundDelta(world, p, Number.isNaN(p.lastSent.x));
  let entered: EntitySnapshot[] | undefined;
  let moved: EntityMove[] | undefined;
  let left: number[] | undefined;
  // Known entities: still in view (maybe moved), or gone.
  for (const idx of p.visible) {
    // A player who logged out this tick is gone; its handle is not reused before the next tick.
    const o = world.byIdx[idx];
    if (
      !o ||
      (o.kind === 'npc' && o.state === 'gone') ||
      Math.abs(o.x - p.x) > radius ||
      Math.abs(o.z - p.z) > radius
    ) {
      p.visible.delete(idx);
      (left ??= []).push(idx);
    } else if (o.x !== o.lastX || o.z !== o.lastZ) {
      (moved ??= []).push(moveTuple(world, o));
    }
  }
  // New entities in view.
  world.spatial.forEachNear(p.x, p.z, radius, (idx) => {
    if (idx === p.idx || p.visible.has(idx)) return;
    const o = world.byIdx[idx];
    if (!o || Math.abs(o.x - p.x) > radius || Math.abs(o.z - p.z) > radius) return;
    p.visible.add(idx);
    (entered ??= []).push(snapshotOf(world, o));
  });
  const energyPercent = Math.floor(p.runEnergy / 100);
  const moving = p.path.length > 0;
  const selfChanged =
    p.x !== p.lastSent.x ||
    p.z !== p.lastSent.z ||
    p.running !== p.lastSent.running ||
    moving !== p.lastSent.moving ||
    energyPercent !== p.lastSent.energyPercent;
  if (!selfChanged && !entered && !moved && !left && !items.added && !items.removed) return;
  const update: ServerPayload<'world:update'> = { tick: world.tick };
  if (selfChanged) {
    update.self = selfPosition(world, p);
    p.lastSent = { x: p.x, z: p.z, running: p.running, moving, energyPercent };
  }
  if (entered) update.entered = entered;
  if (moved) update.moved = moved;
  if (left) update.left = left;
  if (items.removed) update.itemsRemoved = items.removed;
  if (items.added) update.itemsAdded = items.added;
  world.send(p.id, 'world:update', update);
}
