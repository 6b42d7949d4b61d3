import { describe, expect, it } from 'vitest';
import { entityChange } from './entity-look';
import { entitySnapshot, serverEvents } from './server-events';

const bare = {
  idx: 3,
  id: 'p2',
  kind: 'player',
  name: 'Other',
  x: 1,
  z: 1,
  y: 10,
  running: false,
  combatLevel: 3,
};

describe('entity look on the wire', () => {
  it('keeps old snapshots valid and accepts the look fields', () => {
    expect(entitySnapshot.safeParse(bare).success).toBe(true);
    const looked = {
      ...bare,
      worn: { weapon: 'bronze_sword' },
      activity: 'mining',
      headIcon: 'aegis_of_blades',
    };
    expect(entitySnapshot.parse(looked)).toEqual(looked);
  });

  it('rejects unknown slots, activities and empty ids', () => {
    expect(entitySnapshot.safeParse({ ...bare, worn: { ring: 'gold_ring' } }).success).toBe(false);
    expect(entitySnapshot.safeParse({ ...bare, worn: { weapon: '' } }).success).toBe(false);
    expect(entitySnapshot.safeParse({ ...bare, activity: 'dancing' }).success).toBe(false);
    expect(entitySnapshot.safeParse({ ...bare, headIcon: '' }).success).toBe(false);
  });

  it('takes null to clear an activity or an icon in a change entry, and an empty worn set', () => {
    expect(entityChange.parse({ idx: 1, worn: {}, activity: null, headIcon: null })).toEqual({
      idx: 1,
      worn: {},
      activity: null,
      headIcon: null,
    });
    expect(entitySnapshot.safeParse({ ...bare, activity: null }).success).toBe(false);
    expect(serverEvents['world:update'].schema.safeParse(serverEvents['world:update'].example).success).toBe(
      true,
    );
  });
});
