import type { EntitySnapshot } from '@tilerealm/protocol';
import type { PlacedObject } from '@tilerealm/sdk';
import { dist } from './results';
import type { GameSession } from './session';

/** What `interact` can do with a target, as the tools name it. */
export type InteractAction = 'attack' | 'talk' | 'shop' | 'bank' | 'gather' | 'pray' | 'pickup' | 'make';

export interface NearbyEntity {
  id: string;
  kind: 'player' | 'npc';
  name: string;
  npcId?: string;
  combatLevel: number;
  x: number;
  z: number;
  distance: number;
  actions: InteractAction[];
}

export interface NearbyObject {
  id: string;
  defId: string;
  name: string;
  kind: 'resource' | 'station';
  x: number;
  z: number;
  distance: number;
  depleted: boolean;
  actions: InteractAction[];
}

export interface NearbyItem {
  id: string;
  itemId: string;
  name: string;
  quantity: number;
  x: number;
  z: number;
  distance: number;
}

/** The own tile (0,0 before the first sync). */
export function here(s: GameSession): { x: number; z: number } {
  return s.bot.world.position ?? { x: 0, z: 0 };
}

/** What the player can do with an NPC or another player. */
export function entityActions(s: GameSession, e: EntitySnapshot): InteractAction[] {
  if (e.kind === 'player') return ['attack'];
  const def = e.npcId === undefined ? undefined : s.content.npcs.get(e.npcId);
  const actions: InteractAction[] = [];
  if (def?.attackable) actions.push('attack');
  else actions.push('talk');
  if (e.npcId !== undefined && s.content.shopkeepers.has(e.npcId)) actions.push('shop');
  if (e.npcId?.startsWith('banker_')) actions.push('bank');
  return actions;
}

/** What the player can do with a placed object. */
export function objectActions(s: GameSession, kind: 'resource' | 'station', defId: string): InteractAction[] {
  if (kind === 'resource') return ['gather'];
  const types = s.content.stations.get(defId)?.actions ?? [];
  const actions = new Set<InteractAction>();
  for (const t of types) {
    if (t === 'bank') actions.add('bank');
    else if (t === 'pray') actions.add('pray');
    else if (t === 'cook' || t === 'smelt' || t === 'smith') actions.add('make');
  }
  return [...actions];
}

/** Entities in view, nearest first. */
export function nearbyEntities(s: GameSession, radius: number): NearbyEntity[] {
  const from = here(s);
  const me = s.bot.playerId;
  return [...s.bot.world.entities.values()]
    .filter((e) => e.id !== me && dist(e, from) <= radius)
    .map((e) => ({
      id: e.id,
      kind: e.kind,
      name: e.name,
      ...(e.npcId === undefined ? {} : { npcId: e.npcId }),
      combatLevel: e.combatLevel,
      x: e.x,
      z: e.z,
      distance: dist(e, from),
      actions: entityActions(s, e),
    }))
    .sort((a, b) => a.distance - b.distance);
}

/** Placed objects (and altered ones such as fires) within `radius`, nearest first. */
export function nearbyObjects(s: GameSession, radius: number): NearbyObject[] {
  const from = here(s);
  const world = s.bot.world;
  const seen = new Set<string>();
  const out: NearbyObject[] = [];
  const add = (o: Pick<PlacedObject, 'id' | 'defId' | 'kind' | 'x' | 'z'>): void => {
    if (seen.has(o.id) || dist(o, from) > radius) return;
    seen.add(o.id);
    out.push({
      id: o.id,
      defId: o.defId,
      name: s.content.objectName(o.defId),
      kind: o.kind,
      x: o.x,
      z: o.z,
      distance: dist(o, from),
      depleted: world.isDepleted(o.id),
      actions: objectActions(s, o.kind, o.defId),
    });
  };
  // An altered object's current state (a moved fishing spot, a fire) wins over its placement.
  for (const o of world.objects.values()) add(o);
  for (const o of s.content.places.objects) add(o);
  return out.sort((a, b) => a.distance - b.distance);
}

/** Ground items in view, nearest first. */
export function nearbyItems(s: GameSession, radius: number): NearbyItem[] {
  const from = here(s);
  return [...s.bot.world.groundItems.values()]
    .filter((g) => dist(g, from) <= radius)
    .map((g) => ({
      id: g.id,
      itemId: g.itemId,
      name: s.content.itemName(g.itemId),
      quantity: g.quantity,
      x: g.x,
      z: g.z,
      distance: dist(g, from),
    }))
    .sort((a, b) => a.distance - b.distance);
}

/** The inventory with item names. */
export function inventoryView(s: GameSession) {
  return (s.bot.world.player?.inventory ?? []).map((i) => ({
    slot: i.slot,
    itemId: i.itemId,
    name: s.content.itemName(i.itemId),
    quantity: i.quantity,
  }));
}
