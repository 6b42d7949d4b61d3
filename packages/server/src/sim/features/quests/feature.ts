import { onDeed } from '../../core/deeds';
import type { Feature } from '../../core/registry';
import { onAltarPrayer } from '../prayer/altar';
import { sendJournal } from './events';
import { checkObjectives, creditDeed, creditInteraction } from './progress';
import { QUESTS } from './state';

/**
 * Quests (quests.json): started and advanced by NPC dialogue (features/dialogue), counted by kills
 * (combat's kill credit), uses of stations and resources and the deeds of core/deeds.ts, completed with their rewards in one
 * saved transaction (progress.ts, rewards.ts, tx.ts). The journal goes out when a player enters
 * the world, on every change, and on `quest:requestJournal`.
 */
export const questsFeature: Feature = {
  name: 'quests',
  register(r) {
    r.playerSlot(QUESTS);
    r.on('quest:requestJournal', (world, player) => {
      sendJournal(world, player);
      return { ok: true };
    });
    r.perPlayer('login', (world, p) => {
      if (p.joinedTick === world.tick) sendJournal(world, p);
    });
    // Praying at an altar is a use of its station (sacred_bones: "pray at an altar").
    r.init((world) =>
      onAltarPrayer(world, (w, p, altar) =>
        creditInteraction(w, p, { type: 'station', id: altar.stationId }),
      ),
    );
    // Fires lit, items made, bank deposits and purchases: the light_fire, make, bank_deposit and
    // shop_buy stages.
    r.init((world) => onDeed(world, creditDeed));
    r.perPlayer('world', checkObjectives);
  },
};
