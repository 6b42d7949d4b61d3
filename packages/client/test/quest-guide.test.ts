import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { areaDef, itemDef, npcDef, questDef } from '../src/content';
import { questGuide, questSteps } from '../src/ui/panels/journal';

const MANIFESTS = join(__dirname, '..', '..', '..', 'assets', 'manifests');
const manifest = (file: string): unknown => JSON.parse(readFileSync(join(MANIFESTS, file), 'utf8'));
const byId = <T extends { id: string }>(list: T[]) => new Map(list.map((x) => [x.id, x]));
const itemFiles = z.object({ files: z.array(z.string()) }).parse(manifest('items.json')).files;
const content = {
  areas: z.object({ areas: z.array(areaDef) }).parse(manifest('world-areas.json')).areas,
  npcs: byId(z.object({ npcs: z.array(npcDef) }).parse(manifest('npcs.json')).npcs),
  quests: byId(z.object({ quests: z.array(questDef) }).parse(manifest('quests.json')).quests),
  items: byId(itemFiles.flatMap((f) => z.object({ items: z.array(itemDef) }).parse(manifest(f)).items)),
};

describe('the quest journal guide', () => {
  it('says where a quest starts and what it gives', () => {
    const g = questGuide(content, 'founders_feast');
    expect(g.start).toBe('Talk to Bertram in Oakhaven.');
    expect(g.requirements).toEqual([]);
    expect(g.rewards).toEqual([
      '1 quest point',
      '1,000 Cooking XP',
      '300 Fishing XP',
      "Chef's hat",
      '250 x Coins',
    ]);
  });

  it('marks each requirement met or not for the player', () => {
    const g = questGuide(content, 'into_the_gloom', {
      skills: { attack: { level: 25 }, defense: { level: 3 } },
      completed: new Set(['goblin_menace']),
    });
    expect(g.requirements).toEqual([
      { text: 'Level 20 Attack', met: true },
      { text: 'Level 20 Defense', met: false },
      { text: `Complete ${content.quests.get('goblin_menace')?.name ?? ''}`, met: true },
    ]);
    expect(g.rewards).toContain("The Crusader's Zeal prayer.");
    const qp = questGuide(content, 'bandits_bounty', { questPoints: 1 });
    expect(qp.requirements).toContainEqual({ text: '2 quest points', met: false });
    // Without the player's state the client cannot tell.
    expect(questGuide(content, 'bandits_bounty').requirements[0]?.met).toBeUndefined();
  });

  it('gives every bundled quest a start with an NPC the content knows', () => {
    for (const id of content.quests.keys()) {
      expect(questGuide(content, id).start).toMatch(/^Talk to [A-Z][^_]+ in [A-Z].+\.$/);
    }
  });

  it('shows nothing it cannot read for an unknown quest', () => {
    expect(questGuide(content, 'no_such_quest')).toEqual({ start: undefined, requirements: [], rewards: [] });
  });

  it("lists a quest's steps so far: the done ones, then the current one; all once completed", () => {
    const at = (status: 'not_started' | 'in_progress' | 'completed', stage: number) =>
      questSteps(content, { questId: 'first_steps', status, stage });
    expect(at('not_started', 0)).toEqual([]);
    expect(at('in_progress', 0)).toEqual([{ text: expect.stringMatching(/^Walk to the tree/), done: false }]);
    const third = at('in_progress', 2);
    expect(third.map((s) => s.done)).toEqual([true, true, false]);
    expect(third[2]?.text).toMatch(/^Light a fire/);
    const all = at('completed', 8);
    expect(all).toHaveLength(8);
    expect(all.every((s) => s.done)).toBe(true);
    expect(all.at(-1)?.text).toBe('Return to Guide Lina in the town square.');
    expect(questSteps(content, { questId: 'no_such_quest', status: 'in_progress', stage: 0 })).toEqual([]);
  });
});
