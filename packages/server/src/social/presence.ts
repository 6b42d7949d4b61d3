import type { OutEvent } from '../sim/core/types';
import { THIS_WORLD } from './limits';
import type { Notice, SocialContext } from './types';

/**
 * `friends:presence` for every online friend of a character whose session began (`online`) or
 * ended. Resumes within the reconnect grace period are not presence changes: the gateway only
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
    data: { playerId: character.id, name: character.name, online, world: online ? THIS_WORLD : null },
  };
  return friends.filter((id) => ctx.link.isOnline(id)).map((to) => ({ to, event }));
}
