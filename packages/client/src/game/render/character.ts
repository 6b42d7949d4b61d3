import * as THREE from 'three';
import { itemShape, materialColour, type ItemShape } from '../../items/palette';
import type { AnimName, Pose } from './animation';
import type { ModelLibrary } from './models';

const SKIN = 0xe0b48c;
const TROUSERS = 0x4a3b2a;
const WOOD = 0x8a5a2e;
const HIP_Y = 0.85;
const SHOULDER_Y = 1.4;

const shapeOf = (i: WornItem): ItemShape => itemShape({ id: i.itemId, category: '', equipSlot: i.slot });

/** The shapes of the tools each skilling animation holds. */
const TOOL_SHAPES: Partial<Record<AnimName, readonly ItemShape[]>> = {
  woodcutting: ['axe', 'battleaxe'],
  mining: ['pickaxe'],
  fishing: ['rod', 'harpoon', 'net', 'pot'],
};

/** The item a character holds while playing `anim`: the first carried item of a fitting shape. */
export function toolFor(anim: AnimName, carried: readonly { itemId: string }[]): string | undefined {
  const shapes = TOOL_SHAPES[anim];
  if (!shapes) return undefined;
  return carried.find((c) => shapes.includes(itemShape({ id: c.itemId, category: '' })))?.itemId;
}

/** One worn item: its equipment slot and item id (the look comes from the id and slot). */
export interface WornItem {
  slot: string;
  itemId: string;
}

/**
 * A player drawn from simple parts with jointed limbs (hips, shoulders, right elbow), so that
 * animation.ts poses can move them, and with the worn items drawn on it: weapon in the right hand,
 * shield on the left arm, cape on the back, helmet, body and legs in their material's colour.
 * Shares geometries and materials through the ModelLibrary (freed with it).
 */
export class CharacterRig {
  readonly root = new THREE.Group();
  private readonly torso: THREE.Mesh;
  private readonly leftArm = new THREE.Group();
  private readonly rightArm = new THREE.Group();
  private readonly rightForearm = new THREE.Group();
  private readonly leftLeg = new THREE.Group();
  private readonly rightLeg = new THREE.Group();
  private readonly head = new THREE.Group();
  private readonly limbs: THREE.Mesh[] = [];
  private readonly legMeshes: THREE.Mesh[] = [];
  private readonly worn = new THREE.Group();
  private readonly hand = new THREE.Group();
  private readonly shieldMount = new THREE.Group();
  private readonly back = new THREE.Group();
  private cape: THREE.Object3D | undefined;
  private wornKey = '';
  private weapon: THREE.Object3D | undefined;
  private tool: THREE.Object3D | undefined;
  private toolId: string | undefined;

  constructor(
    private readonly models: ModelLibrary,
    private readonly shirt: number,
  ) {
    const box = (w: number, hgt: number, d: number): THREE.BufferGeometry =>
      models.geometry(`rig-box:${w}:${hgt}:${d}`, () => new THREE.BoxGeometry(w, hgt, d));
    const skin = models.material(SKIN);
    this.root.name = 'character';
    this.torso = new THREE.Mesh(box(0.44, 0.6, 0.26), models.material(shirt));
    this.torso.position.y = HIP_Y + 0.3;
    this.root.add(this.torso);

    this.head.position.y = SHOULDER_Y + 0.05;
    const skull = new THREE.Mesh(
      models.geometry('rig-head', () => new THREE.SphereGeometry(0.17, 10, 8)),
      skin,
    );
    skull.position.y = 0.17;
    const nose = new THREE.Mesh(box(0.06, 0.06, 0.1), skin);
    nose.position.set(0, 0.16, 0.17);
    this.head.add(skull, nose);
    this.root.add(this.head);

    for (const [arm, x] of [
      [this.leftArm, -0.29],
      [this.rightArm, 0.29],
    ] as const) {
      arm.position.set(x, SHOULDER_Y, 0);
      const upper = new THREE.Mesh(box(0.12, 0.32, 0.14), models.material(shirt));
      upper.position.y = -0.16;
      arm.add(upper);
      this.limbs.push(upper);
      this.root.add(arm);
    }
    this.rightForearm.position.y = -0.3;
    this.rightArm.add(this.rightForearm);
    const leftForearm = new THREE.Group();
    leftForearm.position.y = -0.3;
    this.leftArm.add(leftForearm);
    for (const fore of [this.rightForearm, leftForearm]) {
      const m = new THREE.Mesh(box(0.11, 0.3, 0.12), skin);
      m.position.y = -0.15;
      fore.add(m);
    }
    this.hand.position.y = -0.3;
    this.rightForearm.add(this.hand);
    this.shieldMount.position.set(-0.09, -0.15, 0.02);
    leftForearm.add(this.shieldMount);

    for (const [leg, x] of [
      [this.leftLeg, -0.11],
      [this.rightLeg, 0.11],
    ] as const) {
      leg.position.set(x, HIP_Y, 0);
      const m = new THREE.Mesh(box(0.16, 0.85, 0.18), models.material(TROUSERS));
      m.position.y = -0.425;
      leg.add(m);
      this.legMeshes.push(m);
      this.root.add(leg);
    }
    this.back.position.set(0, SHOULDER_Y + 0.02, -0.14);
    this.root.add(this.back, this.worn);
  }

