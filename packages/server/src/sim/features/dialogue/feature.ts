import type { Feature } from '../../core/registry';
import { choose, continueDialogue, requestTalk } from './conversation';

/**
 * NPC dialogue: `player:action` `talk`, then `dialogue:choose` and `dialogue:continue` while the
 * conversation is open (conversation.ts). Closing it (`closeInterface`, walking away) and the
 * walk to the NPC are the shared interface machinery of features/bank.
 */
export const dialogueFeature: Feature = {
  name: 'dialogue',
  register(r) {
    r.action('talk', (world, player, data, rid) => requestTalk(world, player, data.npcId, rid));
    r.on('dialogue:choose', (world, player, data) => choose(world, player, data.index));
    r.on('dialogue:continue', (world, player) => continueDialogue(world, player));
  },
};
