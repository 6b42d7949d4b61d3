import {
  applyMove,
  keepDeparted,
  type EntityChange,
  type EntitySnapshot,
  type GroundItemSnapshot,
  type PlayerStatePayload,
  type ServerPayload,
} from '@tilerealm/protocol';
import type { GameClient } from '../client';
import type { ServerMessage } from '../inbound';

/** An altered world object (depleted tree, moved fishing spot, fire) as `object:update` last showed it. */
export type AlteredObject = ServerPayload<'object:update'>['objects'][number];
export type BankSlot = ServerPayload<'bank:update'>['slots'][number];
export type ShopState = ServerPayload<'shop:update'>;

/** Server events the world model follows (everything else is ignored by `apply`). */
export const TRACKED_EVENTS = [
  'player:sync',
  'world:update',
  'object:update',
  'inventory:update',
  'equipment:update',
  'skill:xp',
  'skill:levelUp',
  'player:stats',
  'player:coins',
  'player:died',
  'bank:update',
  'shop:update',
  'interface:closed',
] as const;

/**
 * What an agent knows of the world, kept only from what the server sends its session (no back
 * door): its own player (from `player:sync`, then the per-event deltas), the entities and ground
 * items in view (`world:update`), the altered objects (`object:update`) and the open bank or shop.
 * `apply` is a pure state update, so recorded event streams can be replayed in tests.
 */
export class WorldModel {
  /** The full own-player state; undefined until the first `player:sync`. */
  player: PlayerStatePayload | undefined;
  /** Entities in view by their per-world handle (`idx`), positions kept current from `moved`. */
  readonly entities = new Map<number, EntitySnapshot>();
  /**
   * Entities that left the view lately, oldest first (at most RETURN_MEMORY, as the server counts
   * them), so that one coming back unchanged comes as a short `returned` entry.
   */
  private readonly departed = new Map<number, EntitySnapshot>();
  readonly groundItems = new Map<string, GroundItemSnapshot>();
  /** Objects whose state differs from the area placements, by object id. */
  readonly objects = new Map<string, AlteredObject>();
  bank: BankSlot[] | undefined;
  shop: ShopState | undefined;
  tick = 0;

  /** Follows `client`'s events from now on; returns the function that stops following. */
  attach(client: GameClient): () => void {
    const offs = [
      client.on('player:sync', (data) => this.apply({ event: 'player:sync', data, rid: undefined })),
      client.on('world:update', (data) => this.apply({ event: 'world:update', data, rid: undefined })),
      client.on('object:update', (data) => this.apply({ event: 'object:update', data, rid: undefined })),
      client.on('inventory:update', (data) =>
        this.apply({ event: 'inventory:update', data, rid: undefined }),
      ),
      client.on('equipment:update', (data) =>
        this.apply({ event: 'equipment:update', data, rid: undefined }),
      ),
      client.on('skill:xp', (data) => this.apply({ event: 'skill:xp', data, rid: undefined })),
      client.on('skill:levelUp', (data) => this.apply({ event: 'skill:levelUp', data, rid: undefined })),
      client.on('player:stats', (data) => this.apply({ event: 'player:stats', data, rid: undefined })),
      client.on('player:coins', (data) => this.apply({ event: 'player:coins', data, rid: undefined })),
      client.on('player:died', (data) => this.apply({ event: 'player:died', data, rid: undefined })),
      client.on('bank:update', (data) => this.apply({ event: 'bank:update', data, rid: undefined })),
      client.on('shop:update', (data) => this.apply({ event: 'shop:update', data, rid: undefined })),
      client.on('interface:closed', (data) =>
        this.apply({ event: 'interface:closed', data, rid: undefined }),
      ),
    ];
    return () => offs.forEach((off) => off());
  }

  /** Applies one server message to the model; returns false for events it does not track. */
  apply(message: ServerMessage): boolean {
    const data = message.data;
    if ('tick' in data && typeof data.tick === 'number') this.tick = Math.max(this.tick, data.tick);
    switch (message.event) {
      case 'player:sync':
        this.player = structuredClone(message.data.player);
        // A sync means a fresh view: entities, ground items and objects in view come again.
        this.entities.clear();
        this.departed.clear();
        this.groundItems.clear();
        this.objects.clear();
        return true;
      case 'world:update':
        this.applyWorld(message.data);
        return true;
      case 'object:update':
        for (const id of message.data.removed) this.objects.delete(id);
        for (const o of message.data.objects) this.objects.set(o.id, o);
        return true;
      case 'inventory:update':
        if (this.player) this.player.inventory = message.data.slots;
        return true;
      case 'equipment:update':
        if (this.player) this.player.equipment = message.data.slots;
        return true;
      case 'skill:xp':
      case 'skill:levelUp':
        this.applySkill(message.data);
        return true;
      case 'player:stats':
        if (this.player) {
          this.player.health = message.data.health;
          this.player.maxHealth = message.data.maxHealth;
        }
        return true;
      case 'player:coins':
        if (this.player) this.player.coins = message.data.coins;
        return true;
      case 'player:died':
        // The respawn is at full health on the starter town's spawn (no player:stats follows).
        if (this.player) {
          this.player.health = this.player.maxHealth;
          this.player.position = { ...this.player.position, ...message.data.respawn, moving: false };
        }
        return true;
      case 'bank:update':
        this.bank = message.data.slots;
        return true;
      case 'shop:update':
        this.shop = message.data;
        return true;
      case 'interface:closed':
        if (message.data.interface === 'bank') this.bank = undefined;
        else this.shop = undefined;
        return true;
      default:
        return false;
    }
  }

