/** The quest events a player receives: the whole journal, and the news of a completed quest. */
import type { Player } from '../../core/player';
import type { World } from '../../core/world';
import { COINS } from '../shops/pouch';
import { journalEntries } from './journal';
import type { Completion } from './tx';
import { QUESTS } from './state';

/** Sends `quest:journal`: every quest with the player's progress, and its quest points. */
export function sendJournal(world: World, p: Player): void {
  const held = (itemId: string) => (itemId === COINS ? p.coins : p.inventory.count(itemId));
  world.send(p.id, 'quest:journal', {
    tick: world.tick,
    questPoints: QUESTS.of(p).points,
    quests: journalEntries(world.content, QUESTS.of(p).book, held),
  });
}

/** Sends `quest:completed` with the rewards given and where the items went. */
export function sendCompleted(world: World, p: Player, c: Completion): void {
  const def = world.content.quests.get(c.questId);
  if (!def) return;
  world.send(p.id, 'quest:completed', {
    tick: world.tick,
    questId: def.id,
    name: def.name,
    questPoints: def.rewards.questPoints,
    totalQuestPoints: QUESTS.of(p).points,
    xp: { ...def.rewards.xp },
    items: c.items,
    unlocks: def.rewards.unlocks.map((u) => ({ ...u })),
  });
  world.send(p.id, 'chat:message', {
    tick: world.tick,
    channel: 'system',
    from: null,
    message: `Congratulations! You have completed ${def.name}. Quest points: ${QUESTS.of(p).points}.`,
  });
}
