import type { AreaDef, MusicTrack } from '../content';

/**
 * Which music plays: pure functions (no DOM, no audio) so they run in unit tests. The world's
 * areas name their tracks (`world-areas.json` `music`) and tracks name their areas (`music.json`
 * `areas`); either link counts. Each area has normal tracks and a combat track.
 */

/** The content the choice reads. */
export interface MusicContent {
  music: readonly MusicTrack[];
  areas: readonly AreaDef[];
}

export interface MusicSituation {
  /** The area the player stands in; null/undefined between areas. */
  areaId: string | null | undefined;
  inCombat: boolean;
}

/** How long after the last hit involving the player combat music keeps playing. */
export const COMBAT_MUSIC_MS = 10_000;

/** The tracks of one category for an area. */
export function areaTracks(content: MusicContent, areaId: string, category: string): MusicTrack[] {
  const listed = new Set(content.areas.find((a) => a.id === areaId)?.music ?? []);
  return content.music.filter(
    (t) => t.category === category && (listed.has(t.id) || (t.areas ?? []).includes(areaId)),
  );
}

/**
 * The tracks that fit the situation: the area's combat tracks while fighting (its normal ones when
 * it has none), else its normal tracks. Outside every area: every normal track.
 */
export function candidateTracks(content: MusicContent, situation: MusicSituation): MusicTrack[] {
  const { areaId, inCombat } = situation;
  if (areaId) {
    if (inCombat) {
      const combat = areaTracks(content, areaId, 'combat');
      if (combat.length > 0) return combat;
    }
    const normal = areaTracks(content, areaId, 'normal');
    if (normal.length > 0) return normal;
  }
  if (inCombat) {
    const combat = content.music.filter((t) => t.category === 'combat');
    if (combat.length > 0 && !areaId) return combat;
  }
  return content.music.filter((t) => t.category === 'normal');
}

/**
 * The track to play now. A `previous` track that still fits keeps playing (walking within an area
 * does not restart the music) unless it just `ended`; then another of the candidates is picked at
 * random (shuffle), the same one again only when it is the only candidate (loop). Between areas the
 * previous normal track keeps playing. `random` returns [0, 1) (Math.random by default).
 */
export function chooseTrack(
  situation: MusicSituation,
  content: MusicContent,
  previous: MusicTrack | undefined,
  options: { ended?: boolean; random?: () => number } = {},
): MusicTrack | undefined {
  const random = options.random ?? Math.random;
  const ended = options.ended ?? false;
  if (!situation.areaId && !situation.inCombat && previous?.category === 'normal' && !ended) return previous;
  const candidates = candidateTracks(content, situation);
  if (candidates.length === 0) return undefined;
  if (previous && !ended && candidates.some((t) => t.id === previous.id)) return previous;
  const others =
    candidates.length > 1 && previous ? candidates.filter((t) => t.id !== previous.id) : candidates;
  const index = Math.min(others.length - 1, Math.floor(random() * others.length));
  return others[index];
}

/** Whether a combat:hit concerns the own player (as attacker or target). */
export function hitInvolves(
  hit: { attackerId: string | null; targetId: string },
  selfId: string | undefined,
): boolean {
  return selfId !== undefined && (hit.attackerId === selfId || hit.targetId === selfId);
}

/** Whether combat music should play, `now` and `lastHitAt` in milliseconds. */
export function inCombatAt(lastHitAt: number | undefined, now: number, windowMs = COMBAT_MUSIC_MS): boolean {
  return lastHitAt !== undefined && now - lastHitAt < windowMs;
}

/** The CDN address of a track (`file` is relative to /audio/music/). */
export function trackUrl(cdnUrl: string, track: Pick<MusicTrack, 'file'>): string {
  return `${cdnUrl.replace(/\/+$/, '')}/audio/music/${track.file.replace(/^\/+/, '')}`;
}
