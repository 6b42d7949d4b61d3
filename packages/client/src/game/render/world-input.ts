import * as THREE from 'three';
import { areaAt } from '../../content';
import { h } from '../../dom';
import type { UiHooks } from '../../ui-hooks';
import type { GameStore } from '../store';
import type { ClickMarker } from './click-marker';
import type { EntityLayer, Ground, Pickables } from './entities';
import { clampOrbit, isClick, tileAt, toNdc, zoomOrbit, type Orbit } from './logic';
import { buildMenu, collectTargets, hoverText, type OptionSpec, type PickTarget } from './menus';
import { ActionRunner } from './world-actions';

const KEY_YAW_SPEED = 1.8; // radians per second
const KEY_PITCH_SPEED = 1.0;
/** How often the hover text follows things moving under a still pointer. */
const HOVER_MS = 120;
const ARROWS = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'];

interface Picked {
  targets: PickTarget[];
  tile?: { x: number; z: number };
}

/**
 * The mouse and keyboard of the world view: the left-click default action, the option menu on right
 * click (everything under the cursor, menus.ts), the hover text in the top-left corner, the click
 * markers, orbit with right-drag or the arrow keys and zoom with the wheel.
 */
export class WorldInput {
  orbit: Orbit = { yaw: Math.PI / 4, pitch: 0.85, distance: 16 };
  /** The tile under the pointer (for the see-through roofs), if the pointer is on the ground. */
  hoverTile: { x: number; z: number } | undefined;
  readonly hover = h('div', { class: 'hover-text', 'data-testid': 'hover-text' });
  private readonly runner: ActionRunner;
  private readonly raycaster = new THREE.Raycaster();
  private readonly keys = new Set<string>();
  private down: { button: number; x: number; y: number; orbit: Orbit; dragging: boolean } | undefined;
  private pointer: { x: number; y: number } | undefined;
  private hoverAt = -Infinity;
  private lastPickTile: { x: number; z: number } | undefined;
  private readonly offs: Array<() => void> = [];

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly camera: THREE.Camera,
    private readonly groundMesh: THREE.Object3D,
    private readonly pickables: Pickables,
    private readonly store: GameStore,
    private readonly ui: UiHooks,
    private readonly entities: EntityLayer,
    private readonly ground: Ground,
    private readonly marker: ClickMarker,
  ) {
    this.hover.hidden = true;
    this.runner = new ActionRunner(store, (x, z) => this.mark(x, z, false));
    const on = <K extends keyof HTMLElementEventMap>(
      target: HTMLElement | Window,
      type: K,
      fn: (e: HTMLElementEventMap[K]) => void,
      opts?: AddEventListenerOptions,
    ): void => {
      target.addEventListener(type, fn as EventListener, opts);
      this.offs.push(() => target.removeEventListener(type, fn as EventListener));
    };
    on(canvas, 'pointerdown', (e) => this.onPointerDown(e));
    on(canvas, 'pointermove', (e) => this.onPointerMove(e));
    on(canvas, 'pointerup', (e) => this.onPointerUp(e));
    on(canvas, 'pointerleave', () => {
      this.pointer = undefined;
      this.hoverTile = undefined;
      this.hover.hidden = true;
    });
    on(canvas, 'contextmenu', (e) => e.preventDefault());
    on(
      canvas,
      'wheel',
      (e) => {
        e.preventDefault();
        this.orbit = zoomOrbit(this.orbit, e.deltaMode === 1 ? e.deltaY * 40 : e.deltaY);
      },
      { passive: false },
    );
    on(window, 'keydown', (e) => {
      if (!ARROWS.includes(e.key) || typing(e.target)) return;
      this.keys.add(e.key);
      e.preventDefault();
    });
    on(window, 'keyup', (e) => this.keys.delete(e.key));
    on(window, 'blur', () => this.keys.clear());
  }

  /** Per frame: the arrow keys orbit the camera; the hover text follows what is under the pointer. */
  update(now: number, dt: number): void {
    const keys = this.keys;
    if (keys.size > 0) {
      const yaw = (keys.has('ArrowLeft') ? 1 : 0) - (keys.has('ArrowRight') ? 1 : 0);
      const pitch = (keys.has('ArrowUp') ? 1 : 0) - (keys.has('ArrowDown') ? 1 : 0);
      this.orbit = clampOrbit({
        ...this.orbit,
        yaw: this.orbit.yaw + yaw * KEY_YAW_SPEED * dt,
        pitch: this.orbit.pitch + pitch * KEY_PITCH_SPEED * dt,
      });
    }
    // A spectator is offered no option, so no hover text either.
    if (this.store.spectating) return;
    if (!this.pointer || this.down?.dragging || now - this.hoverAt < HOVER_MS) return;
    this.hoverAt = now;
    const picked = this.pick(this.pointer.x, this.pointer.y);
    this.hoverTile = picked.tile;
    const text = hoverText(this.optionsFor(picked));
    this.hover.textContent = text;
    this.hover.hidden = text === '';
  }

  dispose(): void {
    this.runner.interrupt();
    for (const off of this.offs) off();
    this.hover.remove();
  }

  /** Everything under a page point, front to back, and the ground tile there. */
  private pick(clientX: number, clientY: number): Picked {
    const ndc = toNdc(clientX, clientY, this.canvas.getBoundingClientRect());
    this.raycaster.setFromCamera(new THREE.Vector2(ndc.x, ndc.y), this.camera);
    // Buildings are not pickable, so the ray goes through roofs to what stands inside.
    const hits = this.raycaster.intersectObjects([this.groundMesh, ...this.pickables.keys()], false);
    const found: PickTarget[] = [];
    let tile: { x: number; z: number } | undefined;
    for (const hit of hits) {
      if (hit.object === this.groundMesh) {
        // Whatever lies beyond the ground is behind a hill.
        tile = tileAt(hit.point.x, hit.point.z);
        break;
      }
      const describe = this.pickables.get(hit.object);
      if (describe) found.push(describe());
    }
    return {
      targets: collectTargets(found, tile, this.store.world.groundItems.values()),
      ...(tile ? { tile } : {}),
    };
  }

  private optionsFor(picked: Picked): OptionSpec[] {
    const me = this.store.world.position;
    const area = me ? areaAt(this.store.content, me.x, me.z) : undefined;
    return buildMenu(this.store.content, picked.targets, {
      selection: this.store.selection,
      pvp: area?.pvp === true,
      ...(picked.tile ? { tile: picked.tile } : {}),
    });
  }

  private mark(x: number, z: number, action: boolean): void {
    this.marker.show(x, z, this.ground.at(x, z), action);
  }

  private runOption(o: OptionSpec): void {
    const i = o.intent;
    if (i.type !== 'walk' && i.type !== 'message') {
      const at = this.targetTile(i);
      if (at) this.mark(at.x, at.z, true);
    }
    if (i.type === 'walk' && this.store.selection) this.store.select(undefined);
    this.runner.run(i);
  }

  /** The tile an intent is aimed at, for the red click marker. */
  private targetTile(i: OptionSpec['intent']): { x: number; z: number } | undefined {
    const id =
      'targetId' in i ? i.targetId : 'npcId' in i ? i.npcId : 'playerId' in i ? i.playerId : undefined;
    if (id) {
      const p = this.entities.position(id);
      if (p) return { x: Math.round(p.x), z: Math.round(p.z) };
    }
    if (i.type === 'pickup') {
      const g = this.store.world.groundItems.get(i.groundItemId);
      if (g) return { x: g.x, z: g.z };
    }
    return this.lastPickTile;
  }

  private onPointerDown(e: PointerEvent): void {
    if (e.button !== 0 && e.button !== 2) return;
    this.canvas.focus({ preventScroll: true });
    this.down = { button: e.button, x: e.clientX, y: e.clientY, orbit: this.orbit, dragging: false };
    this.canvas.setPointerCapture?.(e.pointerId);
  }

  private onPointerMove(e: PointerEvent): void {
    this.pointer = { x: e.clientX, y: e.clientY };
    this.hoverAt = -Infinity;
    const down = this.down;
    if (!down || down.button !== 2) return;
    const dx = e.clientX - down.x;
    const dy = e.clientY - down.y;
    if (!down.dragging && isClick(dx, dy)) return;
    down.dragging = true;
    this.orbit = clampOrbit({
      ...down.orbit,
      yaw: down.orbit.yaw - dx * 0.008,
      pitch: down.orbit.pitch + dy * 0.006,
    });
  }

  private onPointerUp(e: PointerEvent): void {
    const d = this.down;
    this.down = undefined;
    if (this.canvas.hasPointerCapture?.(e.pointerId)) this.canvas.releasePointerCapture(e.pointerId);
    if (!d || d.button !== e.button || d.dragging || !isClick(e.clientX - d.x, e.clientY - d.y)) return;
    // A spectator may orbit and zoom, but neither walks nor opens menus.
    if (this.store.spectating) return;
    const picked = this.pick(e.clientX, e.clientY);
    const options = this.optionsFor(picked);
    const first = picked.targets[0];
    this.lastPickTile = picked.tile ?? (first ? { x: first.x, z: first.z } : undefined);
    if (e.button === 0) {
      this.ui.closeMenu();
      const main = options[0];
      if (main) this.runOption(main);
    } else if (options.length > 0) {
      this.ui.openMenu(
        e.pageX,
        e.pageY,
        options.map((o) => ({
          label: o.label,
          ...(o.target ? { target: o.target } : {}),
          run: () => this.runOption(o),
        })),
      );
    }
  }
}

function typing(t: EventTarget | null): boolean {
  return (
    t instanceof HTMLElement && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName))
  );
}
