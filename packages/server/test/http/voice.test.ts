import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noWorld, type WorldView } from '../../src/app/world-view';
import type { AreaDef } from '../../src/content/schemas/world-areas';
import { VOICE_TOKEN_TTL_SECONDS } from '../../src/voice/tokens';
import { anonymous, createTestApp, playerWith, type TestApp } from '../http-harness';

const VOICE = {
  VOICE_API_KEY: 'APItestvoicekey',
  VOICE_API_SECRET: 'voice-secret-for-tests-0123456789abcdef',
  VOICE_URL: 'wss://voice.example.org',
};
const voiceKey = new TextEncoder().encode(VOICE.VOICE_API_SECRET);

/** Live positions the stub world reports, keyed by character id. */
const live = new Map<string, { x: number; y: number; z: number }>();
const world: WorldView = {
  ...noWorld,
  isOnline: (id) => live.has(id),
  livePosition: (id) => live.get(id),
};

let on: TestApp;
let off: TestApp;
let starter: AreaDef;
let other: AreaDef;
beforeAll(async () => {
  [on, off] = await Promise.all([createTestApp({ env: VOICE, world }), createTestApp()]);
  const areas = [...on.content.areas.values()];
  const first = areas.find((a) => a.starter === true);
  const second = areas.find((a) => a.starter !== true);
  if (!first || !second) throw new Error('the bundled world needs a starter area and another area');
  starter = first;
  other = second;
});
afterAll(async () => {
  await Promise.all([on.close(), off.close()]);
});

async function requestToken(t: TestApp, headers: { authorization: string } | undefined, characterId: string) {
  return t.app.inject({ method: 'POST', url: '/api/voice/token', headers, payload: { characterId } });
}

interface TokenBody {
  url: string;
  token: string;
  room: string;
  identity: string;
  name: string;
  expiresAt: string;
}

describe('GET /api/voice/status', () => {
  it('reports voice on with its address when configured', async () => {
    const res = await on.app.inject('/api/voice/status');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ enabled: true, url: 'wss://voice.example.org' });
  });

  it('reports voice off when not configured', async () => {
    const res = await off.app.inject('/api/voice/status');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ enabled: false, url: null });
  });
});

describe('POST /api/voice/token', () => {
  it("issues a signed LiveKit token for the room of the character's saved area", async () => {
    const who = await playerWith(on.app, 'Voicer');
    const res = await requestToken(on, who.headers, who.characterId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<TokenBody>();
    expect(body).toMatchObject({
      url: 'wss://voice.example.org',
      room: `area:${starter.id}`,
      identity: who.characterId,
      name: 'Voicer',
    });
    const { payload, protectedHeader } = await jwtVerify(body.token, voiceKey, {
      algorithms: ['HS256'],
      issuer: VOICE.VOICE_API_KEY,
      subject: who.characterId,
    });
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload.name).toBe('Voicer');
    expect(payload.video).toEqual({
      room: `area:${starter.id}`,
      roomJoin: true,
      canPublish: true,
      canSubscribe: true,
      canPublishData: true,
    });
    expect((payload.exp ?? 0) - (payload.nbf ?? 0)).toBe(VOICE_TOKEN_TTL_SECONDS);
    expect(payload.iat).toBe(payload.nbf);
    expect(typeof payload.jti).toBe('string');
    expect(new Date(body.expiresAt).getTime()).toBe((payload.exp ?? 0) * 1000);
    expect(body.token).not.toContain(VOICE.VOICE_API_SECRET);
  });

  it('fails verification with a wrong secret', async () => {
    const who = await playerWith(on.app, 'Wrongkey');
    const { token } = (await requestToken(on, who.headers, who.characterId)).json<TokenBody>();
    const wrong = new TextEncoder().encode('not-the-voice-secret-0123456789abcdef');
    await expect(jwtVerify(token, wrong)).rejects.toThrow(/signature/);
  });

  it('uses the live position of a character in the world, and the world room outside every area', async () => {
    const who = await playerWith(on.app, 'Walker');
    live.set(who.characterId, { x: other.bounds.minX, y: 0, z: other.bounds.minZ });
    const inArea = (await requestToken(on, who.headers, who.characterId)).json<TokenBody>();
    expect(inArea.room).toBe(`area:${other.id}`);
    expect((await jwtVerify(inArea.token, voiceKey)).payload.video).toMatchObject({
      room: `area:${other.id}`,
    });

    const far = Math.max(...[...on.content.areas.values()].map((a) => a.bounds.maxX)) + 1000;
    live.set(who.characterId, { x: far, y: 0, z: far });
    const outside = (await requestToken(on, who.headers, who.characterId)).json<TokenBody>();
    expect(outside.room).toBe('world');
    live.delete(who.characterId);
  });

  it('answers 401 without a token', async () => {
    const who = await playerWith(on.app, 'Nobody');
    const res = await requestToken(on, undefined, who.characterId);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
  });

  it("answers 403 for someone else's character, even to an administrator", async () => {
    const owner = await playerWith(on.app, 'Owner');
    const stranger = await anonymous(on.app);
    const res = await requestToken(on, stranger.headers, owner.characterId);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');

    const admin = await anonymous(on.app);
    await on.repos.users.setAdmin(admin.accountId, true);
    const asAdmin = await requestToken(on, admin.headers, owner.characterId);
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json().error.code).toBe('forbidden');
  });

  it('answers 404 for an unknown character and 400 for a malformed id', async () => {
    const who = await anonymous(on.app);
    const unknown = await requestToken(on, who.headers, 'no-such-character');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not_found');
    const bad = await requestToken(on, who.headers, 'bad id!');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('validation_failed');
  });

  it('answers 503 voice_disabled when voice is not configured', async () => {
    const who = await playerWith(off.app, 'Silent');
    const res = await requestToken(off, who.headers, who.characterId);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: { code: 'voice_disabled', message: 'voice chat is not configured on this server' },
    });
  });
});

describe('voice in /env.js and the OpenAPI document', () => {
  async function envValues(t: TestApp): Promise<Record<string, unknown>> {
    const res = await t.app.inject('/env.js');
    const match = /^window\.__ENV__ = Object\.freeze\(([\s\S]*)\);\n$/.exec(res.body);
    return JSON.parse(match?.[1] ?? 'null');
  }

  it('exposes PUBLIC_VOICE_URL only when voice is configured, never the key or secret', async () => {
    expect((await envValues(on)).PUBLIC_VOICE_URL).toBe('wss://voice.example.org');
    expect(await envValues(off)).not.toHaveProperty('PUBLIC_VOICE_URL');
    const body = (await on.app.inject('/env.js')).body;
    expect(body).not.toContain(VOICE.VOICE_API_SECRET);
    expect(body).not.toContain(VOICE.VOICE_API_KEY);
  });

  it('lists both voice routes', async () => {
    const doc = (await on.app.inject('/openapi.json')).json<{ paths: Record<string, unknown> }>();
    expect(doc.paths).toHaveProperty(['/api/voice/status']);
    expect(doc.paths).toHaveProperty(['/api/voice/token']);
  });
});
