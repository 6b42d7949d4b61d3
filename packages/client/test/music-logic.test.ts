import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { areaDef, musicTrack, type MusicTrack } from '../src/content';
import {
  areaTracks,
  candidateTracks,
  chooseTrack,
  hitInvolves,
  inCombatAt,
  trackUrl,
  type MusicContent,
} from '../src/game/music-logic';

function manifest(file: string): unknown {
  return JSON.parse(readFileSync(new URL(`../../../assets/manifests/${file}`, import.meta.url), 'utf8'));
}

/** The default world's real music content. */
const content: MusicContent = {
  music: z.object({ tracks: z.array(musicTrack) }).parse(manifest('music.json')).tracks,
  areas: z.object({ areas: z.array(areaDef) }).parse(manifest('world-areas.json')).areas,
};

const track = (id: string): MusicTrack => {
  const t = content.music.find((m) => m.id === id);
  if (!t) throw new Error(`no track ${id}`);
  return t;
};

/** A deterministic "random" returning the values given in turn. */
const sequence = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length] ?? 0;
};

describe('area tracks', () => {
  it('finds an area normal and combat tracks', () => {
    expect(areaTracks(content, 'oakhaven', 'normal').map((t) => t.id)).toEqual(['harvest_dawn']);
    expect(areaTracks(content, 'oakhaven', 'combat').map((t) => t.id)).toEqual(['clash_of_iron']);
    expect(areaTracks(content, 'the_wilds', 'combat').map((t) => t.id)).toEqual(['wilderness_drums']);
    expect(areaTracks(content, 'gloomhollow_depths', 'combat').map((t) => t.id)).toEqual(['warden_awakens']);
  });

  it('links a track to an area from either manifest', () => {
    const small: MusicContent = {
      music: [
        { id: 'a', name: 'A', category: 'normal', file: 'normal/a.mp3' },
        { id: 'b', name: 'B', category: 'normal', file: 'normal/b.mp3', areas: ['town'] },
        { id: 'c', name: 'C', category: 'normal', file: 'normal/c.mp3', areas: ['elsewhere'] },
      ],
      areas: [
        {
          id: 'town',
          name: 'Town',
          biome: 'plains',
          bounds: { minX: 0, minZ: 0, maxX: 1, maxZ: 1 },
          music: ['a'],
        },
      ],
    };
    expect(areaTracks(small, 'town', 'normal').map((t) => t.id)).toEqual(['a', 'b']);
  });

  it('falls back to normal tracks in combat when the area has no combat track', () => {
    const small: MusicContent = {
      music: [{ id: 'a', name: 'A', category: 'normal', file: 'normal/a.mp3', areas: ['town'] }],
      areas: [],
    };
    expect(candidateTracks(small, { areaId: 'town', inCombat: true }).map((t) => t.id)).toEqual(['a']);
  });

  it('offers every normal track outside the areas', () => {
    const all = candidateTracks(content, { areaId: null, inCombat: false });
    expect(all.length).toBe(9);
    expect(all.every((t) => t.category === 'normal')).toBe(true);
  });
});

describe('chooseTrack', () => {
  it('plays the area normal track, then its combat track while fighting, then normal again', () => {
    const calm = chooseTrack({ areaId: 'oakhaven', inCombat: false }, content, undefined);
    expect(calm?.id).toBe('harvest_dawn');
    const fight = chooseTrack({ areaId: 'oakhaven', inCombat: true }, content, calm);
    expect(fight?.id).toBe('clash_of_iron');
    const after = chooseTrack({ areaId: 'oakhaven', inCombat: false }, content, fight);
    expect(after?.id).toBe('harvest_dawn');
  });

  it('switches track when the area changes and keeps it within the area', () => {
    const here = track('harvest_dawn');
    expect(chooseTrack({ areaId: 'oakhaven', inCombat: false }, content, here)).toBe(here);
    expect(chooseTrack({ areaId: 'mirror_lake', inCombat: false }, content, here)?.id).toBe('deep_waters');
    expect(chooseTrack({ areaId: 'the_wilds', inCombat: true }, content, here)?.id).toBe('wilderness_drums');
  });

  it('keeps the previous normal track between areas', () => {
    const here = track('quiet_lanes');
    expect(chooseTrack({ areaId: null, inCombat: false }, content, here)).toBe(here);
    // With nothing playing yet, any normal track.
    const any = chooseTrack({ areaId: undefined, inCombat: false }, content, undefined, { random: () => 0 });
    expect(any?.category).toBe('normal');
  });

  it('keeps the combat track when the fight continues outside the areas', () => {
    const fight = track('clash_of_iron');
    expect(chooseTrack({ areaId: null, inCombat: true }, content, fight)).toBe(fight);
  });

  it('loops the only candidate when it ends', () => {
    const here = track('harvest_dawn');
    expect(chooseTrack({ areaId: 'oakhaven', inCombat: false }, content, here, { ended: true })).toBe(here);
  });

  it('shuffles to a different track of the category when one ends', () => {
    const list: MusicContent = {
      music: ['a', 'b', 'c'].map((id) => ({
        id,
        name: id,
        category: 'normal',
        file: `normal/${id}.mp3`,
        areas: ['town'],
      })),
      areas: [],
    };
    const a = list.music[0];
    const random = sequence(0, 0.99, 0.5);
    const picks = [1, 2, 3].map(
      () => chooseTrack({ areaId: 'town', inCombat: false }, list, a, { ended: true, random })?.id,
    );
    expect(picks).toEqual(['b', 'c', 'c']);
    expect(picks).not.toContain('a');
  });

  it('returns undefined when there is no music at all', () => {
    expect(
      chooseTrack({ areaId: 'oakhaven', inCombat: false }, { music: [], areas: [] }, undefined),
    ).toBeUndefined();
  });
});

describe('combat detection and urls', () => {
  it('tells whether a hit involves the own player', () => {
    expect(hitInvolves({ attackerId: 'me', targetId: 'goblin' }, 'me')).toBe(true);
    expect(hitInvolves({ attackerId: 'goblin', targetId: 'me' }, 'me')).toBe(true);
    expect(hitInvolves({ attackerId: null, targetId: 'goblin' }, 'me')).toBe(false);
    expect(hitInvolves({ attackerId: 'other', targetId: 'goblin' }, 'me')).toBe(false);
    expect(hitInvolves({ attackerId: 'me', targetId: 'x' }, undefined)).toBe(false);
  });

  it('keeps combat music for ten seconds after the last hit', () => {
    expect(inCombatAt(undefined, 1_000)).toBe(false);
    expect(inCombatAt(1_000, 5_000)).toBe(true);
    expect(inCombatAt(1_000, 10_999)).toBe(true);
    expect(inCombatAt(1_000, 11_000)).toBe(false);
  });

  it('builds the CDN address of a track', () => {
    expect(trackUrl('http://cdn.test', track('harvest_dawn'))).toBe(
      'http://cdn.test/audio/music/normal/harvest_dawn.mp3',
    );
    expect(trackUrl('http://cdn.test/', { file: 'combat/x.mp3' })).toBe(
      'http://cdn.test/audio/music/combat/x.mp3',
    );
  });
});
