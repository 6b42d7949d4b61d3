import { FRIENDS_MAX } from '@tilerealm/protocol';
import type { Repositories } from '../storage';
import { refused, type Actor, type Notice, type SocialContext, type SocialOutcome } from './types';

/*
 * The friends list rules: requests, answers, withdrawals and removals. Each function checks
 * everything first and then writes (several writes in one transaction), so a refusal changes
 * nothing. The service runs them one at a time, which keeps the checks true until the writes.
 */

const done = (refresh: string[], result: Record<string, unknown>, notices: Notice[] = []): SocialOutcome => ({
  ok: true,
  refresh,
  notices,
  result,
});

async function listFull(repos: Repositories, actor: Actor): Promise<SocialOutcome | undefined> {
  const used = await repos.social.countFriendsAndOutgoing(actor.id);
  if (used >= FRIENDS_MAX)
    return refused(
      'friends_list_full',
      `your friends and sent requests already number ${FRIENDS_MAX}: remove a friend or withdraw a request first`,
    );
  return undefined;
}

/**
 * Refuses a friendship the ignore lists forbid: the actor's account ignores the other (it must
 * take them off its list first) or the other's account ignores the actor.
 */
async function ignoreBlocks(
  repos: Repositories,
  actor: Actor,
  other: { id: string; accountId: string; name: string },
): Promise<SocialOutcome | undefined> {
  if (await repos.social.isIgnored(actor.accountId, other.id))
    return refused('already_ignored', `${other.name} is on your ignore list: remove them from it first`);
  if (await repos.social.isIgnored(other.accountId, actor.id))
    return refused('player_unavailable', `${other.name} is not accepting friend requests from you`);
  return undefined;
}

/** Makes two characters friends, consuming the request `from` sent `to`; false when it was gone. */
async function befriend(repos: Repositories, from: string, to: string): Promise<boolean> {
  return repos.transaction(async (tx) => {
    if (!(await tx.social.removeFriendRequest(from, to))) return false;
    await tx.social.removeFriendRequest(to, from);
    await tx.social.addFriendship(from, to);
    return true;
  });
}

/**
 * `friends:request {name}`: asks the named character, or accepts their request when they asked
 * first (two players adding each other end up friends either way).
 */
export async function requestFriend(ctx: SocialContext, actor: Actor, name: string): Promise<SocialOutcome> {
  const { repos } = ctx;
  const target = await repos.characters.findByName(name);
  if (!target) return refused('player_not_found', `no character is named ${name}`);
  if (target.id === actor.id) return refused('cannot_target_self', 'you cannot add yourself as a friend');
  if (await repos.social.areFriends(actor.id, target.id))
    return refused('already_friends', `${target.name} is already your friend`);
  const blocked = await ignoreBlocks(repos, actor, target);
  if (blocked) return blocked;
  // The target may be on another world, which must hear of it: refused while it cannot be reached.
  if (!ctx.link.isOnline(target.id) && !ctx.bus.available)
    return refused(
      'unavailable',
      `${target.name} cannot be told right now: other worlds are unavailable, try again shortly`,
    );
  const who = { playerId: target.id, name: target.name };
  if (await repos.social.hasFriendRequest(target.id, actor.id)) {
    const full = await listFull(repos, actor);
    if (full) return full;
    if (!(await befriend(repos, target.id, actor.id)))
      return refused('friend_request_not_found', `${target.name}'s request is no longer waiting`);
    return done([actor.id, target.id], { status: 'accepted', ...who });
  }
  if (await repos.social.hasFriendRequest(actor.id, target.id))
    return refused('friend_request_exists', `you already asked ${target.name}: wait for an answer`);
  const full = await listFull(repos, actor);
  if (full) return full;
  await repos.social.addFriendRequest(actor.id, target.id);
  return done([actor.id, target.id], { status: 'requested', ...who }, [
    {
      to: target.id,
      event: { event: 'friends:requestReceived', data: { from: { id: actor.id, name: actor.name } } },
    },
  ]);
}

/** `friends:respond {playerId, accept}`: answers a request the actor received. */
export async function respondToFriend(
  ctx: SocialContext,
  actor: Actor,
  fromId: string,
  accept: boolean,
): Promise<SocialOutcome> {
  const { repos } = ctx;
  const notFound = refused('friend_request_not_found', 'no friend request from that player is waiting');
  if (!(await repos.social.hasFriendRequest(fromId, actor.id))) return notFound;
  if (!accept) {
    await repos.social.removeFriendRequest(fromId, actor.id);
    return done([actor.id, fromId], { playerId: fromId, accepted: false });
  }
  const from = await repos.characters.findById(fromId);
  if (!from) return notFound;
  const blocked = await ignoreBlocks(repos, actor, from);
  if (blocked) return blocked;
  const full = await listFull(repos, actor);
  if (full) return full;
  if (!(await befriend(repos, fromId, actor.id))) return notFound;
  return done([actor.id, fromId], { playerId: fromId, name: from.name, accepted: true });
}

/** `friends:cancel {playerId}`: withdraws a request the actor sent. */
export async function cancelFriendRequest(
  ctx: SocialContext,
  actor: Actor,
  toId: string,
): Promise<SocialOutcome> {
  if (!(await ctx.repos.social.removeFriendRequest(actor.id, toId)))
    return refused('friend_request_not_found', 'you have no request waiting with that player');
  return done([actor.id, toId], { playerId: toId });
}

/** `friends:remove {playerId}`: ends a friendship for both sides. */
export async function removeFriend(
  ctx: SocialContext,
  actor: Actor,
  otherId: string,
): Promise<SocialOutcome> {
  if (!(await ctx.repos.social.removeFriendship(actor.id, otherId)))
    return refused('not_friends', 'that player is not on your friends list');
  return done([actor.id, otherId], { playerId: otherId });
}
