/**
 * Player-facing text for the REST API's errors (docs/errors.md): the sign-in and character screens
 * never show the raw API text ("body/name: … (validation_failed)"). Pure, no DOM.
 */

/** The parts of an SDK `ApiError` this needs (status, code, message). */
export interface ApiErrorLike {
  status: number;
  code: string;
  message: string;
}

const NAME_RULES =
  'Names are 1 to 12 letters or digits, with single spaces, hyphens or underscores between them.';

/** What a character-name validation message means for the player. */
function nameProblem(message: string): string {
  if (/reserved/i.test(message)) return 'That name is reserved. Please choose another.';
  if (/1 to 12|too (long|short)|at most|at least/i.test(message))
    return `That name is too long or empty. ${NAME_RULES}`;
  return `That name cannot be used. ${NAME_RULES}`;
}

const BY_CODE: Record<string, string> = {
  name_taken: 'That name is already taken. Please choose another.',
  character_limit: 'You already have the most characters an account may have.',
  character_online: 'That character is still logged in. Try again in a moment.',
  save_pending: 'That character is still being saved. Try again in a moment.',
  unauthorized: 'Your session has ended. Please sign in again.',
  invalid_token: 'Your session has ended. Please sign in again.',
  forbidden: 'That is not yours to change.',
  not_found: 'That could not be found. Reload the page and try again.',
  no_character: 'You have no character yet: create one below.',
  auth_mode_disabled: 'This way of signing in is not available on this server.',
  rate_limited: 'Too many attempts. Please wait a moment and try again.',
  payload_too_large: 'That is too long.',
  service_unavailable: 'The server is restarting. Please try again in a moment.',
  overloaded: 'The server is very busy. Please try again in a moment.',
  internal_error: 'Something went wrong on the server. Please try again.',
  network_error: 'Cannot reach the game server. Check your connection and try again.',
};

/**
 * A friendly sentence for an API error. `validation_failed` on the name field explains the name
 * rules; other validation failures, unknown codes and plain errors get a generic sentence.
 */
export function friendlyApiError(err: ApiErrorLike): string {
  if (err.code === 'validation_failed' || err.code === 'invalid_json' || err.code === 'bad_request') {
    if (/(^|\b)(body\/)?name\b/i.test(err.message)) return nameProblem(err.message);
    return 'That was not accepted. Please check what you typed and try again.';
  }
  const known = BY_CODE[err.code];
  if (known) return known;
  if (err.status >= 500) return BY_CODE.internal_error ?? '';
  return 'That did not work. Please try again.';
}

/** Friendly text for anything thrown by a REST call (an ApiError-shaped value, or anything else). */
export function friendlyError(err: unknown): string {
  if (
    typeof err === 'object' &&
    err !== null &&
    'code' in err &&
    typeof err.code === 'string' &&
    'status' in err &&
    typeof err.status === 'number'
  ) {
    const message = 'message' in err && typeof err.message === 'string' ? err.message : '';
    return friendlyApiError({ status: err.status, code: err.code, message });
  }
  return 'Something went wrong. Please try again.';
}
