import { cameraHeading } from '../camera-heading';
import * as THREE from 'three';
import { areaAt } from '../../content';
import { h } from '../../dom';
import type { UiHooks } from '../../ui-hooks';
import type { GameStore } from '../store';
import { EntityLayer, type CharacterState, type Ground, type Pickables } from './entities';
import { ClickMarker, type MarkerState } from './click-marker';
import {
  fromNdc,
  groundHeightAt,
  parseModelBounds,
  type ModelBounds,
  orbitPosition,
  splatKind,
  splatStyle,
} from './logic';
import { ModelLibrary } from './models';
import { ObjectLayer, type RoofMode } from './objects';
import { OverlayLayer } from './overlays';
import { TerrainMesh } from './terrain-mesh';
import { WorldInput } from './world-input';
import './render.css';

/** The browser-test hook: page coordinates of tiles and entities, so tests can click for real. */
export interface WorldViewHook {
  projectTile(x: number, z: number): { x: number; y: number } | undefined;
  projectEntity(id: string): { x: number; y: number } | undefined;
  /** An object by its id (`<areaId>:r<i>` resources, `:s<i>` stations, object:update ids). */
  projectObject(id: string): { x: number; y: number } | undefined;
  /** The last click marker shown, if any. */
  marker(): MarkerState | undefined;
  /** How a building (`<areaId>:b<i>`) is drawn: 'solid', 'see-through' or 'hidden'. */
  roofOf(id: string): RoofMode | undefined;
  /** What a player's character shows: its animation, worn items and held tool. */
  character(id: string): CharacterState | undefined;
  ready: boolean;
  /**
   * The world tick (`world:update` tick) of the last frame drawn, -1 before the first: a test waits
   * for the view to show a tick, not only for the client to hear of it (frames lag under load).
   */
  drawnTick: number;
}

declare global {
  interface Window {
    __worldView?: WorldViewHook;
  }
}

const SPLAT_MS = 1000;

interface Splat {
  el: HTMLElement;
  targetId: string;
  born: number;
  slot: number;
}

/**
 * The 3D world view: terrain, objects, entities, hit splats and the third-person camera, drawn
 * with one WebGL renderer into `el`, plus the mouse and keyboard input of the world (world-input.ts).
 * Sets `window.__worldView` for browser tests.
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
      marker: () => undefined,
      roofOf: () => undefined,
      character: () => undefined,
      ready: false,
      drawnTick: -1,
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

  const marker = new ClickMarker();
  scene.add(marker.object);
  const input = new WorldInput(
    canvas,
    camera,
    terrain.ground,
    pickables,
    store,
    ui,
    entities,
    ground,
    marker,
  );
  container.append(input.hover);
  const tickMs = (): number => store.client.welcome?.tickMs ?? 600;
  let objectsDirty = true;
  let disposed = false;
  let frame = 0;
  let lastFrame = performance.now();
  let width = 1;
  let height = 1;
  const splats: Splat[] = [];
  const offs: Array<() => void> = [];

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
    marker: () => marker.last(),
    roofOf: (id) => objects.roofOf(id),
    character: (id) => entities.characterOf(id),
    drawnTick: -1,
  };
  window.__worldView = hook;

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

    const tick = store.world.tick;
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
      const area = areaAt(content, meTile.x, meTile.z);
      if (area?.id !== areaId) {
        areaId = area?.id;
        const biome = area ? content.biomes.get(area.biome) : undefined;
        sky.set(biome?.fogColor ?? '#cfe3f0');
        fog.color.copy(sky);
      }
    }

    // Camera: arrow keys orbit, then follow the own player.
    input.update(now, dt);
    input.orbit = cameraHeading.sync(input.orbit);
    if (me) lookAt.set(me.x, me.y + 1, me.z);
    else if (meTile) lookAt.set(meTile.x, ground.at(meTile.x, meTile.z) + 1, meTile.z);
    const cam = orbitPosition(input.orbit, lookAt);
    // Keep the camera above the ground it looks over.
    const floor = ground.at(cam.x, cam.z) + 0.5;
    camera.position.set(cam.x, Math.max(cam.y, floor), cam.z);
    camera.lookAt(lookAt);
    camera.updateMatrixWorld();
    sun.position.set(lookAt.x + 20, lookAt.y + 40, lookAt.z + 14);
    sun.target.position.copy(lookAt);
    sun.target.updateMatrixWorld();
    if (meTile) objects.updateRoofs(meTile, input.hoverTile, camera.position, lookAt);

    marker.update(now);

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
    hook.drawnTick = tick;
  };
  frame = requestAnimationFrame(render);

  return {
    dispose() {
      if (disposed) return;
      disposed = true;
      cancelAnimationFrame(frame);
      input.dispose();
      for (const off of offs) off();
      observer?.disconnect();
      for (const s of splats) s.el.remove();
      splats.length = 0;
      overlays.dispose();
      entities.dispose();
      objects.dispose();
      terrain.dispose();
      models.dispose();
      marker.dispose();
      renderer.dispose();
      renderer.forceContextLoss();
      if (window.__worldView === hook) delete window.__worldView;
      container.remove();
    },
  };
}
