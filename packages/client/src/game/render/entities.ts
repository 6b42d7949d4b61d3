import * as THREE from 'three';
import type { Content } from '../../content';
import { h } from '../../dom';
import type { GameStore } from '../store';
import { deathSink, facingYaw, lerpAngle, motionDone, restingAt, retarget, sampleMotion } from './logic';
import { EntityActions } from './actions';
import { animFor, poseAt, SWING_MS } from './animation';
import { CharacterRig, toolFor } from './character';
import { activityAnim, gatheringFacing, othersTool, wornList } from './look';
import type { CharacterState, EntityInput, EntityVisual } from './entity-visual';

export type { CharacterState } from './entity-visual';
import { entityLabel, type PickTarget } from './menus';
import { colourOf, ModelLibrary } from './models';

/** Ground heights as drawn (world units), for placing things on the terrain. */
export interface Ground {
  /** Height of the drawn ground at any point (bilinear between tile centres). */
  at(x: number, z: number): number;
  /** Height of what stands on a tile: the ground, or the water surface. */
  surface(x: number, z: number): number;
}

/** Registry of the invisible meshes the pointer is tested against, and what each one is. */
export type Pickables = Map<THREE.Object3D, () => PickTarget>;

const DEFAULT_HEIGHT = 1.8;
const LABEL_RANGE = 28;

/**
 * Players and NPCs: the own player (WorldModel.player) and every entity in view (WorldModel.entities),
 * reconciled each frame: entering ones get a model (npcs.json `model`, human.glb for players, a
 * simple shape until and unless it loads) and a name label, leaving ones are removed, moving ones
 * slide to their new tile over one tick and face where they go. Deaths sink into the ground.
 */
export class EntityLayer {
  readonly group = new THREE.Group();
  private readonly visuals = new Map<string, EntityVisual>();
  private readonly hitboxGeometry = new THREE.CylinderGeometry(0.42, 0.42, 1, 8).translate(0, 0.5, 0);
  private readonly hitboxMaterial = new THREE.MeshBasicMaterial({ visible: false });
  private readonly ringGeometry = new THREE.CylinderGeometry(0.6, 0.6, 2.2, 16, 1, true).translate(0, 1.1, 0);
  private readonly ringMaterial = new THREE.MeshBasicMaterial({
    color: 0xb48cff,
    transparent: true,
    opacity: 0.35,
    side: THREE.DoubleSide,
    depthWrite: false,
  });
  private readonly actions: EntityActions;

  constructor(
    private readonly store: GameStore,
    private readonly content: Content,
    private readonly models: ModelLibrary,
    private readonly ground: Ground,
    private readonly pickables: Pickables,
    private readonly labels: HTMLElement,
  ) {
    this.group.name = 'entities';
    this.actions = new EntityActions(store, content);
  }

  /** The drawn position of an entity (feet), if it is in view. */
  position(id: string): THREE.Vector3 | undefined {
    return this.visuals.get(id)?.root.position;
  }

  /** Height of an entity's model (for labels and splats above its head). */
  heightOf(id: string): number {
    return this.visuals.get(id)?.height ?? DEFAULT_HEIGHT;
  }

  /** What a player's character is showing, if it is drawn. */
  characterOf(id: string): CharacterState | undefined {
    const v = this.visuals.get(id);
    return v?.rig ? { anim: v.anim, worn: v.worn.map((w) => w.itemId), tool: v.tool } : undefined;
  }

  /** Brings the visuals in line with the world model and advances their motion to `now`. */
  update(now: number, tickMs: number): void {
    const world = this.store.world;
    const selfId = this.store.selfId;
    const seen = new Set<string>();
    const me = world.player;
    if (me && selfId) {
      seen.add(selfId);
      this.upsert(now, tickMs, {
        id: selfId,
        kind: 'player',
        self: true,
        npcId: undefined,
        name: me.name,
        combatLevel: me.combatLevel,
        x: me.position.x,
        z: me.position.z,
        running: me.position.running,
        worn: me.equipment,
        skill: this.actions.skill?.anim,
      });
    }
    for (const e of world.entities.values()) {
      if (e.id === selfId) continue;
      seen.add(e.id);
      this.upsert(now, tickMs, {
        id: e.id,
        kind: e.kind,
        self: false,
        npcId: e.npcId,
        name: e.name,
        combatLevel: e.combatLevel,
        x: e.x,
        z: e.z,
        running: e.running,
        worn: e.kind === 'player' ? wornList(e.worn) : [],
        skill: activityAnim(e.activity),
      });
    }
    for (const [id, v] of this.visuals) if (!seen.has(id)) this.remove(id, v);

    for (const v of this.visuals.values()) {
      const p = sampleMotion(v.motion, now);
      const moving = !motionDone(v.motion, now);
      if (moving) {
        const target = facingYaw(v.motion.toX - v.motion.fromX, v.motion.toZ - v.motion.fromZ, v.yaw);
        v.yaw = lerpAngle(v.yaw, target, 0.25);
      }
      v.root.position.set(p.x, this.ground.at(p.x, p.z), p.z);
      if (v.rig) {
        this.animate(v, now, moving);
        continue;
      }
      v.root.rotation.y = v.yaw;
      // A little bob while walking.
      v.body.position.y = moving ? Math.abs(Math.sin(now / 90)) * 0.06 : 0;
      // A lunge forward while swinging.
      const swing = this.actions.swingStart(v.id, now);
      v.body.rotation.x = swing === undefined ? 0 : 0.25 * Math.sin(((now - swing) / 600) * Math.PI);
      if (v.dyingAt !== undefined) {
        const age = now - v.dyingAt;
        const sink = deathSink(age, v.deathMs);
        v.body.position.y = -sink * v.height * 0.9;
        v.body.rotation.z = sink * 1.2;
        // The own player respawns (and an NPC leaves view) after the animation.
        if (age > v.deathMs + 2500) {
          v.dyingAt = undefined;
          v.body.rotation.z = 0;
        }
      }
    }
  }

