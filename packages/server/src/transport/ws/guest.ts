import { randomInt } from 'node:crypto';
import { createCharacter } from '../../accounts/characters';
import type { Content } from '../../content/load';
import type { CharacterRow, Repositories } from '../../storage';

/**
 * The character of a fresh anonymous identity: "Guest NNNNN" from the default template. Names
 * are unique, so a clash draws another number.
 */
export async function guestCharacter(
  repos: Repositories,
  content: Content,
  accountId: string,
): Promise<CharacterRow | null> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const outcome = await createCharacter(repos, content, {
      accountId,
      name: `Guest ${randomInt(10_000, 100_000)}`,
    });
    if (outcome.ok) return outcome.character;
    if (outcome.reason !== 'name_taken') return null;
  }
  return null;
}

/**
 * The character a login plays: the one asked for by id (when the account owns it), else the
 * account's last played one, else (when allowed: anonymous mode) a new guest character.
 */
export async function chooseCharacter(
  repos: Repositories,
  content: Content,
  accountId: string,
  characterId: string | undefined,
  mayCreate: boolean,
): Promise<CharacterRow | null> {
  if (characterId !== undefined) {
    const row = await repos.characters.findById(characterId);
    return row && row.accountId === accountId ? row : null;
  }
  const last = await repos.characters.lastPlayed(accountId);
  if (last || !mayCreate) return last;
  return guestCharacter(repos, content, accountId);
}
