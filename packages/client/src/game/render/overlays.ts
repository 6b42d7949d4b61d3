import * as THREE from 'three';
import { h } from '../../dom';
import {
  alive,
  HEALTH_BAR_MS,
  healthFraction,
  lootLabels,
  overheadChatText,
  OVERHEAD_CHAT_MS,
  overheadPrayerIcon,
} from '../../ui/feedback/logic';
import type { GameStore } from '../store';
import './overlays.css';

/** What the overlays need of the entity layer: where an entity stands and how tall it is. */
export interface OverlayEntities {
  position(id: string): THREE.Vector3 | undefined;
  heightOf(id: string): number;
}

type Project = (p: THREE.Vector3) => { x: number; y: number } | undefined;

interface Overhead {
  el: HTMLElement;
  prayer: HTMLElement;
  chat: HTMLElement;
  bar: HTMLElement;
  fill: HTMLElement;
  health?: { health: number; max: number; at: number };
  said?: { text: string; at: number };
}

/**
 * HTML overlays over the 3D view, placed each frame by projecting world points with the view's
 * camera: over each entity its overhead stack (active overhead prayer icon, public chat for a few
 * seconds, a health bar for a few seconds after it takes or deals a hit), and a name label over
 * each pile of loot near the player. Hit splats stay with the world view.
 */
export class OverlayLayer {
  private readonly overheads = new Map<string, Overhead>();
  private readonly loot = new Map<string, HTMLElement>();
  private readonly offs: (() => void)[] = [];
  private readonly point = new THREE.Vector3();

  constructor(
    private readonly store: GameStore,
    private readonly entities: OverlayEntities,
    private readonly groundAt: (x: number, z: number) => number,
    private readonly labels: HTMLElement,
  ) {
    this.offs.push(
      store.on('combat:hit', (hit) => {
        const now = performance.now();
        this.get(hit.targetId).health = { health: hit.targetHealth, max: hit.targetMaxHealth, at: now };
        if (!hit.attackerId) return;
        // The attacker's bar shows too when its health is known (the own player, or an earlier hit).
        const attacker = this.get(hit.attackerId);
        const self = store.world.player;
        if (hit.attackerId === store.selfId && self)
          attacker.health = { health: self.health, max: self.maxHealth, at: now };
        else if (attacker.health) attacker.health.at = now;
      }),
      store.on('player:stats', (s) => {
        const id = store.selfId;
        const o = id ? this.overheads.get(id) : undefined;
        if (o?.health) o.health = { ...o.health, health: s.health, max: s.maxHealth };
      }),
      store.on('combat:death', (d) => {
        const o = this.overheads.get(d.id);
        if (o?.health) o.health.health = 0;
      }),
      store.on('chat:message', (m) => {
        if (m.channel === 'public' && m.from)
          this.get(m.from.id).said = { text: overheadChatText(m.message), at: performance.now() };
      }),
    );
  }

