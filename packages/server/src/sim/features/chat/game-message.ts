/**
 * Game messages: the one-line results a player reads in the chat box ("You get some logs.",
 * "You catch some shrimps."), sent as `chat:message` on the `system` channel with no sender.
 */
import type { Player } from '../../core/player';
import type { World } from '../../core/world';

/** Tells the player a result of its own action. */
export function gameMessage(world: World, p: Player, message: string): void {
  world.send(p.id, 'chat:message', { tick: world.tick, channel: 'system', from: null, message });
}

/** An item's name as a message says it ("logs", "copper ore"); the id when the item is unknown. */
export function itemWord(world: World, itemId: string): string {
  return (world.itemLookup(itemId)?.name ?? itemId).toLowerCase();
}

/** A food's name without its "raw " ("shrimps" for Raw shrimps), as cooking and fishing say it. */
export function foodWord(world: World, itemId: string): string {
  return itemWord(world, itemId).replace(/^raw /, '');
}