  /** Positions the name labels (container-relative pixels) through `project`. */
  placeLabels(
    project: (p: THREE.Vector3) => { x: number; y: number } | undefined,
    camera: THREE.Vector3,
  ): void {
    const p = new THREE.Vector3();
    for (const v of this.visuals.values()) {
      p.copy(v.root.position);
      const far = p.distanceTo(camera) > LABEL_RANGE + 20;
      p.y += v.height + 0.35;
      const at = far ? undefined : project(p);
      if (!at) {
        v.label.hidden = true;
        continue;
      }
      v.label.hidden = false;
      v.label.style.transform = `translate(${at.x.toFixed(1)}px, ${at.y.toFixed(1)}px) translate(-50%, -100%)`;
    }
  }

  /** A death animation (combat:death) lasting `ms`. */
  die(id: string, ms: number, now: number): void {
    const v = this.visuals.get(id);
    if (!v) return;
    v.dyingAt = now;
    v.deathMs = Math.max(300, ms);
  }

  /** Shows or hides the home-teleport cast around a player. */
  teleporting(id: string, on: boolean): void {
    const v = this.visuals.get(id);
    if (!v) return;
    if (on && !v.teleportRing) {
      v.teleportRing = new THREE.Mesh(this.ringGeometry, this.ringMaterial);
      v.root.add(v.teleportRing);
    } else if (!on && v.teleportRing) {
      v.root.remove(v.teleportRing);
      v.teleportRing = undefined;
    }
  }

  /** Forgets every motion (player:sync, a new view): everything stands on its tile at once. */
  snapAll(now: number): void {
    for (const v of this.visuals.values()) v.motion = restingAt(v.tileX, v.tileZ, now);
  }

  dispose(): void {
    this.actions.dispose();
    for (const [id, v] of this.visuals) this.remove(id, v);
    this.hitboxGeometry.dispose();
    this.hitboxMaterial.dispose();
    this.ringGeometry.dispose();
    this.ringMaterial.dispose();
  }

  private upsert(now: number, tickMs: number, e: EntityInput): void {
    const v = this.visuals.get(e.id);
    if (!v) {
      this.visuals.set(e.id, this.create(e, now));
      return;
    }
    if (v.name !== e.name || v.combatLevel !== e.combatLevel) {
      v.name = e.name;
      v.combatLevel = e.combatLevel;
      v.label.textContent = this.labelText(v);
    }
    v.running = e.running;
    v.worn = e.worn;
    if (v.skill !== e.skill || (e.skill && v.tileX !== e.x) || (e.skill && v.tileZ !== e.z))
      v.faces = e.self ? undefined : this.facingOf(e);
    v.skill = e.skill;
    v.rig?.wear(e.worn);
    if (v.tileX !== e.x || v.tileZ !== e.z) {
      const jump = Math.max(Math.abs(v.tileX - e.x), Math.abs(v.tileZ - e.z));
      v.tileX = e.x;
      v.tileZ = e.z;
      v.motion = retarget(v.motion, e.x, e.z, now, tickMs);
      // A respawn or teleport ends the death and cast animations.
      if (jump > 4) {
        v.dyingAt = undefined;
        v.body.rotation.z = 0;
        this.teleporting(v.id, false);
      }
    }
  }

  private labelText(v: {
    kind: string;
    npcId: string | undefined;
    name: string;
    combatLevel: number;
  }): string {
    if (v.kind === 'player') return v.name;
    const def = v.npcId ? this.content.npcs.get(v.npcId) : undefined;
    return entityLabel(v.name, v.combatLevel, def !== undefined && def.attackable !== false);
  }

