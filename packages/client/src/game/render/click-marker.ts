import * as THREE from 'three';

/** How long a click marker stays on the clicked tile. */
export const MARKER_MS = 700;
const WALK_COLOUR = 0xffd84a;
const ACTION_COLOUR = 0xff3a2a;

/** What the marker shows, for browser tests. */
export interface MarkerState {
  colour: 'yellow' | 'red';
  /** How many markers were shown before this one. */
  serial: number;
  x: number;
  z: number;
}

/**
 * RuneScape's click marker: a cross on the clicked tile, yellow for a walk and red for an action on
 * something, that shrinks and fades for a moment.
 */
export class ClickMarker {
  readonly object = new THREE.Group();
  private readonly geometry = new THREE.PlaneGeometry(0.62, 0.13).rotateX(-Math.PI / 2);
  private readonly material = new THREE.MeshBasicMaterial({
    color: WALK_COLOUR,
    transparent: true,
    depthWrite: false,
    side: THREE.DoubleSide,
  });
  private born = -Infinity;
  private state: MarkerState | undefined;

  constructor() {
    for (const angle of [Math.PI / 4, -Math.PI / 4]) {
      const bar = new THREE.Mesh(this.geometry, this.material);
      bar.rotation.y = angle;
      bar.renderOrder = 3;
      this.object.add(bar);
    }
    this.object.visible = false;
    this.object.name = 'click-marker';
  }

  show(x: number, z: number, y: number, action: boolean): void {
    this.object.position.set(x, y + 0.05, z);
    this.material.color.set(action ? ACTION_COLOUR : WALK_COLOUR);
    this.born = performance.now();
    this.state = { colour: action ? 'red' : 'yellow', serial: (this.state?.serial ?? -1) + 1, x, z };
    this.object.visible = true;
  }

  /** The last marker shown (on screen for MARKER_MS), if any. */
  last(): MarkerState | undefined {
    return this.state;
  }

  update(now: number): void {
    if (!this.object.visible) return;
    const age = now - this.born;
    if (age > MARKER_MS) {
      this.object.visible = false;
      return;
    }
    const t = age / MARKER_MS;
    this.object.scale.setScalar(1.15 - 0.4 * t);
    this.material.opacity = 1 - t * t;
  }

  dispose(): void {
    this.geometry.dispose();
    this.material.dispose();
  }
}