  /** Draws the worn items (rebuilt only when they change). */
  wear(items: readonly WornItem[]): void {
    const key = items
      .map((i) => `${i.slot}=${i.itemId}`)
      .sort()
      .join(',');
    if (key === this.wornKey) return;
    this.wornKey = key;
    for (const g of [this.hand, this.shieldMount, this.back, this.head]) {
      for (const c of [...g.children]) if (c.userData['worn'] === true) g.remove(c);
    }
    this.cape = undefined;
    this.weapon = undefined;
    const bySlot = new Map(items.map((i) => [i.slot, i]));
    const colour = (i: WornItem | undefined, fallback: number): THREE.Material =>
      this.models.material(i ? materialColour(i.itemId) : fallback);
    const body = bySlot.get('body');
    this.torso.material = colour(body, this.shirt);
    for (const m of this.limbs) m.material = colour(body, this.shirt);
    const legs = bySlot.get('legs');
    for (const m of this.legMeshes) m.material = colour(legs, TROUSERS);

    const weapon = bySlot.get('weapon');
    if (weapon) {
      this.weapon = this.weaponMesh(shapeOf(weapon), weapon.itemId);
      this.attach(this.hand, this.weapon);
      this.weapon.visible = this.tool === undefined;
    }
    const shield = bySlot.get('shield');
    if (shield) {
      const kite = shapeOf(shield) === 'kiteshield';
      const m = this.part(
        kite ? 0.05 : 0.05,
        kite ? 0.55 : 0.42,
        kite ? 0.36 : 0.4,
        materialColour(shield.itemId),
      );
      this.attach(this.shieldMount, m);
    }
    const cape = bySlot.get('cape');
    if (cape) {
      const m = this.part(0.42, 0.85, 0.03, materialColour(cape.itemId));
      m.position.y = -0.43;
      const pivot = new THREE.Group();
      pivot.add(m);
      this.attach(this.back, pivot);
      this.cape = pivot;
    }
    const helm = bySlot.get('head');
    if (helm) {
      const shape = shapeOf(helm);
      const full = shape === 'full_helm' || shape === 'hood';
      const geo = this.models.geometry(
        `rig-helm:${full}`,
        () =>
          new THREE.SphereGeometry(0.19, 10, 8, 0, Math.PI * 2, 0, full ? Math.PI * 0.62 : Math.PI * 0.42),
      );
      const m = new THREE.Mesh(geo, this.models.material(materialColour(helm.itemId)));
      m.position.y = 0.19;
      if (shape === 'hat') m.scale.set(1, 1.6, 1);
      this.attach(this.head, m);
    }
  }

