/**
 * The player's settings: roofs, music volume, brightness and the keys that open the
 * panels. Kept in localStorage (`tilerealm.settings`, one JSON object); anything missing or invalid
 * there falls back to its default, field by field, so an old or hand-edited value never breaks the
 * client. Each feature reads its setting here (`settings.get()`) and follows changes
 * (`settings.on(...)`): music (game/music.ts), brightness (the world canvas), roofs (the world
 * view's buildings), keys (ui/panels/settings.ts).
 */
import { z } from 'zod';

export const PANEL_KEYS = [
  'inventory',
  'equipment',
  'skills',
  'prayer',
  'quests',
  'friends',
  'worldMap',
  'settings',
] as const;
export type PanelKey = (typeof PANEL_KEYS)[number];

export interface Settings {
  /** Whether building roofs are drawn (the one you stand under is hidden either way). */
  roofs: boolean;
  /** 0..1 (the music's mute toggle is separate and kept by game/music.ts). */
  musicVolume: number;
  /** A brightness factor, BRIGHTNESS.min..BRIGHTNESS.max (1 = as rendered). */
  brightness: number;
  /** The key (KeyboardEvent.key, lower case for letters) that opens each panel; '' for none. */
  keys: Record<PanelKey, string>;
}

export const BRIGHTNESS = { min: 0.6, max: 1.6 } as const;

export const DEFAULT_SETTINGS: Settings = {
  roofs: true,
  musicVolume: 0.45,
  brightness: 1,
  keys: {
    inventory: 'i',
    equipment: 'e',
    skills: 'k',
    prayer: 'p',
    quests: 'q',
    friends: 'f',
    worldMap: 'm',
    settings: 'o',
  },
};

export const STORAGE_KEY = 'tilerealm.settings';

const unit = z.number().min(0).max(1);
const keyName = z.string().max(20);

/** Settings from a stored value: each valid field kept, every other one at its default. */
export function parseSettings(raw: unknown): Settings {
  const obj = z.record(z.string(), z.unknown()).safeParse(raw);
  const o = obj.success ? obj.data : {};
  const pick = <T>(schema: z.ZodType<T>, value: unknown, fallback: T): T => {
    const r = schema.safeParse(value);
    return r.success ? r.data : fallback;
  };
  const storedKeys = z.record(z.string(), z.unknown()).safeParse(o['keys']);
  const keys = { ...DEFAULT_SETTINGS.keys };
  for (const k of PANEL_KEYS) {
    keys[k] = pick(keyName, storedKeys.success ? storedKeys.data[k] : undefined, keys[k]);
  }
  return {
    roofs: pick(z.boolean(), o['roofs'], DEFAULT_SETTINGS.roofs),
    musicVolume: pick(unit, o['musicVolume'], DEFAULT_SETTINGS.musicVolume),
    brightness: pick(
      z.number().min(BRIGHTNESS.min).max(BRIGHTNESS.max),
      o['brightness'],
      DEFAULT_SETTINGS.brightness,
    ),
    keys,
  };
}

/** The key name a keydown stands for in the bindings (letters in lower case). */
export function keyOf(e: { key: string }): string {
  return e.key.length === 1 ? e.key.toLowerCase() : e.key;
}

/** The panel bound to a key, if any. */
export function panelForKey(keys: Settings['keys'], key: string): PanelKey | undefined {
  if (key === '') return undefined;
  return PANEL_KEYS.find((p) => keys[p] === key);
}

/**
 * Binds `key` to `panel`; a panel that had the same key loses it (one key opens one panel).
 */
export function bindKey(keys: Settings['keys'], panel: PanelKey, key: string): Settings['keys'] {
  const next = { ...keys };
  if (key !== '') for (const p of PANEL_KEYS) if (next[p] === key) next[p] = '';
  next[panel] = key;
  return next;
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;
type Listener = (s: Settings) => void;

export class SettingsStore {
  private current: Settings;
  private readonly listeners = new Set<Listener>();

  constructor(private readonly storage: Storage | undefined) {
    let raw: unknown;
    try {
      raw = JSON.parse(storage?.getItem(STORAGE_KEY) ?? 'null');
    } catch {
      // Unreadable JSON (hand-edited) or storage denied: the defaults apply, as documented above.
      raw = undefined;
    }
    this.current = parseSettings(raw);
  }

  get(): Settings {
    return this.current;
  }

  /** Changes some settings, stores them and tells the listeners. */
  update(patch: Partial<Settings>): void {
    this.current = parseSettings({ ...this.current, ...patch });
    try {
      this.storage?.setItem(STORAGE_KEY, JSON.stringify(this.current));
    } catch (err) {
      // Storage full or denied: the setting still applies for this visit.
      console.warn('settings not saved:', err);
    }
    for (const l of this.listeners) l(this.current);
  }

  on(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

function browserStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    // Storage denied by the browser: settings last for the visit only.
    return undefined;
  }
}

/** The page's settings. */
export const settings = new SettingsStore(browserStorage());

/** Whether roofs are drawn: the world view reads this for buildings. */
export function roofsShown(): boolean {
  return settings.get().roofs;
}