  private create(e: EntityInput, now: number): EntityVisual {
    const root = new THREE.Group();
    root.name = `entity:${e.id}`;
    const body = new THREE.Group();
    root.add(body);
    const def = e.npcId ? this.content.npcs.get(e.npcId) : undefined;
    const model = e.kind === 'player' ? 'human.glb' : def?.model;
    const humanoid = e.kind === 'player' || model === 'human.glb' || model === 'dwarf.glb';
    const colour = e.self ? 0x2f5fa8 : e.kind === 'player' ? 0x7a4fa8 : colourOf(e.npcId ?? e.name);
    // Players are drawn jointed (animated, wearing their equipment); NPCs use their model.
    const rig = e.kind === 'player' ? new CharacterRig(this.models, colour) : undefined;
    body.add(rig ? rig.root : this.models.fallback(humanoid ? 'human' : 'creature', 1, 1, 1, colour));
    const hitbox = new THREE.Mesh(this.hitboxGeometry, this.hitboxMaterial);
    hitbox.scale.y = DEFAULT_HEIGHT;
    root.add(hitbox);
    const label = h(
      'div',
      {
        class: `world-label ${e.kind}${e.self ? ' self' : ''}`,
        'data-testid': 'entity-label',
        'data-entity-id': e.id,
      },
      '',
    );
    label.hidden = true;
    this.labels.append(label);
    const v: EntityVisual = {
      id: e.id,
      kind: e.kind,
      self: e.self,
      npcId: e.npcId,
      name: e.name,
      combatLevel: e.combatLevel,
      tileX: e.x,
      tileZ: e.z,
      root,
      body,
      hitbox,
      label,
      motion: restingAt(e.x, e.z, now),
      yaw: 0,
      height: humanoid ? DEFAULT_HEIGHT : 1.2,
      dyingAt: undefined,
      deathMs: 1800,
      teleportRing: undefined,
      removed: false,
      rig,
      running: e.running,
      worn: e.worn,
      skill: e.skill,
      anim: 'idle',
      tool: undefined,
      faces: e.self ? undefined : this.facingOf(e),
    };
    rig?.wear(e.worn);
    label.textContent = this.labelText(v);
    root.position.set(e.x, this.ground.at(e.x, e.z), e.z);
    this.group.add(root);
    this.pickables.set(hitbox, () =>
      v.kind === 'npc'
        ? {
            kind: 'npc',
            id: v.id,
            npcId: v.npcId,
            name: v.name,
            combatLevel: v.combatLevel,
            x: v.tileX,
            z: v.tileZ,
          }
        : {
            kind: 'player',
            id: v.id,
            name: v.name,
            combatLevel: v.combatLevel,
            x: v.tileX,
            z: v.tileZ,
            self: v.self,
          },
    );
    void this.models.load(rig ? undefined : model).then((m) => {
      if (!m || v.removed) return;
      const size = ModelLibrary.sizeOf(m);
      // Guard against a model authored at a silly scale: creatures stand 0.3 to 4 tiles tall.
      if (size.y > 4 || (size.y > 0 && size.y < 0.2))
        m.scale.setScalar(Math.min(4, Math.max(0.3, size.y)) / size.y);
      body.clear();
      body.add(m);
      v.height = Math.max(0.5, Math.min(4, size.y * m.scale.y));
      hitbox.scale.set(
        Math.max(1, Math.min(2, Math.max(size.x, size.z))),
        v.height,
        Math.max(1, Math.min(2, Math.max(size.x, size.z))),
      );
    });
    return v;
  }

  /** Poses a player's jointed character for what it is doing (animation.ts). */
  private animate(v: EntityVisual, now: number, moving: boolean): void {
    const skill = moving ? undefined : v.skill;
    const at = !skill ? undefined : v.self ? this.actions.skill : v.faces;
    if (at && v.dyingAt === undefined)
      v.yaw = lerpAngle(v.yaw, facingYaw(at.x - v.tileX, at.z - v.tileZ, v.yaw), 0.25);
    v.root.rotation.y = v.yaw;
    const swingAt = this.actions.swingStart(v.id, now);
    const dying = v.dyingAt !== undefined;
    const swingUntil = swingAt === undefined ? undefined : swingAt + SWING_MS;
    const anim = animFor({ dying, moving, running: v.running, swingUntil, skill }, now);
    const since = anim === 'attack' ? swingAt : anim === 'death' ? v.dyingAt : undefined;
    v.rig?.pose(poseAt(anim, now - (since ?? 0), v.deathMs));
    v.anim = anim;
    v.tool = v.self ? toolFor(anim, this.store.world.player?.inventory ?? []) : othersTool(anim, v.worn);
    v.rig?.hold(v.tool);
    // The own player respawns (and another leaves view) after the animation.
    if (v.dyingAt !== undefined && now - v.dyingAt > v.deathMs + 2500) v.dyingAt = undefined;
  }

  /** The tile another player faces while gathering. */
  private facingOf(e: EntityInput): { x: number; z: number } | undefined {
    return gatheringFacing(this.content, this.store.world.objects.values(), e.skill, e.x, e.z);
  }

  private remove(id: string, v: EntityVisual): void {
    v.removed = true;
    this.group.remove(v.root);
    this.pickables.delete(v.hitbox);
    v.label.remove();
    this.visuals.delete(id);
  }
}