  /** Holds a skilling tool (toolFor) in place of the weapon, or nothing (undefined). */
  hold(itemId: string | undefined): void {
    if (itemId === this.toolId) return;
    this.toolId = itemId;
    if (this.tool) this.hand.remove(this.tool);
    this.tool =
      itemId === undefined ? undefined : this.weaponMesh(shapeOf({ slot: 'weapon', itemId }), itemId);
    if (this.tool) this.hand.add(this.tool);
    if (this.weapon) this.weapon.visible = this.tool === undefined;
  }

  /** Applies a pose (animation.ts) to the limbs. */
  pose(p: Pose): void {
    this.leftArm.rotation.x = -p.leftArm;
    this.rightArm.rotation.x = -p.rightArm;
    this.rightForearm.rotation.x = -p.rightForearm;
    this.leftLeg.rotation.x = -p.leftLeg;
    this.rightLeg.rotation.x = -p.rightLeg;
    this.head.rotation.x = -p.head;
    // Lean forward about the feet; a death falls backwards onto the ground.
    this.root.rotation.x = p.lean - p.fall * (Math.PI / 2);
    this.root.position.y = p.bob + p.fall * 0.12;
    // The cape trails behind a forward lean and sways with the stride.
    if (this.cape) this.cape.rotation.x = -Math.min(0.9, p.lean * 1.5 + Math.abs(p.leftLeg) * 0.25);
  }

  private attach(parent: THREE.Object3D, o: THREE.Object3D): void {
    o.userData['worn'] = true;
    parent.add(o);
  }

  private part(w: number, hgt: number, d: number, colour: string | number): THREE.Mesh {
    return new THREE.Mesh(
      this.models.geometry(`rig-box:${w}:${hgt}:${d}`, () => new THREE.BoxGeometry(w, hgt, d)),
      this.models.material(colour),
    );
  }

  /** A weapon held in the hand, pointing forward (+Z) and a little up. */
  private weaponMesh(shape: ItemShape, itemId: string): THREE.Object3D {
    const g = new THREE.Group();
    const metal = materialColour(itemId);
    const add = (m: THREE.Mesh, z: number, y = 0): void => {
      m.position.set(0, y, z);
      g.add(m);
    };
    const blade = (len: number, width: number): void => {
      add(this.part(0.03, width, len, metal), 0.08 + len / 2);
      add(this.part(0.05, 0.2, 0.04, 0x555555), 0.06);
    };
    const haft = (len: number): void => add(this.part(0.04, 0.04, len, WOOD), len / 2 - 0.08);
    switch (shape) {
      case 'dagger':
        blade(0.28, 0.06);
        break;
      case 'sword':
      case 'scimitar':
        blade(0.55, 0.07);
        break;
      case 'longsword':
        blade(0.7, 0.07);
        break;
      case 'greatsword':
        blade(0.95, 0.1);
        break;
      case 'mace':
      case 'warhammer':
        haft(0.6);
        add(this.part(0.12, 0.12, shape === 'warhammer' ? 0.1 : 0.14, metal), 0.5);
        break;
      case 'axe':
      case 'battleaxe':
        haft(0.65);
        add(this.part(0.03, shape === 'battleaxe' ? 0.3 : 0.2, 0.14, metal), 0.5, 0.08);
        break;
      case 'pickaxe':
        haft(0.65);
        add(this.part(0.04, 0.45, 0.05, metal), 0.52);
        break;
      case 'bow': {
        const arc = new THREE.Mesh(
          this.models.geometry('rig-bow', () => new THREE.TorusGeometry(0.45, 0.02, 4, 12, Math.PI * 0.8)),
          this.models.material(metal),
        );
        arc.rotation.set(0, Math.PI / 2, Math.PI * 0.6);
        g.add(arc);
        break;
      }
      case 'rod':
        haft(1.2);
        break;
      case 'harpoon':
        haft(0.9);
        add(this.part(0.03, 0.03, 0.14, 0xa0a4a8), 0.88);
        break;
      default:
        haft(0.5);
    }
    g.rotation.x = -0.35;
    return g;
  }
}
