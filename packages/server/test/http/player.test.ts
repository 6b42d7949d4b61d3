import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SKILLS } from '../../src/content/skills';
import { anonymous, createTestApp, playerWith, type TestApp } from '../http-harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { DISABLE_RATE_LIMIT: 'true' } });
});
afterAll(() => t.close());

describe('/api/v1/player', () => {
  it('404s before the player exists, creates it with the spec defaults, then reads it', async () => {
    const who = await anonymous(t.app);
    const before = await t.app.inject({ url: '/api/v1/player', headers: who.headers });
    expect(before.statusCode).toBe(404);
    expect(before.json().error.code).toBe('no_character');

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/player',
      headers: who.headers,
      payload: { name: 'Ada Lovelace' },
    });
    expect(created.statusCode).toBe(201);
    const { player } = created.json();
    expect(player).toMatchObject({
      accountId: who.accountId,
      name: 'Ada Lovelace',
      combatLevel: 3,
      health: 100,
      maxHealth: 100,
      position: { x: 0, y: 10, z: 0 },
      totalLevel: 21,
    });
    expect(player.skills.constitution).toEqual({ level: 10, xp: 1154 });
    expect(player.skills.attack).toEqual({ level: 1, xp: 0 });

    const after = await t.app.inject({ url: '/api/v1/player', headers: who.headers });
    expect(after.json().player.id).toBe(player.id);
  });

  it('gives the default template items and coins atomically', async () => {
    const who = await playerWith(t.app, 'Kit Tester');
    const tpl = t.content.templates.byId.get(t.content.templates.defaultId);
    const inv = await t.repos.inventory.get(who.characterId);
    expect(inv.map((s) => s.itemId)).toEqual(tpl?.inventory.map((s) => s.itemId));
    const row = await t.repos.characters.findById(who.characterId);
    expect(row?.coins).toBe(tpl?.coins);
  });

  it('renames the existing player', async () => {
    const who = await playerWith(t.app, 'Old Name');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/player',
      headers: who.headers,
      payload: { name: 'New Name' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().player).toMatchObject({ id: who.characterId, name: 'New Name' });
  });

  it('409s a taken name, case-insensitively', async () => {
    await playerWith(t.app, 'Unique One');
    const who = await anonymous(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/player',
      headers: who.headers,
      payload: { name: 'UNIQUE one' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('name_taken');
  });

  it.each([
    ['empty name', { name: '' }],
    ['13 characters', { name: 'abcdefghijklm' }],
    ['symbols', { name: 'bad<name>' }],
    ['leading space', { name: ' lead' }],
    ['double space', { name: 'a  b' }],
    ['reserved word', { name: 'Admin' }],
    ['a number', { name: 42 }],
    ['missing name', {}],
    ['an unknown field', { name: 'Fine', level: 99 }],
    ['a malformed template id', { name: 'Fine', template: 'Not An Id' }],
    ['an unknown template', { name: 'Fine Two', template: 'no_such_template' }],
  ])('400s %s and creates nothing', async (_label, payload) => {
    const who = await anonymous(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/player', headers: who.headers, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
    expect(await t.repos.characters.listByAccount(who.accountId)).toEqual([]);
  });

  it('400s malformed JSON and 415s a non-JSON body', async () => {
    const who = await anonymous(t.app);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/player',
      headers: { ...who.headers, 'content-type': 'application/json' },
      payload: '{"name": "x",',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('invalid_json');
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/v1/player',
      headers: { ...who.headers, 'content-type': 'text/plain' },
      payload: 'name=x',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().error.code).toBe('unsupported_media_type');
  });

  it('413s a body over 64 KiB', async () => {
    const who = await anonymous(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/player',
      headers: who.headers,
      payload: { name: 'x'.repeat(70_000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('payload_too_large');
  });

  it('401s without a token', async () => {
    expect((await t.app.inject('/api/v1/player')).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/player', payload: { name: 'x' } })).statusCode,
    ).toBe(401);
  });
});

describe('/api/characters/:id/skills and /position', () => {
  it('returns all skills and the saved position to the owner', async () => {
    const who = await playerWith(t.app, 'Skill Owner');
    const skills = await t.app.inject({
      url: `/api/characters/${who.characterId}/skills`,
      headers: who.headers,
    });
    expect(skills.statusCode).toBe(200);
    expect(Object.keys(skills.json().skills).sort()).toEqual([...SKILLS].sort());
    expect(skills.json()).toMatchObject({ combatLevel: 3, totalLevel: 21 });
    await t.repos.characters.update(who.characterId, {
      woodcuttingLevel: 5,
      woodcuttingXp: 400,
      positionX: 12,
      positionZ: -3,
    });
    const again = await t.app.inject({
      url: `/api/characters/${who.characterId}/skills`,
      headers: who.headers,
    });
    expect(again.json().skills.woodcutting).toEqual({ level: 5, xp: 400 });
    const pos = await t.app.inject({
      url: `/api/characters/${who.characterId}/position`,
      headers: who.headers,
    });
    expect(pos.json()).toMatchObject({ position: { x: 12, y: 10, z: -3 }, online: false, source: 'saved' });
  });

  it('403s another account, 404s an unknown id, 400s a malformed id, 401s no token', async () => {
    const owner = await playerWith(t.app, 'Private Pat');
    const other = await anonymous(t.app);
    for (const path of ['skills', 'position']) {
      const forbidden = await t.app.inject({
        url: `/api/characters/${owner.characterId}/${path}`,
        headers: other.headers,
      });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().error.code).toBe('forbidden');
      expect(
        (await t.app.inject({ url: `/api/characters/chr_missing/${path}`, headers: other.headers }))
          .statusCode,
      ).toBe(404);
      expect(
        (await t.app.inject({ url: `/api/characters/${'x'.repeat(80)}/${path}`, headers: other.headers }))
          .statusCode,
      ).toBe(400);
      expect((await t.app.inject({ url: `/api/characters/${owner.characterId}/${path}` })).statusCode).toBe(
        401,
      );
    }
  });

  it('lets an administrator read any character', async () => {
    const owner = await playerWith(t.app, 'Watched One');
    const admin = await anonymous(t.app);
    await t.repos.users.setAdmin(admin.accountId, true);
    const res = await t.app.inject({
      url: `/api/characters/${owner.characterId}/skills`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('/api/character management', () => {
  it('creates, lists, renames, reads inventory and deletes', async () => {
    const who = await anonymous(t.app);
    const a = await t.app.inject({
      method: 'POST',
      url: '/api/character',
      headers: who.headers,
      payload: { name: 'Alt One' },
    });
    expect(a.statusCode).toBe(201);
    const templates = [...t.content.templates.byId.keys()];
    const b = await t.app.inject({
      method: 'POST',
      url: '/api/character',
      headers: who.headers,
      payload: { name: 'Alt Two', template: templates[templates.length - 1] },
    });
    expect(b.statusCode).toBe(201);
    const list = await t.app.inject({ url: '/api/character', headers: who.headers });
    expect(list.json().characters.map((c: { name: string }) => c.name)).toEqual(['Alt One', 'Alt Two']);
    const id = a.json().character.id;
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/character/${id}`,
      headers: who.headers,
      payload: { name: 'Alt Uno' },
    });
    expect(renamed.json().character.name).toBe('Alt Uno');
    const inv = await t.app.inject({ url: `/api/character/${id}/inventory`, headers: who.headers });
    expect(inv.json().size).toBe(28);
    const eq = await t.app.inject({ url: `/api/character/${id}/equipment`, headers: who.headers });
    expect(eq.statusCode).toBe(200);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/character/${id}`, headers: who.headers });
    expect(del.statusCode).toBe(204);
    expect((await t.app.inject({ url: `/api/character/${id}`, headers: who.headers })).statusCode).toBe(404);
  });

  it('enforces the per-account character limit', async () => {
    const who = await anonymous(t.app);
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      codes.push(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/character',
            headers: who.headers,
            payload: { name: `Limit ${i}` },
          })
        ).statusCode,
      );
    }
    expect(codes).toEqual([201, 201, 201, 201, 201, 409]);
  });

  it("never touches another account's character", async () => {
    const owner = await playerWith(t.app, 'Guarded');
    const thief = await anonymous(t.app);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/character/${owner.characterId}`,
      headers: thief.headers,
      payload: { name: 'Stolen' },
    });
    expect(patch.statusCode).toBe(403);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/character/${owner.characterId}`,
      headers: thief.headers,
    });
    expect(del.statusCode).toBe(403);
    expect((await t.repos.characters.findById(owner.characterId))?.name).toBe('Guarded');
  });
});

