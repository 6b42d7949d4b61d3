import { describe, expect, it } from 'vitest';
import { applyMove, entityMove, heightStep, keepDeparted, moveStep, RETURN_MEMORY } from './entity-move';

describe('move entries', () => {
  it('round-trips every step of up to two tiles, walking and running', () => {
    const at = { x: 100, z: -40, y: 10 };
    for (let dx = -2; dx <= 2; dx++)
      for (let dz = -2; dz <= 2; dz++)
        for (const running of [false, true]) {
          const step = moveStep(dx, dz, running);
          expect(step).toBeGreaterThanOrEqual(0);
          expect(step).toBeLessThanOrEqual(49);
          const entry = [7, step ?? -1] as const;
          expect(entityMove.safeParse(entry).success).toBe(true);
          expect(applyMove(at, [7, step ?? -1])).toEqual({ x: 100 + dx, z: -40 + dz, y: 10, running });
          expect(applyMove(at, [7, step ?? -1, -37])).toEqual({
            x: 100 + dx,
            z: -40 + dz,
            y: 9.63,
            running,
          });
        }
  });

  it('carries height changes in hundredths, exactly', () => {
    let y = 10.07;
    for (const next of [10.13, 9.99, 0.01, -3.2, 12.5, 10.07]) {
      const dy = heightStep(y, next);
      expect(Number.isInteger(dy)).toBe(true);
      y = applyMove({ x: 0, z: 0, y }, [1, 24, dy]).y;
      expect(y).toBe(next);
    }
  });

  it('gives no step beyond two tiles: such a move comes whole', () => {
    expect(moveStep(3, 0, false)).toBeUndefined();
    expect(moveStep(0, -3, true)).toBeUndefined();
    expect(applyMove({ x: 0, z: 0, y: 0 }, [3, 50, -60, 11.25, 1])).toEqual({
      x: 50,
      z: -60,
      y: 11.25,
      running: true,
    });
    expect(entityMove.safeParse([3, 50]).success).toBe(false);
    expect(entityMove.safeParse([3, 1, 2, 3]).success).toBe(false);
  });

  it('keeps the last RETURN_MEMORY departed, newest last, a departing one moved to the end', () => {
    const departed = new Map<number, string>();
    for (let idx = 0; idx < RETURN_MEMORY + 3; idx++) keepDeparted(departed, idx, `e${idx}`);
    expect(departed.size).toBe(RETURN_MEMORY);
    expect([...departed.keys()][0]).toBe(3);
    keepDeparted(departed, 3, 'again');
    expect([...departed.keys()].at(-1)).toBe(3);
    expect(departed.get(3)).toBe('again');
    expect(departed.size).toBe(RETURN_MEMORY);
  });
});
