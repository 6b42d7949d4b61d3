import type { CreateCharacterOutcome } from '../../accounts/characters';
import { MAX_CHARACTERS_PER_ACCOUNT } from '../../accounts/characters';
import { HttpError } from './errors';

/** Maps an expected character-creation failure to its HTTP error. */
export function creationError(
  outcome: Extract<CreateCharacterOutcome, { ok: false }>,
  name: string,
): HttpError {
  switch (outcome.reason) {
    case 'name_taken':
      return new HttpError('name_taken', `the name ${name} is already taken`);
    case 'character_limit':
      return new HttpError(
        'character_limit',
        `an account may have at most ${MAX_CHARACTERS_PER_ACCOUNT} characters`,
      );
    case 'unknown_template':
      return new HttpError('validation_failed', 'unknown starter template', [
        { path: 'body/template', message: 'unknown starter template' },
      ]);
  }
}
