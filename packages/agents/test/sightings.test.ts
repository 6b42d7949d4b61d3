import { describe, expect, it } from 'vitest';
import { OBJECT_VIEW_TILES, RECHECK_TICKS, Sightings } from '../src/behaviours/sightings';

const tree = { id: 'w:r0', x: 0, z: 0, defId: 'tree' };
const respawn = () => 60;

describe('remembering felled resources', () => {
  it('expects a tree seen down back a respawn time after it was first seen, also once out of view', () => {
    const s = new Sightings();
    s.observe([tree], { x: 2, z: 0 }, 100, () => true, respawn);
    expect(s.readyIn(tree.id, 100)).toBe(60);
    // Seen down again later: still counted from the first sighting.
    s.observe([tree], { x: 2, z: 0 }, 120, () => true, respawn);
    expect(s.readyIn(tree.id, 120)).toBe(40);
    // Out of view the server says nothing of it: the memory holds until it is due.
    const away = { x: OBJECT_VIEW_TILES + 1, z: 0 };
    s.observe([tree], away, 130, () => false, respawn);
    expect(s.readyIn(tree.id, 130)).toBe(30);
    s.observe([tree], away, 160, () => false, respawn);
    expect(s.readyIn(tree.id, 160)).toBe(0);
  });

  it('forgets a tree seen up in view, and looks again at one still down when it was due', () => {
    const s = new Sightings();
    s.felled(tree.id, 0, 60);
    s.observe([tree], { x: 1, z: 1 }, 10, () => false, respawn);
    expect(s.readyIn(tree.id, 10)).toBe(0);
    s.felled(tree.id, 20, 60);
    s.observe([tree], { x: 1, z: 1 }, 80, () => true, respawn);
    expect(s.readyIn(tree.id, 80)).toBe(RECHECK_TICKS);
  });

  it('takes in a tree the server shows down on the edge of the view', () => {
    const s = new Sightings();
    s.observe([tree], { x: OBJECT_VIEW_TILES + 1, z: 0 }, 7, () => true, respawn);
    expect(s.readyIn(tree.id, 7)).toBe(60);
  });

  it('knows nothing of a tree never seen down', () => {
    expect(new Sightings().readyIn(tree.id, 5)).toBe(0);
  });
});
