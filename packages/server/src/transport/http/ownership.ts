import type { AuthContext } from '../../auth/authenticator';
import type { CharacterRow } from '../../storage';
import type { HttpDeps } from './deps';
import { HttpError } from './errors';

/** Character ids are server-generated opaque strings; anything else is rejected before a lookup. */
export const CHARACTER_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Loads a character the caller may act on: 404 when it does not exist, 403 when it belongs to
 * another account (administrators may read any).
 */
export async function ownedCharacter(
  deps: HttpDeps,
  auth: AuthContext,
  characterId: string,
): Promise<CharacterRow> {
  const row = await deps.repos.characters.findById(characterId);
  if (!row) throw new HttpError('not_found', `character ${characterId} does not exist`);
  if (row.accountId !== auth.accountId && !auth.isAdmin) {
    throw new HttpError('forbidden', 'this character belongs to another account');
  }
  return row;
}
