import type { Feature } from '../../core/registry';
import { fail } from '../../core/registry';
import { weaponOf } from '../equipment/bonuses';
import { HITS, landDueHits } from './hits';
import { npcCombatTick, updateTolerance } from './npc-combat';
import { playerCombatTick, requestAttack } from './player-combat';
import { resolveStyle } from './styles';
import { COMBAT } from './state';

/**
 * Combat: `player:action` `attack` (NPCs anywhere, players where PvP is allowed), `setStyle` and
 * `setAutoRetaliate`; NPC aggression, chase, leash, death, drops and respawn in the npcs phase;
 * player chases and swings, then every due hit lands, in the players phase. Formulas are OSRS's
 * (formulas.ts, styles.ts, xp.ts; docs/combat.md).
 */
export const combatFeature: Feature = {
  name: 'combat',
  register(r) {
    r.playerSlot(COMBAT);
    r.worldSlot(HITS);
    r.action('attack', (world, player, data) => requestAttack(world, player, data.targetId));
    r.action('setStyle', (world, player, data) => {
      const style = resolveStyle(
        world.content.combatStyles,
        weaponOf(player.equipment, world.itemLookup),
        data.styleId,
      );
      if (!style) return fail('invalid_style', `your weapon has no ${data.styleId} style`);
      COMBAT.of(player).styleId = style.id;
      return {
        ok: true,
        result: {
          styleId: style.id,
          name: style.name,
          stance: style.stance,
          damageType: style.damageType,
          attackSpeed: style.attackSpeed,
          range: style.range,
        },
      };
    });
    r.action('setAutoRetaliate', (_world, player, data) => {
      COMBAT.of(player).autoRetaliate = data.enabled;
      return { ok: true, result: { autoRetaliate: data.enabled } };
    });
    r.perNpc('npcs', npcCombatTick);
    r.perPlayer('players', playerCombatTick);
    r.phase('players', landDueHits);
    r.perPlayer('players', updateTolerance);
  },
};
