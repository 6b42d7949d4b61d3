import type { OutEvent } from '../sim/core/types';
import type { Notice, SocialContext } from './types';

/**
 * `friends:presence` for every friend of a character whose session began here (`online`, with
 * this world's number) or ended; the sender delivers them to the friends online, on whatever
 * world. Resumes within the reconnect grace period are not presence changes: the gateway only
 * reports sessions that really start and end.
 */
export async function presenceNotices(
  ctx: SocialContext,
  character: { id: string; name: string },
  online: boolean,
): Promise<Notice[]> {
  const friends = await ctx.repos.social.listFriends(character.id);
  const event: OutEvent = {
    event: 'friends:presence',
    data: { playerId: character.id, name: character.name, online, world: online ? ctx.bus.worldId : null },
  };
  return friends.map((to) => ({ to, event }));
}
