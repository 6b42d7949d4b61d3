import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tradeLog } from '../../src/storage/schema';
import { playerWith, createTestApp, type TestApp } from '../http-harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { DISABLE_RATE_LIMIT: 'true' } });
});
afterAll(() => t.close());

const LISTS = ['friends', 'ignores', 'trades'] as const;

describe('/api/player/:characterId/{friends,ignores,trades}', () => {
  it('require a token and the character to be the caller’s', async () => {
    const owner = await playerWith(t.app, 'Owner');
    const other = await playerWith(t.app, 'Other');
    for (const list of LISTS) {
      const url = `/api/player/${owner.characterId}/${list}`;
      const none = await t.app.inject({ url });
      expect(none.statusCode).toBe(401);
      expect(none.json().error.code).toBe('unauthorized');
      const bad = await t.app.inject({ url, headers: { authorization: 'Bearer not.a.token' } });
      expect(bad.statusCode).toBe(401);
      const foreign = await t.app.inject({ url, headers: other.headers });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json().error.code).toBe('forbidden');
      const missing = await t.app.inject({ url: `/api/player/nobody-here/${list}`, headers: owner.headers });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.code).toBe('not_found');
      const invalid = await t.app.inject({ url: `/api/player/bad%20id!/${list}`, headers: owner.headers });
      expect(invalid.statusCode).toBe(400);
    }
  });

  it('lists friends (offline without a live world), requests both ways and the account’s ignore list', async () => {
    const me = await playerWith(t.app, 'Lister');
    const friend = await playerWith(t.app, 'Zed Friend');
    const asker = await playerWith(t.app, 'Asker');
    const asked = await playerWith(t.app, 'Asked');
    const pest = await playerWith(t.app, 'Pest');
    await t.repos.social.addFriendship(me.characterId, friend.characterId);
    await t.repos.social.addFriendRequest(asker.characterId, me.characterId);
    await t.repos.social.addFriendRequest(me.characterId, asked.characterId);
    await t.repos.social.ignore(me.accountId, pest.characterId);

    const friends = await t.app.inject({ url: `/api/player/${me.characterId}/friends`, headers: me.headers });
    expect(friends.statusCode).toBe(200);
    expect(friends.json()).toEqual({
      characterId: me.characterId,
      friends: [{ id: friend.characterId, name: 'Zed Friend', online: false, world: null }],
      incoming: [{ id: asker.characterId, name: 'Asker' }],
      outgoing: [{ id: asked.characterId, name: 'Asked' }],
    });

    const ignores = await t.app.inject({ url: `/api/player/${me.characterId}/ignores`, headers: me.headers });
    expect(ignores.statusCode).toBe(200);
    expect(ignores.json()).toEqual({
      characterId: me.characterId,
      accountId: me.accountId,
      ignored: [{ id: pest.characterId, name: 'Pest' }],
    });
  });

  it('shows the last 50 trades newest first, from the character’s side', async () => {
    const me = await playerWith(t.app, 'Trader');
    const partner = await playerWith(t.app, 'Partner');
    const gone = await playerWith(t.app, 'Gone Soon');
    const first = await t.repos.tradeLog.record({
      characterAId: partner.characterId,
      characterBId: me.characterId,
      itemsFromA: [{ itemId: 'logs', quantity: 5 }],
      itemsFromB: [{ itemId: 'coins', quantity: 100 }],
    });
    const second = await t.repos.tradeLog.record({
      characterAId: me.characterId,
      characterBId: gone.characterId,
      itemsFromA: [{ itemId: 'bronze_axe', quantity: 1 }],
      itemsFromB: [],
    });
    await t.repos.characters.delete(gone.characterId);
    // Rows written in one burst can share a timestamp: give each its own minute.
    const at = (id: string, minute: number) =>
      t.database.db
        .update(tradeLog)
        .set({ createdAt: new Date(Date.UTC(2030, 0, 1, 0, minute)) })
        .where(eq(tradeLog.id, id));
    await at(first.id, 0);
    await at(second.id, 1);

    const res = await t.app.inject({ url: `/api/player/${me.characterId}/trades`, headers: me.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ characterId: string; trades: Array<Record<string, unknown>> }>();
    expect(body.trades).toEqual([
      {
        id: second.id,
        completedAt: '2030-01-01T00:01:00.000Z',
        partner: { id: gone.characterId, name: null },
        gave: [{ itemId: 'bronze_axe', quantity: 1 }],
        received: [],
      },
      {
        id: first.id,
        completedAt: '2030-01-01T00:00:00.000Z',
        partner: { id: partner.characterId, name: 'Partner' },
        gave: [{ itemId: 'coins', quantity: 100 }],
        received: [{ itemId: 'logs', quantity: 5 }],
      },
    ]);

    for (let i = 0; i < 50; i++) {
      const row = await t.repos.tradeLog.record({
        characterAId: me.characterId,
        characterBId: partner.characterId,
        itemsFromA: [],
        itemsFromB: [{ itemId: 'logs', quantity: i + 1 }],
      });
      await at(row.id, 2 + i);
    }
    const many = await t.app.inject({ url: `/api/player/${me.characterId}/trades`, headers: me.headers });
    const trades = many.json<{ trades: Array<{ id: string; received: Array<{ quantity: number }> }> }>()
      .trades;
    expect(trades).toHaveLength(50);
    expect(trades[0]?.received).toEqual([{ itemId: 'logs', quantity: 50 }]);
    expect(trades.map((x) => x.id)).not.toContain(first.id);
  });

  it('documents the three reads in the OpenAPI document', async () => {
    const doc = (await t.app.inject('/openapi.json')).json<{ paths: Record<string, unknown> }>();
    for (const list of LISTS) expect(Object.keys(doc.paths)).toContain(`/api/player/{characterId}/${list}`);
  });
});
