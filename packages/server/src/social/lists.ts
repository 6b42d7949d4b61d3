import type { ServerPayload } from '@tilerealm/protocol';
import type { Repositories } from '../storage';

/** The `social:state` payload: a character's friends, requests both ways and its account's ignore list. */
export type SocialState = ServerPayload<'social:state'>;

/** The world of each online character among `ids` (absent: offline, or not known right now). */
export type WorldsOf = (ids: readonly string[]) => Promise<ReadonlyMap<string, number>>;

/**
 * Reads a character's lists with the names to show and each friend's presence (online, and on
 * which world). Used for
 * `social:state` and the REST reads, so both always agree. Rows of a character deleted meanwhile
 * (the lists cascade, but a read can race the delete) are left out rather than shown nameless.
 */
export async function readSocialState(
  repos: Repositories,
  character: { id: string; accountId: string },
  worldsOf: WorldsOf,
): Promise<SocialState> {
  const [friendIds, incomingIds, outgoingIds, ignoredIds] = await Promise.all([
    repos.social.listFriends(character.id),
    repos.social.listIncomingRequests(character.id),
    repos.social.listOutgoingRequests(character.id),
    repos.social.listIgnored(character.accountId),
  ]);
  const names = await repos.social.characterNames([
    ...friendIds,
    ...incomingIds,
    ...outgoingIds,
    ...ignoredIds,
  ]);
  const refs = (ids: string[]) =>
    ids.flatMap((id) => {
      const name = names.get(id);
      return name === undefined ? [] : [{ id, name }];
    });
  const worlds = await worldsOf(friendIds);
  const friends = refs(friendIds)
    .map((f) => {
      const world = worlds.get(f.id);
      return { ...f, online: world !== undefined, world: world ?? null };
    })
    .sort(byName);
  return {
    friends,
    incoming: refs(incomingIds),
    outgoing: refs(outgoingIds),
    ignored: refs(ignoredIds).sort(byName),
  };
}

/** Alphabetical, ignoring case (names are unique case-insensitively, so the order is total). */
function byName(a: { name: string }, b: { name: string }): number {
  const x = a.name.toLowerCase();
  const y = b.name.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}
