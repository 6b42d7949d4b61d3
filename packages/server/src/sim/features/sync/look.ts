/**
 * How an entity looks to others (protocol entity-look.ts): the items worn in the drawn slots, what
 * it is doing (its activity, or attacking) and its overhead prayer. Built once per tick for every
 * entity before the views (entries.ts fillPositions), and compared with what it was the tick
 * before, so that views that already know the entity get a compact change entry only when something
 * changed.
 */
import {
  WORN_SLOTS,
  type EntityActivity,
  type EntityChange,
  type EntityLook,
  type WornItems,
} from '@tilerealm/protocol';
import type { Npc } from '../../core/npc';
import type { Player } from '../../core/player';
import { worldSlot } from '../../core/slots';
import type { World } from '../../core/world';
import { COMBAT } from '../combat/state';
import { GatherJob } from '../gathering/job';
import { PRAYER } from '../prayer/state';
import { makeJobOf } from '../processing/make';

/** The look of an entity as last built, and its change this tick (if any). */
interface Built {
  owner: Player | Npc;
  /** Tick + 1 it was built in. */
  tick: number;
  look: EntityLook;
  /** The worn items as one string (slot=item,...), to tell a change. */
  wornKey: string;
  /** The equipment version the worn items were read at (players). */
  equipmentVersion: number;
  /** This tick's change (only when `tick` is this tick and something changed). */
  change: EntityChange | undefined;
}

/** Per world, the looks by entity handle. Only what is sent: not hashed. */
export const LOOKS = worldSlot('sync.looks', { init: (): Array<Built | undefined> => [] });

const GATHER_ANIM: Readonly<Record<string, EntityActivity>> = {
  tree: 'woodcutting',
  rock: 'mining',
  fishing_spot: 'fishing',
};
const MAKE_ANIM: Readonly<Record<string, EntityActivity>> = {
  cook: 'cooking',
  smelt: 'smelting',
  smith: 'smithing',
};

/** What the entity is doing, for its animation (skilling only once it stands still at the object). */
export function activityOf(world: World, o: Player | Npc): EntityActivity | undefined {
  if (o.kind === 'npc') return o.target ? 'attacking' : undefined;
  const a = o.activity;
  if (a && o.path.length === 0) {
    if (a.kind === 'firemaking') return 'firemaking';
    if (a.kind === 'gather' && a.state instanceof GatherJob) {
      const def = world.content.resources.get(a.state.object.defId);
      return def ? GATHER_ANIM[def.kind] : undefined;
    }
    const job = a.kind === 'make' ? makeJobOf(o) : undefined;
    if (job) return MAKE_ANIM[job.recipe.kind];
  }
  return COMBAT.of(o).target ? 'attacking' : undefined;
}

/** The player's active overhead prayer (conflict group `overhead`: at most one is on at a time). */
export function headIconOf(world: World, p: Player): string | undefined {
  for (const id of PRAYER.of(p).active) {
    if (world.content.prayers.get(id)?.conflictGroups?.includes('overhead')) return id;
  }
  return undefined;
}

function wornOf(p: Player): { worn: WornItems; key: string } {
  const worn: WornItems = {};
  let key = '';
  for (const slot of WORN_SLOTS) {
    const itemId = p.equipment.itemId(slot);
    if (itemId === undefined) continue;
    worn[slot] = itemId;
    key += `${slot}=${itemId},`;
  }
  return { worn, key };
}

/**
 * The entity's look this tick (built at most once per tick), with its change since the previous
 * build when the previous build was the previous tick's (every entity's look is built every tick;
 * an entity new to the world has no change, and enters views with its full look).
 */
export function lookOf(world: World, o: Player | Npc, looks = LOOKS.of(world)): Built {
  const prev = looks[o.idx];
  if (prev && prev.owner === o && prev.tick === world.tick + 1) return prev;
  const activity = activityOf(world, o);
  let worn: WornItems | undefined;
  let wornKey = '';
  let headIcon: string | undefined;
  let equipmentVersion = -1;
  if (o.kind === 'player') {
    equipmentVersion = o.equipment.version;
    if (prev && prev.owner === o && prev.equipmentVersion === equipmentVersion) {
      worn = prev.look.worn;
      wornKey = prev.wornKey;
    } else {
      const w = wornOf(o);
      worn = w.key === '' ? undefined : w.worn;
      wornKey = w.key;
    }
    headIcon = headIconOf(world, o);
  }
  if (
    prev &&
    prev.owner === o &&
    wornKey === prev.wornKey &&
    activity === prev.look.activity &&
    headIcon === prev.look.headIcon
  ) {
    // Unchanged (the common case): the same look object, so snapshots built with it can be reused.
    prev.tick = world.tick + 1;
    prev.equipmentVersion = equipmentVersion;
    prev.change = undefined;
    return prev;
  }
  const look: EntityLook = {};
  if (worn) look.worn = worn;
  if (activity) look.activity = activity;
  if (headIcon) look.headIcon = headIcon;
  // A change only against the previous tick's look: what every view that knows the entity has.
  const change =
    prev && prev.owner === o && prev.tick === world.tick ? lookChange(o.idx, prev.look, look) : undefined;
  const built: Built = { owner: o, tick: world.tick + 1, look, wornKey, equipmentVersion, change };
  looks[o.idx] = built;
  return built;
}

function sameWorn(a: WornItems | undefined, b: WornItems | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const keys = Object.keys(a) as Array<keyof WornItems>;
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

/**
 * The change entry from one look to another (what a client that has `from` needs to show `to`), or
 * undefined when they look the same.
 */
export function lookChange(idx: number, from: EntityLook, to: EntityLook): EntityChange | undefined {
  const c: EntityChange = { idx };
  let any = false;
  if (!sameWorn(from.worn, to.worn)) {
    c.worn = to.worn ?? {};
    any = true;
  }
  if (from.activity !== to.activity) {
    c.activity = to.activity ?? null;
    any = true;
  }
  if (from.headIcon !== to.headIcon) {
    c.headIcon = to.headIcon ?? null;
    any = true;
  }
  return any ? c : undefined;
}
