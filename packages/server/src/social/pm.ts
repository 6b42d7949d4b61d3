import { PM_MAX_PER_WINDOW, PM_WINDOW_MS } from '@tilerealm/protocol';
import { sanitizeChat } from '../sim/features/chat/sanitize';
import type { PmRateLimiter } from './limits';
import { refused, type Actor, type SocialContext, type SocialOutcome } from './types';

/**
 * `pm:send {toPlayerId, message}`: a private message to a friend whose connection is open. The
 * text is cleaned like public chat. Refusals are checked in an order that tells an ignored
 * sender nothing about the recipient's presence: friendship, then the recipient's ignore list,
 * then whether they are online.
 */
export async function sendPrivateMessage(
  ctx: SocialContext,
  limiter: PmRateLimiter,
  actor: Actor,
  toId: string,
  raw: string,
): Promise<SocialOutcome> {
  const { repos, link } = ctx;
  if (toId === actor.id) return refused('cannot_target_self', 'you cannot message yourself');
  const message = sanitizeChat(raw);
  if (message.length === 0) return refused('chat_empty', 'the message is empty');
  if (!limiter.take(actor.id))
    return refused(
      'pm_rate_limited',
      `at most ${PM_MAX_PER_WINDOW} private messages every ${PM_WINDOW_MS / 1000} seconds`,
    );
  if (!(await repos.social.areFriends(actor.id, toId))) {
    const exists = (await repos.characters.findById(toId)) !== null;
    return exists
      ? refused('not_friends', 'you can only message players on your friends list')
      : refused('player_not_found', 'no character has that id');
  }
  const recipient = await repos.characters.findById(toId);
  if (!recipient) return refused('player_not_found', 'no character has that id');
  if (await repos.social.isIgnored(recipient.accountId, actor.id))
    return refused('player_unavailable', `${recipient.name} is not accepting messages from you`);
  if (!link.isConnected(toId)) return refused('player_offline', `${recipient.name} is not online`);
  return {
    ok: true,
    refresh: [],
    notices: [
      {
        to: toId,
        event: { event: 'pm:message', data: { from: { id: actor.id, name: actor.name }, message } },
      },
    ],
    result: { toPlayerId: toId, name: recipient.name, message },
  };
}
