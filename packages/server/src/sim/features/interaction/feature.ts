import type { Feature } from '../../core/registry';
import { INTERACTION, resolveInteraction, supersedeInteraction } from './interaction';

/**
 * The walk-to-then-act mechanism every clickable target uses (interaction.ts): interactions a newer
 * request replaced end in the input phase, after every request of the tick; those in reach act in
 * the players phase, after movement.
 */
export const interactionFeature: Feature = {
  name: 'interaction',
  register(r) {
    r.playerSlot(INTERACTION);
    r.perPlayer('input', supersedeInteraction);
    r.perPlayer('players', resolveInteraction);
  },
};