  /** Places every overlay for the frame at `now` (after the scene was rendered with the camera). */
  place(now: number, project: Project): void {
    const selfId = this.store.selfId;
    // The own player's from its prayer state, everyone else's from its look (world:update).
    const headIcons = new Map<string, readonly string[]>();
    if (selfId)
      headIcons.set(
        selfId,
        this.store.last['prayer:update']?.active ?? this.store.world.player?.prayer.active ?? [],
      );
    for (const e of this.store.world.entities.values())
      if (e.headIcon && e.id !== selfId) headIcons.set(e.id, [e.headIcon]);
    for (const [id, active] of headIcons) if (active.length > 0) this.get(id);
    for (const [id, o] of this.overheads) {
      const showBar = alive(o.health?.at, now, HEALTH_BAR_MS);
      const showChat = alive(o.said?.at, now, OVERHEAD_CHAT_MS);
      const icons = this.overheadIcons(headIcons.get(id) ?? []);
      const p = this.entities.position(id);
      if (!showBar && !showChat && icons.length === 0) {
        o.el.remove();
        this.overheads.delete(id);
        continue;
      }
      const at = p && project(this.point.set(p.x, p.y + this.entities.heightOf(id) + 0.15, p.z));
      o.el.hidden = !at;
      if (!at) continue;
      o.el.style.transform = `translate(${at.x.toFixed(1)}px, ${(at.y - 16).toFixed(1)}px) translate(-50%, -100%)`;
      o.bar.hidden = !showBar;
      if (showBar && o.health)
        o.fill.style.width = `${(healthFraction(o.health.health, o.health.max) * 100).toFixed(1)}%`;
      o.chat.hidden = !showChat;
      if (showChat && o.said && o.chat.textContent !== o.said.text) o.chat.textContent = o.said.text;
      o.prayer.hidden = icons.length === 0;
      const key = icons.map((i) => i.kind).join(',');
      if (o.prayer.dataset['key'] !== key) {
        o.prayer.dataset['key'] = key;
        o.prayer.replaceChildren(
          ...icons.map((i) =>
            h(
              'span',
              { class: `overhead-prayer-icon ${i.kind}`, title: i.title, 'data-prayer': i.kind },
              i.symbol,
            ),
          ),
        );
      }
    }
    this.placeLoot(project);
  }

  dispose(): void {
    for (const off of this.offs) off();
    for (const o of this.overheads.values()) o.el.remove();
    for (const el of this.loot.values()) el.remove();
    this.overheads.clear();
    this.loot.clear();
  }

  private placeLoot(project: Project): void {
    const items = this.store.content.items;
    const labels = lootLabels(
      this.store.world.groundItems.values(),
      this.store.world.position,
      (id) => items.get(id)?.name ?? id,
    );
    const seen = new Set<string>();
    for (const l of labels) {
      seen.add(l.key);
      let el = this.loot.get(l.key);
      if (!el) {
        el = h('div', { class: 'loot-label', 'data-testid': 'loot-label' });
        this.labels.append(el);
        this.loot.set(l.key, el);
      }
      const text = l.lines.join('\n');
      if (el.textContent !== text) el.textContent = text;
      const at = project(this.point.set(l.x, this.groundAt(l.x, l.z) + 0.35, l.z));
      el.hidden = !at;
      if (at)
        el.style.transform = `translate(${at.x.toFixed(1)}px, ${at.y.toFixed(1)}px) translate(-50%, -100%)`;
    }
    for (const [key, el] of this.loot)
      if (!seen.has(key)) {
        el.remove();
        this.loot.delete(key);
      }
  }

  /** The overhead icons of these active prayers (only the `overhead` group's have one). */
  private overheadIcons(active: readonly string[]): { symbol: string; kind: string; title: string }[] {
    return active.flatMap((id) => {
      const def = this.store.content.prayers.find((p) => p.id === id);
      const groups: unknown = def?.['conflictGroups'];
      const conflictGroups = Array.isArray(groups) ? groups.filter((g) => typeof g === 'string') : [];
      const icon = def ? overheadPrayerIcon({ id: def.id, name: def.name, conflictGroups }) : undefined;
      return icon ? [icon] : [];
    });
  }

  private get(id: string): Overhead {
    let o = this.overheads.get(id);
    if (!o) {
      const prayer = h('div', { class: 'overhead-prayer', 'data-testid': 'overhead-prayer' });
      const chat = h('div', { class: 'overhead-chat', 'data-testid': 'overhead-chat' });
      const fill = h('div', { class: 'health-bar-fill' });
      const bar = h('div', { class: 'health-bar', 'data-testid': 'health-bar' }, fill);
      const el = h('div', { class: 'overhead', 'data-entity': id }, prayer, chat, bar);
      prayer.hidden = chat.hidden = bar.hidden = true;
      this.labels.append(el);
      o = { el, prayer, chat, bar, fill };
      this.overheads.set(id, o);
    }
    return o;
  }
}
