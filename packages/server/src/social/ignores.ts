import { IGNORED_MAX } from '@tilerealm/protocol';
import { refused, type Actor, type SocialContext, type SocialOutcome } from './types';

/*
 * The ignore list belongs to the account (as the specification says): every character of the
 * account shows it and is shielded by it. A change refreshes all of them and tells the world,
 * which filters public chat and trade requests by it.
 */

async function accountCharacters(ctx: SocialContext, accountId: string): Promise<string[]> {
  return (await ctx.repos.characters.listByAccount(accountId)).map((c) => c.id);
}

/**
 * `ignore:add {name}`: puts the named character on the actor's account's list and, in the same
 * transaction, ends any friendship and pending request between it and the actor.
 */
export async function addIgnore(ctx: SocialContext, actor: Actor, name: string): Promise<SocialOutcome> {
  const { repos } = ctx;
  const target = await repos.characters.findByName(name);
  if (!target) return refused('player_not_found', `no character is named ${name}`);
  if (target.id === actor.id) return refused('cannot_target_self', 'you cannot ignore yourself');
  if (await repos.social.isIgnored(actor.accountId, target.id))
    return refused('already_ignored', `${target.name} is already on your ignore list`);
  if ((await repos.social.countIgnored(actor.accountId)) >= IGNORED_MAX)
    return refused('ignore_list_full', `your ignore list already holds ${IGNORED_MAX} players`);
  const ended = await repos.transaction(async (tx) => {
    await tx.social.ignore(actor.accountId, target.id);
    const friendship = await tx.social.removeFriendship(actor.id, target.id);
    const requests = await tx.social.removeFriendRequestsBetween(actor.id, target.id);
    return { friendship, requests };
  });
  return {
    ok: true,
    // The ignored player hears nothing of it unless a friendship or request of theirs ended.
    refresh: [
      ...(await accountCharacters(ctx, actor.accountId)),
      ...(ended.friendship || ended.requests > 0 ? [target.id] : []),
    ],
    notices: [],
    ignoresOf: actor.accountId,
    result: {
      playerId: target.id,
      name: target.name,
      friendshipEnded: ended.friendship,
      requestsRemoved: ended.requests,
    },
  };
}

/** `ignore:remove {playerId}`: takes a character off the actor's account's list. */
export async function removeIgnore(
  ctx: SocialContext,
  actor: Actor,
  targetId: string,
): Promise<SocialOutcome> {
  if (!(await ctx.repos.social.unignore(actor.accountId, targetId)))
    return refused('not_ignored', 'that player is not on your ignore list');
  return {
    ok: true,
    refresh: await accountCharacters(ctx, actor.accountId),
    notices: [],
    ignoresOf: actor.accountId,
    result: { playerId: targetId },
  };
}