  /** The own tile, or undefined before the first sync. */
  get position(): { x: number; z: number } | undefined {
    const p = this.player?.position;
    return p ? { x: p.x, z: p.z } : undefined;
  }

  /** Free inventory slots (28 in all). */
  get freeSlots(): number {
    return 28 - (this.player?.inventory.length ?? 0);
  }

  /** The inventory slot holding the first of `itemIds` found, if any. */
  slotOf(...itemIds: string[]): number | undefined {
    return this.player?.inventory.find((s) => itemIds.includes(s.itemId))?.slot;
  }

  /** Whether any of `itemIds` is carried or worn. */
  has(...itemIds: string[]): boolean {
    const p = this.player;
    if (!p) return false;
    return [...p.inventory, ...p.equipment].some((s) => itemIds.includes(s.itemId));
  }

  /** How many of `itemId` the inventory holds (stacks summed). */
  count(itemId: string): number {
    return (this.player?.inventory ?? [])
      .filter((s) => s.itemId === itemId)
      .reduce((n, s) => n + s.quantity, 0);
  }

  /** XP of a skill (0 when unknown). */
  xp(skill: string): number {
    return this.player?.skills[skill]?.xp ?? 0;
  }

  /** An entity in view by its id (`entered[].id`). */
  entity(id: string): EntitySnapshot | undefined {
    for (const e of this.entities.values()) if (e.id === id) return e;
    return undefined;
  }

  /** The nearest entity in view (Chebyshev distance) that satisfies `predicate`. */
  nearestEntity(predicate: (e: EntitySnapshot) => boolean): EntitySnapshot | undefined {
    const here = this.position;
    let best: EntitySnapshot | undefined;
    let bestD = Infinity;
    for (const e of this.entities.values()) {
      if (!predicate(e)) continue;
      const d = here ? Math.max(Math.abs(e.x - here.x), Math.abs(e.z - here.z)) : 0;
      if (d < bestD) [best, bestD] = [e, d];
    }
    return best;
  }

  /** Whether an object is depleted now (placed objects are fresh unless `object:update` said otherwise). */
  isDepleted(objectId: string): boolean {
    return this.objects.get(objectId)?.depleted ?? false;
  }

  private applyWorld(u: ServerPayload<'world:update'>): void {
    if (u.self && this.player) this.player.position = u.self;
    // Entered and returned before left: the kept departed entities are counted as the server counts them.
    for (const e of u.entered ?? []) {
      this.departed.delete(e.idx);
      this.entities.set(e.idx, { ...e });
    }
    for (const back of u.returned ?? []) {
      const e = this.departed.get(back[0]);
      this.departed.delete(back[0]);
      if (e) this.entities.set(back[0], Object.assign(e, applyMove(e, back)));
    }
    for (const idx of u.left ?? []) {
      const e = this.entities.get(idx);
      this.entities.delete(idx);
      if (e) keepDeparted(this.departed, idx, e);
    }
    for (const move of u.moved ?? []) {
      const e = this.entities.get(move[0]);
      if (e) Object.assign(e, applyMove(e, move));
    }
    for (const c of u.changed ?? []) {
      const e = this.entities.get(c.idx);
      if (e) applyLookChange(e, c);
    }
    for (const id of u.itemsRemoved ?? []) this.groundItems.delete(id);
    for (const g of u.itemsAdded ?? []) this.groundItems.set(g.id, g);
  }

  private applySkill(d: { skill: string; level: number; xp?: number; combatLevel?: number }): void {
    const p = this.player;
    if (!p) return;
    const prev = p.skills[d.skill] ?? { level: 1, xp: 0 };
    p.skills[d.skill] = { level: d.level, xp: d.xp ?? prev.xp };
    if (d.combatLevel !== undefined) p.combatLevel = d.combatLevel;
  }
}

/** Applies a look change entry (world:update `changed`) to an entity in view: only the parts it names. */
export function applyLookChange(e: EntitySnapshot, c: EntityChange): void {
  if (c.worn !== undefined) {
    if (Object.keys(c.worn).length > 0) e.worn = { ...c.worn };
    else delete e.worn;
  }
  if (c.activity !== undefined) {
    if (c.activity === null) delete e.activity;
    else e.activity = c.activity;
  }
  if (c.headIcon !== undefined) {
    if (c.headIcon === null) delete e.headIcon;
    else e.headIcon = c.headIcon;
  }
}
