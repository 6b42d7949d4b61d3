import { describe, expect, it } from 'vitest';
import type { ChatLine } from '../src/game/store';
import {
  HISTORY_LINES,
  appendHistory,
  historyKey,
  loadHistory,
  saveHistory,
  type ChatStorage,
} from '../src/ui/panels/chat-history';

class MemoryStorage implements ChatStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
}

const line = (text: string, at = 1): ChatLine => ({ channel: 'public', from: 'Ann', text, at });

describe('chat history across reloads', () => {
  it('gives back what was saved, per character', () => {
    const storage = new MemoryStorage();
    saveHistory(storage, 'c1', [line('hello'), { channel: 'game', text: 'You get some logs.', at: 2 }]);
    saveHistory(storage, 'c2', [line('other character')]);
    expect(loadHistory(storage, 'c1')).toEqual([
      line('hello'),
      { channel: 'game', text: 'You get some logs.', at: 2 },
    ]);
    expect(loadHistory(storage, 'c2').map((l) => l.text)).toEqual(['other character']);
    expect(loadHistory(storage, 'c3')).toEqual([]);
  });

  it('is bounded to the newest lines', () => {
    const many = Array.from({ length: HISTORY_LINES + 30 }, (_, i) => line(`line ${i}`, i));
    const kept = appendHistory([], many);
    expect(kept).toHaveLength(HISTORY_LINES);
    expect(kept[0]?.text).toBe('line 30');
    expect(appendHistory(kept, [line('newest')]).at(-1)?.text).toBe('newest');
    const storage = new MemoryStorage();
    saveHistory(storage, 'c1', many);
    expect(loadHistory(storage, 'c1')).toHaveLength(HISTORY_LINES);
    expect(appendHistory([], [line('x'.repeat(5000))])[0]?.text.length).toBe(400);
  });

  it('ignores what it cannot read', () => {
    const storage = new MemoryStorage();
    storage.setItem(historyKey('c1'), 'not json');
    expect(loadHistory(storage, 'c1')).toEqual([]);
    storage.setItem(historyKey('c1'), JSON.stringify({ lines: [] }));
    expect(loadHistory(storage, 'c1')).toEqual([]);
    storage.setItem(historyKey('c1'), JSON.stringify([line('ok'), { channel: 'nope', text: 1 }, null]));
    expect(loadHistory(storage, 'c1').map((l) => l.text)).toEqual(['ok']);
  });

  it('survives a storage that throws (quota, privacy mode)', () => {
    const broken: ChatStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(loadHistory(broken, 'c1')).toEqual([]);
    expect(() => saveHistory(broken, 'c1', [line('x')])).not.toThrow();
  });
});
