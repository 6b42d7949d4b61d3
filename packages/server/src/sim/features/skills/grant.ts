import type { SkillName } from '../../../content/skills';
import type { Player } from '../../core/player';
import type { World } from '../../core/world';
import { addXpTenths, combatLevel, LIFE_POINTS_PER_LEVEL } from './levels';
import { XP_TENTHS } from './state';
import { gameMessage } from '../chat/game-message';

/**
 * The one way experience is given. Applies the XP table, the level and XP caps and the tenths
 * remainder, then tells the player: `skill:xp` on every gain, `skill:levelUp` and a game message
 * on every new level (with the combat level recomputed). A constitution level-up also raises current health by 10 per
 * level, as hitpoints do in RuneScape.
 */
export function grantXp(world: World, p: Player, skill: SkillName, tenths: number): void {
  const current = p.skills[skill];
  const remainders = XP_TENTHS.of(p);
  const gain = addXpTenths({ level: current.level, xp: current.xp, tenths: remainders[skill] ?? 0 }, tenths);
  if (gain.gained <= 0) return;
  p.skills[skill] = { level: gain.level, xp: gain.xp };
  remainders[skill] = gain.tenths;
  world.send(p.id, 'skill:xp', {
    tick: world.tick,
    skill,
    amount: gain.gained,
    xp: gain.xp,
    level: gain.level,
  });
  if (gain.levelsGained === 0) return;
  if (skill === 'constitution') p.health += gain.levelsGained * LIFE_POINTS_PER_LEVEL;
  p.combatLevel = combatLevel({
    attack: p.skills.attack.level,
    strength: p.skills.strength.level,
    defense: p.skills.defense.level,
    constitution: p.skills.constitution.level,
    ranged: p.skills.ranged.level,
    prayer: p.skills.prayer.level,
  });
  world.send(p.id, 'skill:levelUp', {
    tick: world.tick,
    skill,
    level: gain.level,
    combatLevel: p.combatLevel,
  });
  const name = skill.charAt(0).toUpperCase() + skill.slice(1);
  gameMessage(
    world,
    p,
    `Congratulations, you've just advanced your ${name} level. You are now level ${gain.level}.`,
  );
}
