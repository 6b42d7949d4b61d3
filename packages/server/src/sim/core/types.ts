import type { ClientMessage, Rid, ServerEventName, ServerPayload } from '@tilerealm/protocol';
import type { SkillName } from '../../content/skills';

/** A tile on the ground plane. */
export interface Tile {
  x: number;
  z: number;
}

/** A saved container slot (inventory or equipment; equipment slots are named). */
export interface SlotRow<S extends number | string = number> {
  slot: S;
  itemId: string;
  quantity: number;
}

/** What the world needs to put a character in it: loaded from storage by the transport layer. */
export interface PlayerRecord {
  id: string;
  accountId: string;
  name: string;
  x: number;
  z: number;
  runEnergy: number;
  health: number;
  coins: number;
  combatLevel: number;
  skills: Record<SkillName, { level: number; xp: number }>;
  inventory: Array<SlotRow<number>>;
  equipment: Array<SlotRow<string>>;
}

/** What the world hands to storage to save a character (write-behind snapshot). */
export interface PlayerSnapshot extends PlayerRecord {
  y: number;
}

/** Inputs of the world. Every change to the world comes from one of these, applied in the tick. */
export type Command =
  | { type: 'client'; playerId: string; message: ClientMessage; rid: Rid | undefined }
  | { type: 'login'; record: PlayerRecord }
  | { type: 'logout'; playerId: string; reason: string }
  /** The transport verified the admin code; the player's session may use admin commands. */
  | { type: 'elevate'; playerId: string };

/** An event for one player, produced by the tick and sent by the transport after it. */
export interface OutEvent<E extends ServerEventName = ServerEventName> {
  event: E;
  data: ServerPayload<E>;
  rid?: Rid;
}

/** Side effects for the world's host (storage, sessions), collected during a tick. */
export type Effect =
  | { type: 'save'; snapshot: PlayerSnapshot; reason: 'logout' | 'autosave' | 'shutdown' }
  | { type: 'disconnect'; playerId: string; code: number; reason: string }
  /** A feature failed (a bug): the host logs it; the world carried on. */
  | { type: 'fault'; where: string; message: string };
