import { decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import type { VoiceConfig } from './config';
import { mintVoiceToken, VOICE_TOKEN_TTL_SECONDS } from './tokens';

const voice: VoiceConfig = {
  apiKey: 'APIvoicekey',
  apiSecret: 'voice-secret-0123456789abcdef0123456789',
  url: 'wss://voice.example.org',
};
const key = new TextEncoder().encode(voice.apiSecret);
const now = new Date('2030-01-02T03:04:05.678Z');
const nowSeconds = Math.floor(now.getTime() / 1000);

describe('mintVoiceToken', () => {
  it('signs a LiveKit access token with the API secret and LiveKit claim names', async () => {
    const minted = await mintVoiceToken(
      voice,
      { identity: 'char-1', name: 'Alice', room: 'area:oakhaven' },
      now,
    );
    expect(decodeProtectedHeader(minted.token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const { payload } = await jwtVerify(minted.token, key, {
      algorithms: ['HS256'],
      issuer: voice.apiKey,
      subject: 'char-1',
      currentDate: now,
    });
    expect(payload).toMatchObject({
      iss: 'APIvoicekey',
      sub: 'char-1',
      name: 'Alice',
      iat: nowSeconds,
      nbf: nowSeconds,
      exp: nowSeconds + VOICE_TOKEN_TTL_SECONDS,
      video: {
        room: 'area:oakhaven',
        roomJoin: true,
        canPublish: true,
        canSubscribe: true,
        canPublishData: true,
      },
    });
    expect(Object.keys(payload.video ?? {}).sort()).toEqual([
      'canPublish',
      'canPublishData',
      'canSubscribe',
      'room',
      'roomJoin',
    ]);
    expect(payload.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(minted.issuedAt).toEqual(new Date(nowSeconds * 1000));
    expect(minted.expiresAt).toEqual(new Date((nowSeconds + VOICE_TOKEN_TTL_SECONDS) * 1000));
    expect(minted.grant.room).toBe('area:oakhaven');
  });

  it('never puts the secret in the token', async () => {
    const { token } = await mintVoiceToken(voice, { identity: 'c', name: 'N', room: 'world' }, now);
    const [header = '', body = ''] = token.split('.');
    const decoded = Buffer.from(header, 'base64url').toString() + Buffer.from(body, 'base64url').toString();
    expect(decoded).not.toContain(voice.apiSecret);
  });

  it('gives each token its own jti', async () => {
    const request = { identity: 'c', name: 'N', room: 'world' };
    const a = await jwtVerify((await mintVoiceToken(voice, request, now)).token, key, { currentDate: now });
    const b = await jwtVerify((await mintVoiceToken(voice, request, now)).token, key, { currentDate: now });
    expect(a.payload.jti).not.toBe(b.payload.jti);
  });

  it('fails verification with another secret', async () => {
    const { token } = await mintVoiceToken(voice, { identity: 'c', name: 'N', room: 'world' }, now);
    const wrong = new TextEncoder().encode('another-secret-0123456789abcdef012345');
    await expect(jwtVerify(token, wrong, { currentDate: now })).rejects.toThrow(/signature/);
  });

  it('is rejected once the TTL has passed', async () => {
    const { token } = await mintVoiceToken(voice, { identity: 'c', name: 'N', room: 'world' }, now);
    const later = new Date((nowSeconds + VOICE_TOKEN_TTL_SECONDS + 1) * 1000);
    await expect(jwtVerify(token, key, { currentDate: later })).rejects.toThrow(/exp/);
  });
});
