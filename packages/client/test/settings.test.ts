import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  STORAGE_KEY,
  SettingsStore,
  bindKey,
  keyOf,
  panelForKey,
  parseSettings,
} from '../src/settings';

class MemoryStorage {
  readonly data = new Map<string, string>();
  getItem(k: string): string | null {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string): void {
    this.data.set(k, v);
  }
}

describe('settings', () => {
  it('keeps each valid stored field and defaults every other one', () => {
    const s = parseSettings({
      roofs: false,
      musicVolume: 7,
      brightness: 1.2,
      keys: { quests: 'j', skills: 3 },
    });
    expect(s.roofs).toBe(false);
    expect(s.musicVolume).toBe(DEFAULT_SETTINGS.musicVolume);
    expect(s.brightness).toBe(1.2);
    expect(s.keys.quests).toBe('j');
    expect(s.keys.skills).toBe(DEFAULT_SETTINGS.keys.skills);
    expect(parseSettings('garbage')).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings({ brightness: 5 }).brightness).toBe(DEFAULT_SETTINGS.brightness);
  });

  it('persists changes in storage and reads them back on the next visit', () => {
    const storage = new MemoryStorage();
    const first = new SettingsStore(storage);
    const seen: boolean[] = [];
    first.on((s) => seen.push(s.roofs));
    first.update({ roofs: false, musicVolume: 0.2 });
    expect(seen).toEqual([false]);
    const again = new SettingsStore(storage);
    expect(again.get()).toMatchObject({ roofs: false, musicVolume: 0.2 });
    storage.setItem(STORAGE_KEY, '{not json');
    expect(new SettingsStore(storage).get()).toEqual(DEFAULT_SETTINGS);
  });

  it('binds one key to one panel and finds the panel a key opens', () => {
    const keys = bindKey(DEFAULT_SETTINGS.keys, 'quests', 'i');
    expect(keys.quests).toBe('i');
    // The inventory had "i": it loses it rather than two panels sharing one key.
    expect(keys.inventory).toBe('');
    expect(panelForKey(keys, 'i')).toBe('quests');
    expect(panelForKey(keys, '')).toBeUndefined();
    expect(panelForKey(DEFAULT_SETTINGS.keys, keyOf({ key: 'M' }))).toBe('worldMap');
    expect(keyOf({ key: 'F2' })).toBe('F2');
  });
});
