import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Bot } from '@tilerealm/sdk';
import { ATTACK_FIRST_LEVEL, selectStyle, STYLE_IDS, skillToTrain } from '../src/behaviours/combat-style';
import { freshPlayer } from './fixtures';

const levels = (attack: number, strength: number, defense: number) => ({
  attack: { level: attack },
  strength: { level: strength },
  defense: { level: defense },
});

describe('skillToTrain', () => {
  it('trains the melee skill the goal names', () => {
    expect(skillToTrain(levels(1, 1, 1), 'strength')).toBe('strength');
    expect(skillToTrain(levels(1, 1, 1), 'defense')).toBe('defense');
    expect(skillToTrain(levels(20, 1, 1), 'attack')).toBe('attack');
  });

  it('trains attack first, then the lowest melee skill', () => {
    expect(skillToTrain(levels(1, 1, 1), undefined)).toBe('attack');
    expect(skillToTrain(levels(ATTACK_FIRST_LEVEL - 1, 1, 1), 'chicken')).toBe('attack');
    expect(skillToTrain(levels(ATTACK_FIRST_LEVEL, 1, 3), undefined)).toBe('strength');
    expect(skillToTrain(levels(ATTACK_FIRST_LEVEL, 12, 5), undefined)).toBe('defense');
    expect(skillToTrain(levels(12, 12, 12), undefined)).toBe('attack');
    expect(skillToTrain({}, undefined)).toBe('attack');
  });
});

describe('STYLE_IDS', () => {
  const manifest = JSON.parse(
    readFileSync(new URL('../../../assets/manifests/combat-styles.json', import.meta.url), 'utf8'),
  ) as { styleSets: { id: string; styles: { id: string; stance: string }[] }[] };
  const stanceOf = { attack: 'accurate', strength: 'aggressive', defense: 'defensive' } as const;

  it('the first listed id a melee style set offers has the stance that trains the skill', () => {
    for (const set of manifest.styleSets) {
      if (set.styles.some((s) => s.stance === 'rapid' || s.stance === 'longrange')) continue;
      for (const skill of ['attack', 'strength', 'defense'] as const) {
        const first = STYLE_IDS[skill].map((id) => set.styles.find((s) => s.id === id)).find(Boolean);
        const wanted = set.styles.some((s) => s.stance === stanceOf[skill]);
        if (wanted)
          expect({ set: set.id, skill, stance: first?.stance }).toEqual({
            set: set.id,
            skill,
            stance: stanceOf[skill],
          });
      }
    }
  });
});

describe('selectStyle', () => {
  it('asks the server once: the style it selected counts as selected afterwards', async () => {
    const sent: unknown[] = [];
    const player = structuredClone(freshPlayer);
    player.combat = { styleId: 'stab', autoRetaliate: true };
    const bot = {
      world: { player },
      client: {
        request: (_event: string, data: { styleId: string }) => {
          sent.push(data.styleId);
          return Promise.resolve({ ok: true });
        },
      },
    } as unknown as Bot;
    const log = () => undefined;
    expect(await selectStyle(bot, 'strength', log)).toBe('kick');
    expect(await selectStyle(bot, 'strength', log)).toBe('kick');
    expect(sent).toEqual(['kick']);
  });
});
