import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableBackends, createSharedTestDatabases } from '../../../test/db-helpers';
import type { Database } from '../types';
import { createRepositories, type Repositories } from './index';

const TTL = 30_000;

describe.each(availableBackends())('character leases on %s', (kind) => {
  let shared: Awaited<ReturnType<typeof createSharedTestDatabases>>;
  let database: Database;
  /** Two handles on one database, as two world processes have (the same one on PGlite). */
  let repos: Repositories;
  let other: Repositories;
  let counter = 0;

  beforeAll(async () => {
    shared = await createSharedTestDatabases(kind);
    database = shared.a;
    repos = createRepositories(shared.a);
    other = createRepositories(shared.b);
  });
  afterAll(async () => {
    await shared?.close();
  });

  async function newCharacter(): Promise<{ accountId: string; characterId: string }> {
    const account = await repos.users.createAnonymous();
    const made = await repos.characters.create({ accountId: account.id, name: `Leased${(counter += 1)}` });
    if (!made.ok) throw new Error('create failed');
    return { accountId: account.id, characterId: made.character.id };
  }

  /** Makes the character's lease look like its world stopped renewing it an hour ago. */
  const age = (characterId: string) =>
    database.db.execute(
      sql`UPDATE character_leases SET "heartbeatAt" = now() - interval '1 hour' WHERE "characterId" = ${characterId}`,
    );

  it('is taken by one world and refused to another while it lives', async () => {
    const { characterId } = await newCharacter();
    expect(await repos.leases.take(characterId, 1, 'w1-a', TTL)).toEqual({ ok: true, tookOver: false });
    // The holder again (a takeover or resume within its world): still its own.
    expect(await repos.leases.take(characterId, 1, 'w1-a', TTL)).toEqual({ ok: true, tookOver: false });
    expect(await other.leases.take(characterId, 2, 'w2-a', TTL)).toEqual({ ok: false, worldId: 1 });
    expect(await repos.leases.holder(characterId, TTL)).toMatchObject({
      worldId: 1,
      instance: 'w1-a',
      sessionId: null,
    });
    expect(await repos.leases.renewAll('w2-a')).not.toContain(characterId);
    expect(await repos.leases.renewAll('w1-a')).toContain(characterId);
  });

  it('records the session, and is released only by its holder', async () => {
    const who = await newCharacter();
    await repos.leases.take(who.characterId, 1, 'w1-b', TTL);
    const session = await repos.sessions.open({ ...who, worldId: 1 });
    expect(await other.leases.attachSession(who.characterId, 'w2-b', session.id)).toBe(false);
    expect(await repos.leases.attachSession(who.characterId, 'w1-b', session.id)).toBe(true);
    expect((await repos.leases.holder(who.characterId, TTL))?.sessionId).toBe(session.id);
    expect(await other.leases.release(who.characterId, 'w2-b')).toBe(false);
    expect(await repos.leases.release(who.characterId, 'w1-b')).toBe(true);
    expect(await repos.leases.holder(who.characterId, TTL)).toBeNull();
    expect(await other.leases.take(who.characterId, 2, 'w2-b', TTL)).toEqual({ ok: true, tookOver: false });
  });

  it("is taken over once its world stops renewing it; the dead world's open session is closed", async () => {
    const who = await newCharacter();
    await repos.leases.take(who.characterId, 1, 'w1-dead', TTL);
    const session = await repos.sessions.open({ ...who, worldId: 1 });
    await age(who.characterId);
    expect(await repos.leases.holder(who.characterId, TTL)).toBeNull();
    expect(await other.leases.take(who.characterId, 2, 'w2-c', TTL)).toEqual({ ok: true, tookOver: true });
    const [closed] = await repos.sessions.listByCharacter(who.characterId);
    expect(closed).toMatchObject({ id: session.id, reason: 'lease_expired' });
    expect(closed?.logoutAt).toBeInstanceOf(Date);
    // The new world opens its own session: one open row per character holds.
    await other.sessions.open({ ...who, worldId: 2 });
    // The dead world, back from a long pause, finds the lease gone: no renewal, no release.
    expect(await repos.leases.renewAll('w1-dead')).not.toContain(who.characterId);
    expect(await repos.leases.release(who.characterId, 'w1-dead')).toBe(false);
    expect(await repos.leases.take(who.characterId, 1, 'w1-dead', TTL)).toEqual({ ok: false, worldId: 2 });
    expect(await repos.leases.holder(who.characterId, TTL)).toMatchObject({ worldId: 2, instance: 'w2-c' });
  });

  it('keeps the time it was acquired across renewals and retakes by its holder', async () => {
    const { characterId } = await newCharacter();
    await repos.leases.take(characterId, 1, 'w1-d', TTL);
    const first = await repos.leases.holder(characterId, TTL);
    await repos.leases.renewAll('w1-d');
    await repos.leases.take(characterId, 1, 'w1-d', TTL);
    const later = await repos.leases.holder(characterId, TTL);
    expect(later?.acquiredAt.getTime()).toBe(first?.acquiredAt.getTime());
    expect(later?.heartbeatAt.getTime()).toBeGreaterThanOrEqual(first?.heartbeatAt.getTime() ?? Infinity);
  });

  it("tells which leases an instance holds (the save fence), and ends a world's previous run's leases", async () => {
    const a = await newCharacter();
    const b = await newCharacter();
    const c = await newCharacter();
    await repos.leases.take(a.characterId, 5, 'w5-old', TTL);
    await repos.leases.take(b.characterId, 5, 'w5-new', TTL);
    await repos.leases.take(c.characterId, 6, 'w6', TTL);
    const held = await repos.transaction((tx) =>
      tx.leases.holding([a.characterId, b.characterId, c.characterId], 'w5-new'),
    );
    expect([...held]).toEqual([b.characterId]);
    expect(await repos.leases.holding([], 'w5-new')).toEqual(new Set());
    expect(await repos.leases.releaseLeftBy(5, 'w5-new')).toBe(1);
    expect(await repos.leases.holder(a.characterId, TTL)).toBeNull();
    expect(await repos.leases.holder(b.characterId, TTL)).toMatchObject({ worldId: 5 });
    expect(await repos.leases.holder(c.characterId, TTL)).toMatchObject({ worldId: 6 });
  });

  it('goes with its character when the character is deleted', async () => {
    const { characterId } = await newCharacter();
    await repos.leases.take(characterId, 1, 'w1-e', TTL);
    await repos.characters.delete(characterId);
    expect(await repos.leases.holder(characterId, TTL)).toBeNull();
  });

  it('has exactly one winner among 100 simultaneous takes from two worlds', async () => {
    for (let round = 0; round < 5; round++) {
      const { characterId } = await newCharacter();
      if (round % 2 === 1) {
        // A dead world's lease: every contender may take it over, one does.
        await repos.leases.take(characterId, 3, 'dead', TTL);
        await age(characterId);
      }
      const attempts = Array.from({ length: 100 }, (_, i) =>
        (i % 2 === 0 ? repos : other).leases.take(characterId, 1 + (i % 2), `contender-${round}-${i}`, TTL),
      );
      const outcomes = await Promise.all(attempts);
      const winners = outcomes.flatMap((o, i) => (o.ok ? [i] : []));
      expect(winners).toHaveLength(1);
      const winner = winners[0] ?? -1;
      const worldOfWinner = 1 + (winner % 2);
      for (const o of outcomes) if (!o.ok) expect(o.worldId).toBe(worldOfWinner);
      expect(await repos.leases.holder(characterId, TTL)).toMatchObject({
        worldId: worldOfWinner,
        instance: `contender-${round}-${winner}`,
      });
    }
  });
});
