/** The state the entity layer (entities.ts) keeps per drawn entity, and what it is drawn from. */
import type * as THREE from 'three';
import type { AnimName, SkillAnim } from './animation';
import type { CharacterRig, WornItem } from './character';
import type { Motion } from './logic';

/** A drawn player or NPC. */
export interface EntityVisual {
  id: string;
  kind: 'player' | 'npc';
  self: boolean;
  npcId: string | undefined;
  name: string;
  combatLevel: number;
  /** The server tile it is walking to. */
  tileX: number;
  tileZ: number;
  root: THREE.Group;
  body: THREE.Group;
  hitbox: THREE.Mesh;
  label: HTMLElement;
  motion: Motion;
  yaw: number;
  height: number;
  dyingAt: number | undefined;
  deathMs: number;
  teleportRing: THREE.Mesh | undefined;
  removed: boolean;
  /** Players: the jointed character that animates and wears equipment (character.ts). */
  rig: CharacterRig | undefined;
  running: boolean;
  /** Players: what it wears and the skilling it does (own state for the own player, else its look). */
  worn: readonly WornItem[];
  skill: SkillAnim | undefined;
  /** The animation last posed and the tool last held (for the browser tests' hook). */
  anim: AnimName;
  tool: string | undefined;
  /** Another player: the tile it faces while gathering (look.ts gatheringFacing). */
  faces: { x: number; z: number } | undefined;
}

/** What a drawn character is showing: its animation, worn items and held tool (browser tests). */
export interface CharacterState {
  anim: AnimName;
  worn: string[];
  tool: string | undefined;
}

/** An entity as the world model has it (the own player or one in view). */
export interface EntityInput {
  id: string;
  kind: 'player' | 'npc';
  self: boolean;
  npcId: string | undefined;
  name: string;
  combatLevel: number;
  x: number;
  z: number;
  running: boolean;
  worn: readonly WornItem[];
  skill: SkillAnim | undefined;
}
