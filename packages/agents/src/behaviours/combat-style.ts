import { GameError, type Bot } from '@tilerealm/sdk';

/** The melee skills a combat style trains on its own. */
export type MeleeSkill = 'attack' | 'strength' | 'defense';
const MELEE: readonly MeleeSkill[] = ['attack', 'strength', 'defense'];

/** Train attack alone up to this level before balancing the three melee skills. */
export const ATTACK_FIRST_LEVEL = 10;

/**
 * Style ids (combat-styles.json) that train each melee skill alone, in the order tried: the
 * accurate stance trains attack, aggressive strength, defensive defense. Ids are per style set
 * (the wielded weapon decides the set), so the first id the server accepts is the right one.
 * `lunge` and `spike` come last: each is controlled on one set and not on another.
 */
export const STYLE_IDS: Record<MeleeSkill, readonly string[]> = {
  attack: ['punch', 'stab', 'chop', 'pound', 'accurate', 'spike'],
  strength: ['kick', 'slash', 'hack', 'smash', 'pummel', 'impale', 'lunge'],
  defense: ['block'],
};

/**
 * Which melee skill to train, a pure function: the goal's `target` when it names one; otherwise
 * attack until level {@link ATTACK_FIRST_LEVEL}, then the lowest of the three (attack first on a tie).
 */
export function skillToTrain(
  levels: Partial<Record<string, { level: number }>>,
  target: string | undefined,
): MeleeSkill {
  const named = MELEE.find((s) => s === target);
  if (named) return named;
  const level = (s: MeleeSkill) => levels[s]?.level ?? 1;
  if (level('attack') < ATTACK_FIRST_LEVEL) return 'attack';
  return MELEE.reduce((best, s) => (level(s) < level(best) ? s : best), 'attack');
}

/**
 * Selects a style that trains `skill` with the wielded weapon, unless the selected one already
 * does. Returns the style id now selected, or undefined when the weapon offers none (logged).
 */
export async function selectStyle(
  bot: Bot,
  skill: MeleeSkill,
  log: (m: string) => void,
): Promise<string | undefined> {
  const ids = STYLE_IDS[skill];
  const current = bot.world.player?.combat?.styleId;
  if (current !== undefined && ids.includes(current)) return current;
  for (const styleId of ids) {
    try {
      await bot.client.request('player:action', { action: 'setStyle', styleId });
      // The ack is the only word of it (no player event follows): note it, or the next fight asks again.
      const combat = bot.world.player?.combat;
      if (combat) combat.styleId = styleId;
      log(`combat style ${styleId} (trains ${skill})`);
      return styleId;
    } catch (err) {
      if (!(err instanceof GameError)) throw err;
      // invalid_style: the weapon's style set has no style with this id; try the next one.
      if (err.code !== 'invalid_style') throw err;
    }
  }
  log(`no combat style of the wielded weapon trains ${skill}`);
  return undefined;
}
