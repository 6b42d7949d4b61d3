import * as THREE from 'three';
import { areaAt } from '../../content';
import { h } from '../../dom';
import type { UiHooks } from '../../ui-hooks';
import type { GameStore } from '../store';
import { EntityLayer, type Ground, type Pickables } from './entities';
import {
  clampOrbit,
  fromNdc,
  groundHeightAt,
  isClick,
  parseModelBounds,
  type ModelBounds,
  orbitPosition,
  splatKind,
  splatStyle,
  tileAt,
  toNdc,
  zoomOrbit,
  type Orbit,
} from './logic';
import { menuOptions, type OptionSpec, type PickTarget } from './menus';
import { ModelLibrary } from './models';
import { ObjectLayer } from './objects';
import { OverlayLayer } from './overlays';
import { TerrainMesh } from './terrain-mesh';
import { ActionRunner } from './world-actions';
import './render.css';

/** The browser-test hook: page coordinates of tiles and entities, so tests can click for real. */
export interface WorldViewHook {
  projectTile(x: number, z: number): { x: number; y: number } | undefined;
  projectEntity(id: string): { x: number; y: number } | undefined;
  /** An object by its id (`<areaId>:r<i>` resources, `:s<i>` stations, object:update ids). */
  projectObject(id: string): { x: number; y: number } | undefined;
  ready: boolean;
}

declare global {
  interface Window {
    __worldView?: WorldViewHook;
  }
}

const SPLAT_MS = 1000;
const MARKER_MS = 700;
const KEY_YAW_SPEED = 1.8; // radians per second
const KEY_PITCH_SPEED = 1.0;

interface Splat {
  el: HTMLElement;
  targetId: string;
  born: number;
  slot: number;
}

/**
 * The 3D world view: terrain, objects, entities, hit splats and the third-person camera, drawn
 * with one WebGL renderer into `el`, plus the mouse and keyboard input of the world (walk, the
 * default action on left click, the option menu on right click, orbit with right-drag or the arrow
 * keys, zoom with the wheel). Sets `window.__worldView` for browser tests.
 */
export function mountWorldView(el: HTMLElement, store: GameStore, ui: UiHooks): { dispose(): void } {
  const container = h('div', { class: 'world-view', 'data-testid': 'world-view' });
  const labels = h('div', { class: 'world-labels' });
  el.append(container);

  let renderer: THREE.WebGLRenderer;
  try {
    renderer = new THREE.WebGLRenderer({ antialias: false, powerPreference: 'low-power' });
  } catch (err) {
    container.append(
      h(
        'div',
        { class: 'world-view-error', 'data-testid': 'world-view-error' },
        'The 3D view could not start: this browser has no usable WebGL. ',
        h('span', { class: 'muted' }, err instanceof Error ? err.message : String(err)),
      ),
    );
    const hook: WorldViewHook = {
      projectTile: () => undefined,
      projectEntity: () => undefined,
      projectObject: () => undefined,
      ready: false,
    };
    window.__worldView = hook;
    return {
      dispose() {
        if (window.__worldView === hook) delete window.__worldView;
        container.remove();
      },
    };
  }
  return startView(container, labels, renderer, store, ui);
}

