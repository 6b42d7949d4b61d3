import { CLOSE_CODES } from '@tilerealm/protocol';
import {
  ConnectionClosedError,
  LoggedInElsewhereError,
  WorldFullError,
  type WorldEntry,
} from '@tilerealm/sdk';
import { describe, expect, it } from 'vitest';
import {
  preselectWorld,
  refusalOf,
  rememberWorld,
  storedWorld,
  WORLD_KEY,
  worldRows,
  type WorldStorage,
} from '../src/worlds/world-list';

const world = (id: number, extra: Partial<WorldEntry> = {}): WorldEntry => ({
  id,
  name: `World ${id}`,
  address: `ws://localhost:${5554 + id}/ws`,
  population: 0,
  capacity: 2000,
  activity: '',
  status: 'online',
  ...extra,
});

class MemoryStorage implements WorldStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
}

const list = [
  world(3, { status: 'offline', population: 0 }),
  world(1, { population: 523, current: true, activity: 'Trade' }),
  world(2, { status: 'full', population: 2000, name: 'Deadman' }),
  world(4, { population: 1 }),
  world(5, { status: 'draining', population: 12 }),
];

describe('the world switcher', () => {
  it('shows each world by number with its population, activity and whether it can be chosen', () => {
    expect(worldRows(list, 4)).toEqual([
      {
        id: 1,
        title: 'World 1',
        population: '523 players',
        activity: 'Trade',
        selectable: true,
        selected: false,
      },
      {
        id: 2,
        title: 'World 2: Deadman',
        population: 'FULL',
        activity: '',
        selectable: true,
        selected: false,
      },
      { id: 3, title: 'World 3', population: 'OFFLINE', activity: '', selectable: false, selected: false },
      { id: 4, title: 'World 4', population: '1 player', activity: '', selectable: true, selected: true },
      { id: 5, title: 'World 5', population: 'CLOSING', activity: '', selectable: false, selected: false },
    ]);
  });

  it('preselects the remembered world, else the current one, never an offline or closing one', () => {
    expect(preselectWorld(list, 4)?.id).toBe(4);
    expect(preselectWorld(list, 2)?.id).toBe(2); // full: chosen, its login says it is full
    expect(preselectWorld(list, 3)?.id).toBe(1); // offline: the current world instead
    expect(preselectWorld(list, 5)?.id).toBe(1);
    expect(preselectWorld(list, 99)?.id).toBe(1);
    expect(preselectWorld(list, undefined)?.id).toBe(1);
    const noCurrent = list.map((w) => ({ ...w, current: false }));
    expect(preselectWorld(noCurrent, undefined)?.id).toBe(1); // the first open world
    expect(preselectWorld([world(7, { status: 'full' })], undefined)?.id).toBe(7);
    expect(preselectWorld([world(3, { status: 'offline' })], 3)).toBeUndefined();
    expect(preselectWorld([], 1)).toBeUndefined();
  });

  it('remembers the chosen world and ignores a stored value that is not a world number', () => {
    const storage = new MemoryStorage();
    expect(storedWorld(storage)).toBeUndefined();
    rememberWorld(storage, 12);
    expect(storage.items.get(WORLD_KEY)).toBe('12');
    expect(storedWorld(storage)).toBe(12);
    for (const bad of ['', '0', '-1', 'two', '1.5', '12345678901'])
      expect(storedWorld({ getItem: () => bad, setItem: () => undefined }), bad).toBeUndefined();
  });

  it('explains a refused login: logged in on another world (with takeover), a full world, an address over its limits', () => {
    expect(refusalOf(new LoggedInElsewhereError('logged_in_elsewhere: world 2', 'connecting', 2))).toEqual({
      message: 'You are logged in on world 2',
      takeover: true,
    });
    expect(refusalOf(new WorldFullError('world_full', 'connecting', 3))).toEqual({
      message: 'World 3 is full: choose another world',
      takeover: false,
    });
    const closedBefore: Array<[number, string]> = [
      [
        CLOSE_CODES.agentRunning,
        'This character is played by its agent: stop the agent in the agent dashboard first',
      ],
      [
        CLOSE_CODES.tooManyConnections,
        'Too many connections from your network: close another game window, or try again shortly',
      ],
      [CLOSE_CODES.rateLimited, 'Too many logins from your network: try again in a minute'],
    ];
    for (const [code, message] of closedBefore)
      expect(refusalOf(new ConnectionClosedError(code, 'refused', 'connecting')), String(code)).toEqual({
        message,
        takeover: false,
      });
    expect(
      refusalOf(new ConnectionClosedError(CLOSE_CODES.idleTimeout, 'idle', 'connecting')),
    ).toBeUndefined();
    expect(refusalOf(new Error('network down'))).toBeUndefined();
  });
});