describe('/api/player queries and /api/v1/world', () => {
  it('shows public profiles by id and by name without private fields', async () => {
    const target = await playerWith(t.app, 'Famous');
    const viewer = await anonymous(t.app);
    const byId = await t.app.inject({ url: `/api/player/${target.characterId}`, headers: viewer.headers });
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toMatchObject({ name: 'Famous', combatLevel: 3, online: false });
    expect(byId.json()).not.toHaveProperty('coins');
    expect(byId.json()).not.toHaveProperty('accountId');
    const byName = await t.app.inject({ url: '/api/player/by-name/famous', headers: viewer.headers });
    expect(byName.json().id).toBe(target.characterId);
    expect(
      (await t.app.inject({ url: '/api/player/by-name/nobody', headers: viewer.headers })).statusCode,
    ).toBe(404);
    // Playing on another world (its lease lives there) is online too.
    await t.repos.leases.take(target.characterId, 2, 'another-world', 30_000);
    const elsewhere = await t.app.inject({ url: '/api/player/by-name/famous', headers: viewer.headers });
    expect(elsewhere.json()).toMatchObject({ name: 'Famous', online: true });
    await t.repos.leases.release(target.characterId, 'another-world');
  });

  it('returns the world snapshot and the area list to a signed-in account', async () => {
    const who = await anonymous(t.app);
    const world = await t.app.inject({ url: '/api/v1/world', headers: who.headers });
    expect(world.statusCode).toBe(200);
    expect(world.json()).toMatchObject({ tickMs: 600, playersOnline: 0, spawn: { x: 0, y: 10, z: 0 } });
    const areas = await t.app.inject({ url: '/api/v1/world/areas', headers: who.headers });
    expect(areas.json().areas.length).toBe(t.content.areas.size);
    expect(areas.json().areas.some((a: { pvp: boolean }) => a.pvp)).toBe(true);
    expect((await t.app.inject('/api/v1/world')).statusCode).toBe(401);
    expect((await t.app.inject('/api/v1/world/areas')).statusCode).toBe(401);
  });
});
