import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { VoiceConfig } from './config';

/**
 * Lifetime of a voice token. It only has to last until the client connects (LiveKit checks `exp`
 * at join time, not on reconnects), so it is kept short: a leaked token is soon useless, and a
 * player who walks into another area simply asks for a new one.
 */
export const VOICE_TOKEN_TTL_SECONDS = 600;

/**
 * LiveKit's `video` grant, with LiveKit's claim names: join one room, speak, listen and send data
 * messages. No room administration, recording or listing.
 */
export interface VoiceGrant {
  room: string;
  roomJoin: true;
  canPublish: true;
  canSubscribe: true;
  canPublishData: true;
}

export interface VoiceTokenRequest {
  /** Participant identity (`sub`): the character id, stable across renames. */
  identity: string;
  /** Display name (`name`): the character's name. */
  name: string;
  room: string;
}

export interface VoiceToken {
  token: string;
  grant: VoiceGrant;
  issuedAt: Date;
  expiresAt: Date;
}

/**
 * Mints a LiveKit-compatible access token: an HS256 JWT signed with the voice API secret, issued
 * by the API key (`iss`), valid from `now` (`nbf`, `iat`) for {@link VOICE_TOKEN_TTL_SECONDS}
 * (`exp`), with a unique `jti`. `now` is injected so tests can check exact times.
 */
export async function mintVoiceToken(
  voice: VoiceConfig,
  request: VoiceTokenRequest,
  now: Date = new Date(),
): Promise<VoiceToken> {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + VOICE_TOKEN_TTL_SECONDS;
  const grant: VoiceGrant = {
    room: request.room,
    roomJoin: true,
    canPublish: true,
    canSubscribe: true,
    canPublishData: true,
  };
  const token = await new SignJWT({ name: request.name, video: grant })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(voice.apiKey)
    .setSubject(request.identity)
    .setIssuedAt(iat)
    .setNotBefore(iat)
    .setExpirationTime(exp)
    .setJti(randomUUID())
    .sign(new TextEncoder().encode(voice.apiSecret));
  return { token, grant, issuedAt: new Date(iat * 1000), expiresAt: new Date(exp * 1000) };
}
