import { readFileSync } from 'node:fs';
import { WorldPlaces } from '@tilerealm/sdk';
import { describe, expect, it } from 'vitest';
import { GATHER_SPECS } from '../src/behaviours/gathering';

const manifest = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../../assets/manifests/${name}`, import.meta.url), 'utf8'));
const places = WorldPlaces.fromManifest(manifest('world-areas.json'));
const resources = (
  manifest('resources.json') as { resources: { id: string; xp: number; respawnTicks?: number }[] }
).resources;

describe('the shipped forest', () => {
  it('gives the gathering specs the respawn times of resources.json', () => {
    for (const spec of Object.values(GATHER_SPECS))
      for (const r of spec.resources)
        expect(r.respawnTicks, r.defId).toBe(resources.find((d) => d.id === r.defId)?.respawnTicks);
  });

  it('grows logs enough in Whisperwood for six level-1 agents at 5,000 woodcutting xp per game hour', () => {
    const tree = resources.find((d) => d.id === 'tree');
    if (!tree?.respawnTicks) throw new Error('no respawning tree in resources.json');
    const trees = places.objects.filter((o) => o.defId === 'tree' && o.areaId === 'whisperwood');
    // A tree gives one log and stays down respawnTicks; a level-1 bronze axe takes about 16 ticks
    // to land it (one try in four, a try every 4 ticks). A game hour is 6,000 ticks.
    const logsPerTreeHour = 6_000 / (tree.respawnTicks + 16);
    const wanted = (6 * 5_000) / tree.xp;
    expect(trees.length * logsPerTreeHour).toBeGreaterThanOrEqual(wanted);
  });
});
