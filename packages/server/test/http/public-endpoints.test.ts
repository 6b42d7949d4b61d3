import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SKILLS } from '../../src/content/skills';
import { createTestApp, type TestApp } from '../http-harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      PUBLIC_IDP_APP_ID: 'app-public-id',
      IDP_APP_SECRET: 'idp-app-secret-never-exposed',
      ADMIN_CODE: 'admin-code-never-exposed',
      VOICE_API_KEY: 'voice-key-never-exposed',
      VOICE_API_SECRET: 'voice-secret-never-exposed',
      VOICE_URL: 'wss://voice.example.org',
      COMMIT_HASH: 'abc1234',
    },
  });
});
afterAll(() => t.close());

describe('GET /health', () => {
  it('answers status, an ISO 8601 timestamp and the version', async () => {
    const res = await t.app.inject('/health');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['status', 'timestamp', 'version']);
    expect(body.status).toBe('ok');
    expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp);
    expect(body.version).toBe('0.0.0-test');
  });
});

describe('GET /status', () => {
  it('reports uptime, players online, commit hash and the database', async () => {
    const res = await t.app.inject('/status');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'ok',
      commitHash: 'abc1234',
      environment: 'test',
      world: { id: 1, name: 'World 1' },
      playersOnline: 0,
      authMode: 'identity-provider',
      database: { ok: true },
      crossWorld: { kind: 'in-process', available: true },
      tick: null,
    });
    expect(body.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(body.memory.rssBytes).toBeGreaterThan(0);
  });

  it('reports the save queue, and is degraded while saves wait out an unavailable database', async () => {
    let outage: { since: string; error: string; retries: number } | null = null;
    const app = await createTestApp({
      saves: {
        status: () => ({
          waiting: 3,
          inFlight: 1,
          saved: 7,
          failed: 2,
          setAside: 1,
          outage,
          lastCommitAt: null,
        }),
      },
    });
    try {
      const ok = (await app.app.inject('/status')).json();
      expect(ok).toMatchObject({ status: 'ok', saves: { waiting: 3, setAside: 1, outage: null } });
      outage = { since: new Date().toISOString(), error: 'connect ECONNREFUSED', retries: 4 };
      const degraded = (await app.app.inject('/status')).json();
      expect(degraded).toMatchObject({ status: 'degraded', saves: { outage: { retries: 4 } } });
    } finally {
      await app.close();
    }
  });
});

describe('GET /env.js', () => {
  it('is JavaScript exposing only PUBLIC_* values', async () => {
    const res = await t.app.inject('/env.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/javascript');
    expect(res.headers['cache-control']).toBe('no-store');
    const match = /^window\.__ENV__ = Object\.freeze\(([\s\S]*)\);\n$/.exec(res.body);
    expect(match).not.toBeNull();
    const values = JSON.parse(match?.[1] ?? '{}');
    expect(values.PUBLIC_IDP_APP_ID).toBe('app-public-id');
    expect(values.PUBLIC_VOICE_URL).toBe('wss://voice.example.org');
    for (const key of Object.keys(values)) expect(key).toMatch(/^PUBLIC_/);
    for (const secret of [
      'idp-app-secret',
      'admin-code',
      'voice-key',
      'voice-secret',
      'test-secret-for-signing',
    ]) {
      expect(res.body).not.toContain(secret);
    }
  });
});

describe('GET /api/data/skill-unlocks', () => {
  it('is public and covers every skill with well-formed entries', async () => {
    const res = await t.app.inject('/api/data/skill-unlocks');
    expect(res.statusCode).toBe(200);
    const body = res.json<Record<string, Array<{ level: number; description: string; type: string }>>>();
    for (const skill of SKILLS) {
      expect(body[skill]?.length, skill).toBeGreaterThan(0);
      for (const entry of body[skill] ?? []) {
        expect(Object.keys(entry).sort()).toEqual(['description', 'level', 'type']);
        expect(['item', 'ability', 'area', 'quest', 'activity']).toContain(entry.type);
        expect(entry.level).toBeGreaterThanOrEqual(1);
        expect(entry.level).toBeLessThanOrEqual(99);
      }
    }
  });

  it('ignores a bad token (public endpoint)', async () => {
    const res = await t.app.inject({
      url: '/api/data/skill-unlocks',
      headers: { authorization: 'Bearer nope' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('serves the generated document with every route group', async () => {
    const res = await t.app.inject('/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/health',
      '/status',
      '/api/data/skill-unlocks',
      '/api/v1/player',
      '/api/v1/world',
      '/api/v1/world/areas',
      '/api/v1/worlds',
      '/api/characters/{characterId}/skills',
      '/api/characters/{characterId}/position',
      '/api/character',
      '/api/player/{characterId}',
      '/api/template',
      '/api/auth/anonymous',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
  });

  it('serves a browsable page at /docs', async () => {
    const res = await t.app.inject('/docs/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});

describe('templates', () => {
  it('lists starter templates with item names', async () => {
    const res = await t.app.inject('/api/template');
    expect(res.statusCode).toBe(200);
    const { templates } = res.json<{
      templates: Array<{ id: string; isDefault: boolean; inventory: Array<{ itemName: string }> }>;
    }>();
    expect(templates.length).toBeGreaterThan(1);
    expect(templates.filter((x) => x.isDefault)).toHaveLength(1);
    const one = await t.app.inject(`/api/template/${templates[0]?.id}`);
    expect(one.statusCode).toBe(200);
  });

  it('404s an unknown template and 400s a malformed id', async () => {
    expect((await t.app.inject('/api/template/no_such_kit')).json().error.code).toBe('not_found');
    const bad = await t.app.inject('/api/template/Bad%20Id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('validation_failed');
  });
});

describe('unknown routes', () => {
  it('answer the JSON error body', async () => {
    const res = await t.app.inject('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'no route GET /api/nope' } });
  });
});