function startView(
  container: HTMLElement,
  labels: HTMLElement,
  renderer: THREE.WebGLRenderer,
  store: GameStore,
  ui: UiHooks,
): { dispose(): void } {
  const content = store.content;
  const canvas = renderer.domElement;
  canvas.setAttribute('data-testid', 'world-canvas');
  canvas.tabIndex = 0;
  renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 1.5));
  container.append(canvas, labels);

  const scene = new THREE.Scene();
  const sky = new THREE.Color('#cfe3f0');
  const fog = new THREE.Fog(sky.getHex(), 35, 75);
  scene.background = sky;
  scene.fog = fog;
  const camera = new THREE.PerspectiveCamera(50, 1, 0.1, 400);
  const hemi = new THREE.HemisphereLight(0xeaf4ff, 0x4a4030, 2.2);
  const sun = new THREE.DirectionalLight(0xfff2dd, 1.6);
  sun.position.set(0.5, 1, 0.35);
  scene.add(hemi, sun);

  const terrain = new TerrainMesh(content);
  scene.add(terrain.ground, terrain.water);
  const ground: Ground = {
    at: (x, z) => groundHeightAt(x, z, (tx, tz) => terrain.drawnHeight(tx, tz)),
    surface: (x, z) => terrain.surfaceHeight(x, z),
  };
  const models = new ModelLibrary(store.session.env.cdnUrl);
  const pickables: Pickables = new Map();
  const entities = new EntityLayer(store, content, models, ground, pickables, labels);
  const objects = new ObjectLayer(store, content, models, ground, pickables);
  scene.add(entities.group, objects.group);
  const overlays = new OverlayLayer(store, entities, ground.at, labels);

  // Click marker: a ring on the clicked tile (yellow: walk, red: an action on something).
  const markerGeometry = new THREE.RingGeometry(0.22, 0.34, 20).rotateX(-Math.PI / 2);
  const markerMaterial = new THREE.MeshBasicMaterial({
    color: 0xffd84a,
    transparent: true,
    depthWrite: false,
  });
  const marker = new THREE.Mesh(markerGeometry, markerMaterial);
  marker.visible = false;
  marker.renderOrder = 3;
  scene.add(marker);
  let markerAt = -Infinity;
  const showMarker = (x: number, z: number, action: boolean): void => {
    marker.position.set(x, ground.at(x, z) + 0.05, z);
    markerMaterial.color.set(action ? 0xff4a3a : 0xffd84a);
    markerAt = performance.now();
    marker.visible = true;
  };

  const runner = new ActionRunner(store, (x, z) => showMarker(x, z, false));
  let orbit: Orbit = { yaw: Math.PI / 4, pitch: 0.85, distance: 16 };
  const tickMs = (): number => store.client.welcome?.tickMs ?? 600;
  let objectsDirty = true;
  let disposed = false;
  let frame = 0;
  let lastFrame = performance.now();
  let width = 1;
  let height = 1;
  const splats: Splat[] = [];
  const offs: Array<() => void> = [];
  const keys = new Set<string>();

  // --- the static world, once the footprints (model-bounds.json) are known -------------------------
  const boundsUrl = new URL('/manifests/model-bounds.json', store.session.env.apiUrl).toString();
  const fetchBounds = async (): Promise<ModelBounds> => {
    const cached = content.raw.get('model-bounds.json');
    if (cached) return parseModelBounds(cached);
    const response = await fetch(boundsUrl);
    if (!response.ok) throw new Error(String(response.status));
    return parseModelBounds(await response.json());
  };
  void fetchBounds()
    .catch((err: unknown) => {
      console.warn('model-bounds.json could not be loaded: objects are drawn at default sizes', err);
      return new Map() as ModelBounds;
    })
    .then((bounds) => {
      if (disposed) return;
      objects.place(bounds);
      objectsDirty = true;
    });

  // --- server events ------------------------------------------------------------------------------
  offs.push(
    store.on('object:update', () => (objectsDirty = true)),
    store.on('world:update', (u) => {
      if (u.itemsAdded?.length || u.itemsRemoved?.length) objectsDirty = true;
    }),
    store.on('gravestone:update', () => (objectsDirty = true)),
    store.on('player:sync', () => {
      objectsDirty = true;
      // A fresh view: everything stands where the server says, without sliding there.
      entities.update(performance.now(), tickMs());
      entities.snapAll(performance.now());
    }),
    store.on('combat:hit', (hit) => addSplat(hit.targetId, hit.hit, hit.damage)),
    store.on('combat:death', (d) => entities.die(d.id, d.ticks * tickMs(), performance.now())),
    store.on('teleport:started', (t) => entities.teleporting(t.playerId, true)),
    store.on('teleport:cancelled', (t) => entities.teleporting(t.playerId, false)),
    store.on('teleport:completed', () => {
      const id = store.selfId;
      if (id) entities.teleporting(id, false);
    }),
  );

  function addSplat(targetId: string, hit: boolean, damage: number): void {
    const now = performance.now();
    const kind = splatKind(hit, damage);
    const slot = splats.filter((s) => s.targetId === targetId && now - s.born < SPLAT_MS).length;
    const el = h('div', { class: `hit-splat ${kind}`, 'data-testid': 'hit-splat' }, String(hit ? damage : 0));
    labels.append(el);
    splats.push({ el, targetId, born: now, slot });
  }

  // --- projection ---------------------------------------------------------------------------------
  const projected = new THREE.Vector3();
  /** Container-relative pixels of a world point, or undefined off screen. */
  const project = (p: THREE.Vector3): { x: number; y: number } | undefined => {
    projected.copy(p).project(camera);
    return fromNdc(projected, { left: 0, top: 0, width, height });
  };
  /** Page (client) coordinates of a world point. */
  const projectPage = (p: THREE.Vector3): { x: number; y: number } | undefined => {
    const r = canvas.getBoundingClientRect();
    projected.copy(p).project(camera);
    return fromNdc(projected, { left: r.left, top: r.top, width: r.width, height: r.height });
  };
  const hook: WorldViewHook = {
    ready: false,
    projectTile(x, z) {
      return projectPage(new THREE.Vector3(x, ground.at(x, z), z));
    },
    projectEntity(id) {
      const p = entities.position(id);
      if (!p) return undefined;
      return projectPage(new THREE.Vector3(p.x, p.y + entities.heightOf(id) * 0.5, p.z));
    },
    projectObject(id) {
      const centre = objects.centreOf(id);
      return centre ? projectPage(centre) : undefined;
    },
  };
  window.__worldView = hook;

  // --- picking ------------------------------------------------------------------------------------
  const raycaster = new THREE.Raycaster();
  const pick = (
    clientX: number,
    clientY: number,
  ): { target: PickTarget; tile?: { x: number; z: number } } | undefined => {
    const ndc = toNdc(clientX, clientY, canvas.getBoundingClientRect());
    raycaster.setFromCamera(new THREE.Vector2(ndc.x, ndc.y), camera);
    const hits = raycaster.intersectObjects([terrain.ground, ...pickables.keys()], false);
    const groundHit = hits.find((i) => i.object === terrain.ground);
    const tile = groundHit ? tileAt(groundHit.point.x, groundHit.point.z) : undefined;
    for (const hit of hits) {
      if (hit.object === terrain.ground)
        return tile ? { target: { kind: 'tile', ...tile }, tile } : undefined;
      const describe = pickables.get(hit.object);
      if (describe) return tile ? { target: describe(), tile } : { target: describe() };
    }
    return undefined;
  };

  const optionsFor = (picked: { target: PickTarget; tile?: { x: number; z: number } }): OptionSpec[] => {
    const me = store.world.position;
    const area = me ? areaAt(content, me.x, me.z) : undefined;
    return menuOptions(content, picked.target, {
      selection: store.selection,
      pvp: area?.pvp === true,
      tile: picked.tile,
    });
  };

  const runOption = (o: OptionSpec): void => {
    const i = o.intent;
    if (i.type !== 'walk' && i.type !== 'message') {
      const at = targetTile(i);
      if (at) showMarker(at.x, at.z, true);
    }
    if (i.type === 'walk' && store.selection) store.select(undefined);
    runner.run(i);
  };

  /** The tile an intent is aimed at, for the red click marker. */
  const targetTile = (i: OptionSpec['intent']): { x: number; z: number } | undefined => {
    const id =
      'targetId' in i ? i.targetId : 'npcId' in i ? i.npcId : 'playerId' in i ? i.playerId : undefined;
    if (id) {
      const p = entities.position(id);
      if (p) return { x: Math.round(p.x), z: Math.round(p.z) };
    }
    return lastPickTile;
  };
  let lastPickTile: { x: number; z: number } | undefined;

  // --- input --------------------------------------------------------------------------------------
  let down: { button: number; x: number; y: number; orbit: Orbit; dragging: boolean } | undefined;
  const onPointerDown = (e: PointerEvent): void => {
    if (e.button !== 0 && e.button !== 2) return;
    canvas.focus({ preventScroll: true });
    down = { button: e.button, x: e.clientX, y: e.clientY, orbit, dragging: false };
    canvas.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent): void => {
    if (!down || down.button !== 2) return;
    const dx = e.clientX - down.x;
    const dy = e.clientY - down.y;
    if (!down.dragging && isClick(dx, dy)) return;
    down.dragging = true;
    orbit = clampOrbit({
      ...down.orbit,
      yaw: down.orbit.yaw - dx * 0.008,
      pitch: down.orbit.pitch + dy * 0.006,
    });
  };
  const onPointerUp = (e: PointerEvent): void => {
    const d = down;
    down = undefined;
    if (canvas.hasPointerCapture?.(e.pointerId)) canvas.releasePointerCapture(e.pointerId);
    if (!d || d.button !== e.button || d.dragging || !isClick(e.clientX - d.x, e.clientY - d.y)) return;
    const picked = pick(e.clientX, e.clientY);
    const options = picked ? optionsFor(picked) : [];
    lastPickTile = picked?.tile ?? (picked ? { x: picked.target.x, z: picked.target.z } : undefined);
    if (e.button === 0) {
      ui.closeMenu();
      const first = options[0];
      if (first) runOption(first);
    } else if (options.length > 0) {
      ui.openMenu(
        e.pageX,
        e.pageY,
        options.map((o) => ({
          label: o.label,
          ...(o.target ? { target: o.target } : {}),
          run: () => runOption(o),
        })),
      );
    }
  };
  const onContextMenu = (e: Event): void => e.preventDefault();
  const onWheel = (e: WheelEvent): void => {
    e.preventDefault();
    orbit = zoomOrbit(orbit, e.deltaMode === 1 ? e.deltaY * 40 : e.deltaY);
  };
  const typing = (t: EventTarget | null): boolean =>
    t instanceof HTMLElement && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName));
  const ARROWS = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'];
  const onKeyDown = (e: KeyboardEvent): void => {
    if (!ARROWS.includes(e.key) || typing(e.target)) return;
    keys.add(e.key);
    e.preventDefault();
  };
  const onKeyUp = (e: KeyboardEvent): void => {
    keys.delete(e.key);
  };
  const onBlur = (): void => keys.clear();
  canvas.addEventListener('pointerdown', onPointerDown);
  canvas.addEventListener('pointermove', onPointerMove);
  canvas.addEventListener('pointerup', onPointerUp);
  canvas.addEventListener('contextmenu', onContextMenu);
  canvas.addEventListener('wheel', onWheel, { passive: false });
  window.addEventListener('keydown', onKeyDown);
  window.addEventListener('keyup', onKeyUp);
  window.addEventListener('blur', onBlur);

  // --- size ---------------------------------------------------------------------------------------
  const resize = (): void => {
    const w = Math.max(1, container.clientWidth);
    const hgt = Math.max(1, container.clientHeight);
    if (w === width && hgt === height) return;
    width = w;
    height = hgt;
    renderer.setSize(w, hgt, false);
    camera.aspect = w / hgt;
    camera.updateProjectionMatrix();
  };
  const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(resize) : undefined;
  observer?.observe(container);
  resize();

  // --- the frame loop -----------------------------------------------------------------------------
  let areaId: string | undefined | null = null;
  const lookAt = new THREE.Vector3();
  const render = (now: number): void => {
    if (disposed) return;
    frame = requestAnimationFrame(render);
    const dt = Math.min(0.1, Math.max(0, (now - lastFrame) / 1000));
    lastFrame = now;
    resize();

    entities.update(now, tickMs());
    const selfId = store.selfId;
    const me = (selfId && entities.position(selfId)) || undefined;
    const meTile = store.world.position;
    if (me) terrain.update(me);
    else if (meTile) terrain.update(meTile);
    if (objectsDirty) {
      objectsDirty = false;
      objects.sync();
    }
    if (meTile) {
      objects.showBuildingsExcept(meTile);
      const area = areaAt(content, meTile.x, meTile.z);
      if (area?.id !== areaId) {
        areaId = area?.id;
        const biome = area ? content.biomes.get(area.biome) : undefined;
        sky.set(biome?.fogColor ?? '#cfe3f0');
        fog.color.copy(sky);
      }
    }

    // Camera: arrow keys orbit, then follow the own player.
    if (keys.size > 0) {
      const yaw = (keys.has('ArrowLeft') ? 1 : 0) - (keys.has('ArrowRight') ? 1 : 0);
      const pitch = (keys.has('ArrowUp') ? 1 : 0) - (keys.has('ArrowDown') ? 1 : 0);
      orbit = clampOrbit({
        ...orbit,
        yaw: orbit.yaw + yaw * KEY_YAW_SPEED * dt,
        pitch: orbit.pitch + pitch * KEY_PITCH_SPEED * dt,
      });
    }
    if (me) lookAt.set(me.x, me.y + 1, me.z);
    else if (meTile) lookAt.set(meTile.x, ground.at(meTile.x, meTile.z) + 1, meTile.z);
    const cam = orbitPosition(orbit, lookAt);
    // Keep the camera above the ground it looks over.
    const floor = ground.at(cam.x, cam.z) + 0.5;
    camera.position.set(cam.x, Math.max(cam.y, floor), cam.z);
    camera.lookAt(lookAt);
    camera.updateMatrixWorld();
    sun.position.set(lookAt.x + 20, lookAt.y + 40, lookAt.z + 14);
    sun.target.position.copy(lookAt);
    sun.target.updateMatrixWorld();

    // Click marker.
    const markerAge = now - markerAt;
    if (marker.visible) {
      if (markerAge > MARKER_MS) marker.visible = false;
      else {
        const t = markerAge / MARKER_MS;
        marker.scale.setScalar(1.2 - 0.5 * t);
        markerMaterial.opacity = 1 - t;
      }
    }

    renderer.render(scene, camera);

    // DOM overlays after the render, from the same camera.
    entities.placeLabels(project, camera.position);
    overlays.place(now, project);
    for (let i = splats.length - 1; i >= 0; i--) {
      const s = splats[i];
      if (!s) continue;
      const style = splatStyle(now - s.born, SPLAT_MS);
      const p = entities.position(s.targetId);
      const at = p
        ? project(new THREE.Vector3(p.x, p.y + entities.heightOf(s.targetId) * 0.7 + style.rise * 0.8, p.z))
        : undefined;
      if (!style.alive) {
        s.el.remove();
        splats.splice(i, 1);
        continue;
      }
      s.el.hidden = !at;
      if (at) {
        s.el.style.transform = `translate(${(at.x + (s.slot % 2 ? 14 : 0) * Math.ceil(s.slot / 2)).toFixed(1)}px, ${at.y.toFixed(1)}px) translate(-50%, -50%)`;
        s.el.style.opacity = String(style.opacity);
      }
    }
    if (!hook.ready && me) hook.ready = true;
  };
  frame = requestAnimationFrame(render);

  return {
    dispose() {
      if (disposed) return;
      disposed = true;
      cancelAnimationFrame(frame);
      runner.interrupt();
      for (const off of offs) off();
      observer?.disconnect();
      canvas.removeEventListener('pointerdown', onPointerDown);
      canvas.removeEventListener('pointermove', onPointerMove);
      canvas.removeEventListener('pointerup', onPointerUp);
      canvas.removeEventListener('contextmenu', onContextMenu);
      canvas.removeEventListener('wheel', onWheel);
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('keyup', onKeyUp);
      window.removeEventListener('blur', onBlur);
      for (const s of splats) s.el.remove();
      splats.length = 0;
      overlays.dispose();
      entities.dispose();
      objects.dispose();
      terrain.dispose();
      models.dispose();
      markerGeometry.dispose();
      markerMaterial.dispose();
      renderer.dispose();
      renderer.forceContextLoss();
      if (window.__worldView === hook) delete window.__worldView;
      container.remove();
    },
  };
}
