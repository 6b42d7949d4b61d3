import type { EntityMove, EntitySnapshot, ServerPayload } from '@tilerealm/protocol';
import type { Player } from '../../core/player';
import type { Feature } from '../../core/registry';
import type { World } from '../../core/world';
import { selfPosition } from '../session/session';

/**
 * Interest management: each tick, every player gets at most one `world:update` with what changed in
 * its view (entities within view distance): its own state, entities entering (full snapshot),
 * moving (compact tuples) and leaving. Nothing outside the view is ever sent.
 */
export const syncFeature: Feature = {
  name: 'sync',
  register(r) {
    r.phase('sync', (world) => {
      for (const p of world.players.values()) syncPlayer(world, p);
    });
  },
};

function snapshotOf(world: World, o: Player): EntitySnapshot {
  return {
    idx: o.idx,
    id: o.id,
    kind: 'player',
    name: o.name,
    x: o.x,
    z: o.z,
    y: world.heightAt(o.x, o.z),
    running: o.running,
    combatLevel: o.combatLevel,
  };
}

function syncPlayer(world: World, p: Player): void {
  const radius = world.settings.viewDistance;
  const entered: EntitySnapshot[] = [];
  const moved: EntityMove[] = [];
  const left: number[] = [];
  const seen = new Set<string>();
  for (const o of world.playersNear(p.x, p.z, radius)) {
    if (o === p) continue;
    seen.add(o.id);
    if (!p.visible.has(o.id)) {
      entered.push(snapshotOf(world, o));
      p.visible.add(o.id);
    } else if (o.x !== o.lastX || o.z !== o.lastZ) {
      moved.push([o.idx, o.x, o.z, world.heightAt(o.x, o.z), o.running ? 1 : 0]);
    }
  }
  for (const id of p.visible) {
    if (seen.has(id)) continue;
    p.visible.delete(id);
    // A player who logged out this tick is gone from the map; its handle stays reserved until the next tick.
    const idx = world.players.get(id)?.idx ?? world.departedIdx.get(id);
    if (idx !== undefined) left.push(idx);
  }
  const self = selfPosition(world, p);
  const selfKey = `${self.x},${self.z},${self.running ? 1 : 0},${self.moving ? 1 : 0},${Math.floor(self.runEnergy / 100)}`;
  const selfChanged = selfKey !== p.lastSelfKey;
  p.lastSelfKey = selfKey;
  if (!selfChanged && entered.length === 0 && moved.length === 0 && left.length === 0) return;
  const update: ServerPayload<'world:update'> = { tick: world.tick };
  if (selfChanged) update.self = self;
  if (entered.length > 0) update.entered = entered;
  if (moved.length > 0) update.moved = moved;
  if (left.length > 0) update.left = left;
  world.send(p.id, 'world:update', update);
}
