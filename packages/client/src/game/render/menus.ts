import type { Content } from '../../content';

/**
 * What a click in the world can mean, as data: the world view turns an option's intent into the
 * request (world-actions.ts). Kept pure so the option lists are tested without a browser.
 */
export type Intent =
  | { type: 'walk'; x: number; z: number }
  | { type: 'attack'; targetId: string }
  | { type: 'talk'; npcId: string }
  | { type: 'openShop'; npcId: string }
  | { type: 'openBank'; targetId: string }
  | { type: 'trade'; playerId: string }
  | { type: 'gather'; objectId: string; methodId?: string }
  | { type: 'pray'; objectId: string }
  | { type: 'pickup'; groundItemId: string }
  | { type: 'reclaim'; gravestoneId: string }
  | { type: 'useItemOn'; slot: number; targetId: string }
  | { type: 'message'; text: string };

/** One menu entry before it is bound to the store. The first option of a list is the left-click action. */
export interface OptionSpec {
  label: string;
  target?: string;
  intent: Intent;
}

/** Something the pointer can be on. */
export type PickTarget =
  | { kind: 'tile'; x: number; z: number }
  | { kind: 'npc'; id: string; npcId?: string; name: string; combatLevel: number; x: number; z: number }
  | { kind: 'player'; id: string; name: string; combatLevel: number; x: number; z: number; self: boolean }
  | {
      kind: 'object';
      id: string;
      objectKind: 'resource' | 'station';
      defId: string;
      depleted: boolean;
      x: number;
      z: number;
    }
  | { kind: 'building'; defId: string; x: number; z: number }
  | { kind: 'groundItem'; id: string; itemId: string; quantity: number; x: number; z: number }
  | { kind: 'gravestone'; id: string; x: number; z: number };

export type MenuContent = Pick<Content, 'npcs' | 'resources' | 'stations' | 'buildings' | 'items'>;

export interface MenuContext {
  /** The inventory item picked with "Use", if any. */
  selection?: { slot: number; itemId: string };
  /** Whether players may attack each other where the own player stands. */
  pvp?: boolean;
  /** The tile under the pointer, for "Walk here". */
  tile?: { x: number; z: number };
}

/** Whether an NPC's dialogue can open a shop (an `open_shop` effect anywhere in it). */
export function npcKeepsShop(def: unknown): boolean {
  const dialogue = (def as { dialogue?: unknown } | undefined)?.dialogue;
  return dialogue !== undefined && JSON.stringify(dialogue).includes('"open_shop"');
}

/** Whether an NPC has something to say. */
function npcTalks(def: object | undefined): boolean {
  const dialogue = (def as { dialogue?: unknown } | undefined)?.dialogue;
  return dialogue !== undefined && dialogue !== null;
}

/** "Goblin (level 2)" for fighters, the plain name otherwise. */
export function entityLabel(name: string, combatLevel: number, attackable: boolean): string {
  return attackable && combatLevel > 0 ? `${name} (level ${combatLevel})` : name;
}

const GATHER_VERB: Record<string, string> = { tree: 'Chop down', rock: 'Mine', fishing_spot: 'Fish' };

/** The examine text of a target, for "Examine". */
export function examineText(content: MenuContent, t: PickTarget): string {
  switch (t.kind) {
    case 'npc':
      return (t.npcId && content.npcs.get(t.npcId)?.examine) || `It's ${t.name}.`;
    case 'player':
      return t.self ? 'That is you.' : `A fellow adventurer: ${t.name} (level ${t.combatLevel}).`;
    case 'object': {
      const def =
        t.objectKind === 'resource' ? content.resources.get(t.defId) : content.stations.get(t.defId);
      if (t.depleted && t.objectKind === 'resource')
        return content.resources.get(t.defId)?.kind === 'tree'
          ? 'A tree stump.'
          : 'There is nothing left to mine here.';
      return def?.examine ?? `It's a ${def?.name ?? t.defId}.`;
    }
    case 'building': {
      const def = content.buildings.get(t.defId);
      return def?.examine ?? def?.name ?? 'A building.';
    }
    case 'groundItem': {
      const def = content.items.get(t.itemId);
      const base = def?.examine ?? `It's ${def?.name ?? t.itemId}.`;
      return t.quantity > 1 ? `${base} (${t.quantity})` : base;
    }
    case 'gravestone':
      return 'Your gravestone. Your items are safe here for a while.';
    case 'tile':
      return '';
  }
}

