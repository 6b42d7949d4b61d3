import { h, replaceChildren } from '../../dom';
import type { GameStore } from '../../game/store';
import {
  BRIGHTNESS,
  PANEL_KEYS,
  bindKey,
  keyOf,
  panelForKey,
  settings,
  type PanelKey,
  type Settings,
} from '../../settings';
import { Disposers } from './shared';

const PANEL_NAMES: Record<PanelKey, string> = {
  inventory: 'Inventory',
  equipment: 'Equipment',
  skills: 'Skills',
  prayer: 'Prayer',
  quests: 'Quest journal',
  friends: 'Friends',
  worldMap: 'World map',
  settings: 'Settings',
};

/** Whether a key press is typing (in a text field), which panel keys must leave alone. */
function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || typeof el.closest !== 'function') return false;
  return el.isContentEditable || el.closest('input, textarea, select') !== null;
}

/** "I", "F2", "none". */
function keyLabel(key: string): string {
  if (key === '') return 'none';
  return key.length === 1 ? key.toUpperCase() : key;
}

/** Applies the settings that live on the page itself (brightness of the world canvas). */
function applyPage(s: Settings): void {
  document.documentElement.style.setProperty('--world-brightness', String(s.brightness));
}

export interface SettingsWindow {
  toggle(): void;
  dispose(): void;
}

/**
 * The settings window (the minimap's gear button or its key): roofs on/off, music volume,
 * brightness and the key that opens each panel (click a key, then press the new one; Escape
 * cancels, Backspace clears). Everything is saved at once (src/settings.ts). Also listens for the
 * panel keys while the game is shown, outside text fields.
 */
export function mountSettingsWindow(store: GameStore, hooks: { toggleWorldMap(): void }): SettingsWindow {
  const d = new Disposers();
  const close = h('button', { class: 'guide-close', 'data-testid': 'settings-close', title: 'Close' }, '✕');
  const body = h('div', { class: 'settings-body' });
  const win = h(
    'div',
    {
      class: 'guide-window settings-window',
      role: 'dialog',
      'aria-label': 'Settings',
      'data-testid': 'settings',
    },
    h('div', { class: 'guide-header' }, h('h2', { class: 'guide-title' }, 'Settings'), close),
    body,
  );
  win.hidden = true;
  document.body.append(win);
  d.add(() => win.remove());
  /** The panel whose key is being chosen (the next key press binds it). */
  let capturing: PanelKey | undefined;

  const render = (): void => {
    const s = settings.get();
    const roofs = h('input', { type: 'checkbox', 'data-testid': 'setting-roofs' });
    roofs.checked = s.roofs;
    roofs.addEventListener('change', () => settings.update({ roofs: roofs.checked }));
    const music = h('input', {
      type: 'range',
      min: 0,
      max: 100,
      step: 5,
      value: Math.round(s.musicVolume * 100),
      'data-testid': 'setting-music-volume',
    });
    const musicLabel = h('span', {}, `Music volume (${Math.round(s.musicVolume * 100)}%)`);
    music.addEventListener('input', () => {
      settings.update({ musicVolume: Number(music.value) / 100 });
      musicLabel.textContent = `Music volume (${music.value}%)`;
    });
    const bright = h('input', {
      type: 'range',
      min: Math.round(BRIGHTNESS.min * 100),
      max: Math.round(BRIGHTNESS.max * 100),
      step: 5,
      value: Math.round(s.brightness * 100),
      'data-testid': 'setting-brightness',
    });
    const brightLabel = h('span', {}, `Brightness (${Math.round(s.brightness * 100)}%)`);
    bright.addEventListener('input', () => {
      settings.update({ brightness: Number(bright.value) / 100 });
      brightLabel.textContent = `Brightness (${bright.value}%)`;
    });
    replaceChildren(
      body,
      h('label', { class: 'setting-row' }, h('span', {}, 'Roofs'), roofs),
      h('label', { class: 'setting-row' }, musicLabel, music),
      h('label', { class: 'setting-row' }, brightLabel, bright),
      h('h3', { class: 'settings-heading' }, 'Keys'),
      h(
        'div',
        { class: 'settings-keys' },
        PANEL_KEYS.map((panel) =>
          h(
            'div',
            { class: 'setting-row' },
            h('span', {}, PANEL_NAMES[panel]),
            h(
              'button',
              { class: 'key-button', 'data-bind': panel, 'data-testid': `key-${panel}` },
              capturing === panel ? 'Press a key...' : keyLabel(s.keys[panel]),
            ),
          ),
        ),
      ),
    );
  };

  const toggle = (): void => {
    win.hidden = !win.hidden;
    capturing = undefined;
    if (!win.hidden) render();
  };
  d.listen(close, 'click', () => toggle());
  d.listen(body, 'click', (e) => {
    const panel = (e.target as Element | null)?.closest('[data-bind]')?.getAttribute('data-bind');
    const found = PANEL_KEYS.find((p) => p === panel);
    if (!found) return;
    capturing = found;
    render();
  });

  const onKey = (e: KeyboardEvent): void => {
    if (capturing) {
      e.preventDefault();
      e.stopPropagation();
      if (e.key === 'Backspace' || e.key === 'Delete') {
        settings.update({ keys: bindKey(settings.get().keys, capturing, '') });
      } else if (e.key !== 'Escape' && !['Shift', 'Control', 'Alt', 'Meta'].includes(e.key)) {
        settings.update({ keys: bindKey(settings.get().keys, capturing, keyOf(e)) });
      } else if (e.key !== 'Escape') {
        return; // a modifier alone: keep waiting for the key
      }
      capturing = undefined;
      render();
      return;
    }
    if (e.key === 'Escape' && !win.hidden) {
      win.hidden = true;
      e.stopPropagation();
      return;
    }
    if (e.defaultPrevented || e.ctrlKey || e.altKey || e.metaKey || typing(e.target)) return;
    const panel = panelForKey(settings.get().keys, keyOf(e));
    if (!panel) return;
    e.preventDefault();
    if (panel === 'worldMap') hooks.toggleWorldMap();
    else if (panel === 'settings') toggle();
    else store.local.emit('focus', panel);
  };
  document.addEventListener('keydown', onKey);
  d.add(() => document.removeEventListener('keydown', onKey));
  applyPage(settings.get());
  d.add(
    settings.on((s) => {
      applyPage(s);
      // Re-render only for changes made elsewhere; a slider being dragged keeps its element.
      if (!win.hidden && !win.contains(document.activeElement)) render();
    }),
  );
  d.add(() => document.documentElement.style.removeProperty('--world-brightness'));
  return { toggle, dispose: () => d.dispose() };
}
