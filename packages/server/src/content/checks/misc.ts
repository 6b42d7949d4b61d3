import { checkRef } from '../table';
import type { CheckContext } from './context';

/** Music against areas (both directions), biomes against vegetation, prayers against quests. */
export function checkMisc(ctx: CheckContext): void {
  const { m, issues } = ctx;
  for (const track of m.music.entries) {
    for (const areaId of track.areas) {
      if (!checkRef(issues, 'music.json', `track ${track.id} plays in`, m.areas, areaId)) continue;
      const area = m.areas.byId.get(areaId);
      if (area && !area.music.includes(track.id))
        issues.add(
          'music.json',
          `track ${track.id} lists area ${areaId}, but that area's music does not list it`,
        );
    }
  }
  for (const area of m.areas.entries) {
    for (const trackId of area.music) {
      const track = m.music.byId.get(trackId);
      if (track && !track.areas.includes(area.id))
        issues.add(
          'world-areas.json',
          `area ${area.id} plays ${trackId}, but that track's areas do not list it`,
        );
    }
    if (m.music.known && !area.music.some((id) => m.music.byId.get(id)?.category === 'normal'))
      issues.add('world-areas.json', `area ${area.id} has no normal music track`);
  }
  for (const biome of m.biomes.entries) {
    for (const v of biome.vegetation)
      checkRef(issues, 'biomes.json', `biome ${biome.id} scatters`, m.vegetation, v.vegetationId);
  }
  for (const prayer of m.prayers.entries) {
    const questId = prayer.requirements?.questId;
    if (questId) checkRef(issues, 'prayers.json', `prayer ${prayer.id} requires`, m.quests, questId);
  }
}
