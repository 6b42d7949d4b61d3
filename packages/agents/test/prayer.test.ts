import { describe, expect, it } from 'vitest';
import { bonesSlot } from '../src/behaviours/prayer';

describe('bonesSlot', () => {
  it('finds the best bones carried', () => {
    expect(
      bonesSlot([
        { slot: 0, itemId: 'bronze_axe' },
        { slot: 3, itemId: 'bones' },
        { slot: 5, itemId: 'big_bones' },
      ]),
    ).toBe(5);
    expect(bonesSlot([{ slot: 2, itemId: 'bones' }])).toBe(2);
  });
  it('is undefined without bones', () => {
    expect(bonesSlot([{ slot: 0, itemId: 'logs' }])).toBeUndefined();
    expect(bonesSlot([])).toBeUndefined();
  });
});
