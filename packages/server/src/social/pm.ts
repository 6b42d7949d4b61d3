import { PM_MAX_PER_WINDOW, PM_WINDOW_MS } from '@tilerealm/protocol';
import { sanitizeChat } from '../sim/features/chat/sanitize';
import type { KeyedLimiter } from '../redis/keyed-limiter';
import type { OutEvent } from '../sim/core/types';
import { refused, type Actor, type SocialContext, type SocialOutcome } from './types';

/**
 * `pm:send {toPlayerId, message}`: a private message to a friend whose connection is open, on this
 * world or another. The text is cleaned like public chat. Refusals are checked in an order that
 * tells an ignored sender nothing about the recipient's presence: friendship, then the
 * recipient's ignore list, then whether they are online. A friend on another world gets the
 * message over the bus before the sender's ack; when other worlds cannot be reached the answer is
 * `unavailable`.
 */
export async function sendPrivateMessage(
  ctx: SocialContext,
  limiter: KeyedLimiter,
  actor: Actor,
  toId: string,
  raw: string,
): Promise<SocialOutcome> {
  const { repos, link, bus } = ctx;
  if (toId === actor.id) return refused('cannot_target_self', 'you cannot message yourself');
  const message = sanitizeChat(raw);
  if (message.length === 0) return refused('chat_empty', 'the message is empty');
  if (!(await limiter.take(actor.id)))
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
  const event: OutEvent = {
    event: 'pm:message',
    data: { from: { id: actor.id, name: actor.name }, message },
  };
  const result = { toPlayerId: toId, name: recipient.name, message };
  const offline = refused('player_offline', `${recipient.name} is not online`);
  if (link.isConnected(toId)) return { ok: true, refresh: [], notices: [{ to: toId, event }], result };
  // With a session here but the connection dropped (the reconnect grace): not reachable.
  if (link.isOnline(toId)) return offline;
  const worlds = await bus.worldsOf([toId]);
  if (!worlds) return unreachable(recipient.name);
  const world = worlds.get(toId);
  if (world === undefined || world === bus.worldId) return offline;
  const reached = await bus.deliver(world, toId, [event], true);
  if (reached === 'unavailable') return unreachable(recipient.name);
  if (reached === 'offline') return offline;
  return { ok: true, refresh: [], notices: [], result };
}

const unreachable = (name: string): SocialOutcome =>
  refused(
    'unavailable',
    `${name} cannot be reached: other worlds are unavailable right now, try again shortly`,
  );