/** The display name of a target, shown after the option's label. */
export function targetName(content: MenuContent, t: PickTarget): string {
  switch (t.kind) {
    case 'npc': {
      const def = t.npcId ? content.npcs.get(t.npcId) : undefined;
      return entityLabel(t.name, t.combatLevel, def?.attackable !== false && def !== undefined);
    }
    case 'player':
      return `${t.name} (level ${t.combatLevel})`;
    case 'object': {
      const def =
        t.objectKind === 'resource' ? content.resources.get(t.defId) : content.stations.get(t.defId);
      if (t.depleted && content.resources.get(t.defId)?.kind === 'tree') return 'Tree stump';
      return def?.name ?? t.defId;
    }
    case 'building':
      return content.buildings.get(t.defId)?.name ?? t.defId;
    case 'groundItem': {
      const name = content.items.get(t.itemId)?.name ?? t.itemId;
      return t.quantity > 1 ? `${name} (${t.quantity})` : name;
    }
    case 'gravestone':
      return 'Gravestone';
    case 'tile':
      return '';
  }
}

/**
 * Every option for a target, the default (left-click) action first, "Walk here" and "Examine" last.
 * With an item selected ("Use"), using it on an object comes first.
 */
export function menuOptions(content: MenuContent, t: PickTarget, ctx: MenuContext = {}): OptionSpec[] {
  const target = targetName(content, t);
  const out: OptionSpec[] = [];
  const add = (label: string, intent: Intent, named = true): void => {
    out.push(named && target ? { label, target, intent } : { label, intent });
  };

  if (ctx.selection && t.kind === 'object') {
    const item = content.items.get(ctx.selection.itemId)?.name ?? ctx.selection.itemId;
    out.push({
      label: `Use ${item} ->`,
      target,
      intent: { type: 'useItemOn', slot: ctx.selection.slot, targetId: t.id },
    });
  }

  switch (t.kind) {
    case 'tile':
      add('Walk here', { type: 'walk', x: t.x, z: t.z }, false);
      return out;
    case 'npc': {
      const def = t.npcId ? content.npcs.get(t.npcId) : undefined;
      const attackable = def ? def.attackable !== false : true;
      const talks = npcTalks(def);
      if (attackable) add('Attack', { type: 'attack', targetId: t.id });
      if (talks) add('Talk-to', { type: 'talk', npcId: t.id });
      if (t.npcId?.startsWith('banker_')) add('Bank', { type: 'openBank', targetId: t.id });
      if (npcKeepsShop(def)) add('Trade', { type: 'openShop', npcId: t.id });
      break;
    }
    case 'player':
      if (t.self) break;
      if (ctx.pvp) add('Attack', { type: 'attack', targetId: t.id });
      add('Trade with', { type: 'trade', playerId: t.id });
      break;
    case 'object': {
      if (t.objectKind === 'resource') {
        const def = content.resources.get(t.defId);
        const methods = (def as { methods?: Array<{ id: string; label: string }> } | undefined)?.methods;
        if (def?.kind === 'fishing_spot' && methods?.length) {
          for (const m of methods) add(m.label, { type: 'gather', objectId: t.id, methodId: m.id });
        } else if (!t.depleted) {
          add(GATHER_VERB[def?.kind ?? ''] ?? 'Gather', { type: 'gather', objectId: t.id });
        }
      } else {
        const def = content.stations.get(t.defId);
        for (const a of def?.actions ?? []) {
          if (a.type === 'bank') add(a.label, { type: 'openBank', targetId: t.id });
          else if (a.type === 'pray') add(a.label, { type: 'pray', objectId: t.id });
          else if (a.type === 'cook' || a.type === 'smelt' || a.type === 'smith')
            add(a.label, {
              type: 'message',
              text: `Use ${a.type === 'cook' ? 'raw food' : a.type === 'smelt' ? 'ore' : 'a bar'} on the ${(def?.name ?? 'station').toLowerCase()} (pick it in your inventory with "Use", then click here).`,
            });
          else add(a.label, { type: 'message', text: 'You cannot do that here yet.' });
        }
      }
      break;
    }
    case 'groundItem':
      add('Take', { type: 'pickup', groundItemId: t.id });
      break;
    case 'gravestone':
      add('Reclaim', { type: 'reclaim', gravestoneId: t.id });
      break;
    case 'building':
      break;
  }
  const tile = ctx.tile ?? { x: t.x, z: t.z };
  add('Walk here', { type: 'walk', x: tile.x, z: tile.z }, false);
  add('Examine', { type: 'message', text: examineText(content, t) });
  return out;
}

