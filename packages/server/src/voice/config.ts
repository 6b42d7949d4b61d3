/**
 * Voice-chat settings: the three VOICE_* variables are all-or-none, so a half-configured voice
 * service is a start-up error rather than a feature that silently stays off.
 */

/** Credentials and address of the LiveKit-compatible voice service. The secret never leaves the server. */
export interface VoiceConfig {
  /** API key: the `iss` of every voice token. */
  apiKey: string;
  /** API secret: the HS256 key voice tokens are signed with. */
  apiSecret: string;
  /** Address the browser connects to (ws://, wss://, http:// or https://), exposed as PUBLIC_VOICE_URL. */
  url: string;
}

/** The variables that together enable voice chat, in the order they are reported. */
export const VOICE_VARS = ['VOICE_API_KEY', 'VOICE_API_SECRET', 'VOICE_URL'] as const;

/**
 * Shortest secret accepted in production. HS256 keys shorter than the 256-bit hash are weak, and
 * LiveKit itself asks for at least 32 characters. Outside production any secret is accepted so a
 * local development voice server (e.g. one started with its well-known short dev secret) works.
 */
export const VOICE_SECRET_MIN_PRODUCTION = 32;

export type VoiceEnv = Partial<Record<(typeof VOICE_VARS)[number], string>>;

/**
 * Resolves the validated VOICE_* values: `voice` is set only when all three are present; `problems`
 * names whatever is missing or too weak (the values themselves are never quoted).
 */
export function resolveVoiceConfig(
  env: VoiceEnv,
  production: boolean,
): { voice: VoiceConfig | undefined; problems: string[] } {
  const missing = VOICE_VARS.filter((name) => env[name] === undefined);
  if (missing.length === VOICE_VARS.length) return { voice: undefined, problems: [] };
  const problems: string[] = [];
  if (missing.length > 0) {
    const set = VOICE_VARS.filter((name) => env[name] !== undefined);
    problems.push(
      `voice chat needs VOICE_API_KEY, VOICE_API_SECRET and VOICE_URL together (or none): ${set.join(', ')} set but ${missing.join(', ')} missing`,
    );
  }
  const { VOICE_API_KEY: apiKey, VOICE_API_SECRET: apiSecret, VOICE_URL: url } = env;
  if (production && apiSecret !== undefined && apiSecret.length < VOICE_SECRET_MIN_PRODUCTION) {
    problems.push(
      `VOICE_API_SECRET must be at least ${VOICE_SECRET_MIN_PRODUCTION} characters in production`,
    );
  }
  if (problems.length > 0 || apiKey === undefined || apiSecret === undefined || url === undefined) {
    return { voice: undefined, problems };
  }
  return { voice: { apiKey, apiSecret, url }, problems };
}
