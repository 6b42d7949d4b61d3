/**
 * The one catalogue of HTTP error codes. Every error response has the body
 * `{ "error": { "code": <stable code>, "message": <human text>, "details"?: ... } }`,
 * so clients branch on `code` and show `message`.
 */
export const HTTP_ERRORS = {
  bad_request: 400,
  invalid_json: 400,
  validation_failed: 400,
  invalid_path: 400,
  request_timeout: 408,
  precondition_failed: 412,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  headers_too_large: 431,
  unauthorized: 401,
  invalid_token: 401,
  forbidden: 403,
  not_found: 404,
  no_character: 404,
  method_not_allowed: 405,
  name_taken: 409,
  character_limit: 409,
  character_online: 409,
  save_pending: 409,
  agent_exists: 409,
  goal_unavailable: 409,
  upgrade_required: 426,
  rate_limited: 429,
  auth_mode_disabled: 404,
  internal_error: 500,
  service_unavailable: 503,
  overloaded: 503,
  voice_disabled: 503,
} as const;

export type HttpErrorCode = keyof typeof HTTP_ERRORS;

export interface ErrorBody {
  error: { code: HttpErrorCode; message: string; details?: unknown };
}

/** An expected failure with a stable code; the error handler turns it into the JSON body above. */
export class HttpError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: HttpErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = HTTP_ERRORS[code];
  }
}

export function errorBody(code: HttpErrorCode, message: string, details?: unknown): ErrorBody {
  return details === undefined ? { error: { code, message } } : { error: { code, message, details } };
}