/** A ground item as the world model holds it, for the piles of a tile. */
export interface GroundItemLike {
  id: string;
  itemId: string;
  quantity: number;
  x: number;
  z: number;
}

function targetKey(t: PickTarget): string {
  return 'id' in t ? `${t.kind}:${t.id}` : `${t.kind}:${t.x},${t.z}`;
}

/**
 * Everything under the cursor, front to back: the things the ray hit (each once), then every item
 * the ray missed of the piles on the tile under the cursor and on the tiles of the characters it hit
 * (a pile's items sit close together, and a character hides the items it stands on; the ray through
 * a character meets the ground behind it). The own character goes last: it has nothing to
 * offer but "Examine", so the loot under it comes first.
 */
export function collectTargets(
  hits: readonly PickTarget[],
  tile: { x: number; z: number } | undefined,
  groundItems: Iterable<GroundItemLike>,
): PickTarget[] {
  const seen = new Set<string>();
  const out: PickTarget[] = [];
  const push = (t: PickTarget): void => {
    const key = targetKey(t);
    if (t.kind === 'tile' || seen.has(key)) return;
    seen.add(key);
    out.push(t);
  };
  for (const t of hits) push(t);
  const tiles = new Set<string>();
  if (tile) tiles.add(`${tile.x},${tile.z}`);
  for (const t of hits)
    if (t.kind === 'player' || t.kind === 'npc') tiles.add(`${Math.round(t.x)},${Math.round(t.z)}`);
  for (const g of groundItems)
    if (tiles.has(`${g.x},${g.z}`))
      push({ kind: 'groundItem', id: g.id, itemId: g.itemId, quantity: g.quantity, x: g.x, z: g.z });
  const self = out.filter((t) => t.kind === 'player' && t.self);
  return [...out.filter((t) => !(t.kind === 'player' && t.self)), ...self];
}

/**
 * The option menu for everything under the cursor, in the order of Old School RuneScape: every
 * action of every target (front to back, each target's default action first), then "Walk here"
 * (to the tile under the cursor), then one "Examine" per target. The first option is the left-click
 * default; the menu itself adds "Cancel" last.
 */
export function buildMenu(
  content: MenuContent,
  targets: readonly PickTarget[],
  ctx: MenuContext = {},
): OptionSpec[] {
  const actions: OptionSpec[] = [];
  const examines: OptionSpec[] = [];
  for (const t of targets) {
    if (t.kind === 'tile') continue;
    for (const o of menuOptions(content, t, ctx)) {
      if (o.intent.type === 'walk') continue;
      if (o.label === 'Examine') examines.push(o);
      else actions.push(o);
    }
  }
  const walk: OptionSpec[] = ctx.tile
    ? [{ label: 'Walk here', intent: { type: 'walk', x: ctx.tile.x, z: ctx.tile.z } }]
    : [];
  return [...actions, ...walk, ...examines];
}

/**
 * The hover text of the top-left corner: the left-click default and how many more options the
 * right-click menu has, "Cancel" included ("Chop down Tree / 3 more options"); just the default
 * when the menu would offer nothing else ("Walk here").
 */
export function hoverText(options: readonly OptionSpec[]): string {
  const first = options[0];
  if (!first) return '';
  const head = first.target ? `${first.label} ${first.target}` : first.label;
  return options.length > 1 ? `${head} / ${options.length} more options` : head;
}
