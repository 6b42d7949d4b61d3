import { describe, expect, it } from 'vitest';
import { inFrame, mapFrame, mapMarkers, markerCaption, watchFrame } from '../src/dashboard/map-model';
import type { DashboardAgent } from '../src/dashboard/model';

const areas = [
  { id: 'mirror_lake', name: 'Mirror Lake', bounds: { minX: 10, minZ: -5, maxX: 30, maxZ: 5 } },
  { id: 'oakhaven', name: 'Oakhaven', bounds: { minX: -10, minZ: -10, maxX: 9, maxZ: 9 } },
];

function agent(agentId: string, name: string, position: { x: number; z: number } | null): DashboardAgent {
  return {
    agentId,
    name,
    characterId: null,
    online: true,
    goal: null,
    goalsPaused: false,
    onServer: true,
    runtime: {
      running: true,
      status: 'running',
      lastError: null,
      command: null,
      position,
      skills: {},
      goal: null,
      inventory: [],
      equipment: [],
      bank: null,
    },
  };
}

describe('the live map', () => {
  it('places agents with a known position, with the readable area name', () => {
    const markers = mapMarkers(
      [agent('a1', 'Rowan', { x: 12, z: 0 }), agent('a2', 'Ivy', null), agent('a3', 'Ash', { x: 50, z: 50 })],
      areas,
    );
    expect(markers.map((m) => m.agentId)).toEqual(['a1', 'a3']);
    expect(markers[0]?.area).toBe('Mirror Lake');
    expect(markers[1]?.area).toBeUndefined();
    expect(markerCaption(markers[0]!)).toBe('Rowan · Mirror Lake (12, 0)');
    expect(markerCaption(markers[1]!)).toBe('Ash · (50, 50)');
  });

  it('frames every area and every agent, padded', () => {
    const markers = mapMarkers([agent('a3', 'Ash', { x: 50, z: 60 })], areas);
    expect(mapFrame(areas, markers, 2)).toEqual({ minX: -12, minZ: -12, width: 65, height: 75 });
    expect(mapFrame([], [])).toEqual({ minX: -32, minZ: -32, width: 64, height: 64 });
  });
});

describe('the watch view frame', () => {
  it('is the square around the agent and holds only nearby tiles', () => {
    const f = watchFrame({ x: 10, z: -4 }, 12);
    expect(f).toEqual({ minX: -2, minZ: -16, width: 25, height: 25 });
    expect(inFrame(f, 10, -4)).toBe(true);
    expect(inFrame(f, 22, 8)).toBe(true);
    expect(inFrame(f, 23, 8)).toBe(false);
    expect(inFrame(f, -3, -4)).toBe(false);
  });
});
