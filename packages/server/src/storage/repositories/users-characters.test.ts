import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableBackends, createTestDatabase } from '../../../test/db-helpers';
import { users } from '../schema';
import type { Database } from '../types';
import { createRepositories, type Repositories } from './index';

describe.each(availableBackends())('users and characters on %s', (kind) => {
  let database: Database;
  let repos: Repositories;
  let counter = 0;
  /** Unique per test so tests share one database without seeing each other's rows. */
  const unique = (prefix: string) => `${prefix}${(counter += 1)}x${Math.random().toString(36).slice(2, 8)}`;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    repos = createRepositories(database);
  });
  afterAll(async () => {
    await database?.close();
  });

  describe('UserRepository', () => {
    it('creates anonymous users and finds them by id', async () => {
      const user = await repos.users.createAnonymous({ name: 'guest' });
      expect(user).toMatchObject({
        name: 'guest',
        isAnonymous: true,
        isAdmin: false,
        idpUserId: null,
        socialIds: {},
      });
      expect(user.createdAt).toBeInstanceOf(Date);
      expect(await repos.users.findById(user.id)).toEqual(user);
      expect(await repos.users.findById('missing')).toBeNull();
    });

    it('upserts provider users: one row per idp id, names replaced, social ids merged', async () => {
      const idp = unique('did:idp:');
      const first = await repos.users.upsertProviderUser({
        idpUserId: idp,
        name: 'Ann',
        socialIds: { farcaster: '11' },
      });
      expect(first).toMatchObject({
        idpUserId: idp,
        name: 'Ann',
        isAnonymous: false,
        socialIds: { farcaster: '11' },
      });

      const second = await repos.users.upsertProviderUser({
        idpUserId: idp,
        socialIds: { discord: 'ann#1' },
      });
      expect(second.id).toBe(first.id);
      expect(second.name).toBe('Ann');
      expect(second.socialIds).toEqual({ farcaster: '11', discord: 'ann#1' });

      const renamed = await repos.users.upsertProviderUser({ idpUserId: idp, name: 'Anna' });
      expect(renamed).toMatchObject({ id: first.id, name: 'Anna' });
    });

    it('finds users by identity-provider id and by social-network id', async () => {
      const idp = unique('did:idp:');
      const fid = unique('');
      const user = await repos.users.upsertProviderUser({ idpUserId: idp, socialIds: { farcaster: fid } });
      expect((await repos.users.findByProviderId('idp', idp))?.id).toBe(user.id);
      expect((await repos.users.findByProviderId('farcaster', fid))?.id).toBe(user.id);
      expect(await repos.users.findByProviderId('farcaster', `${fid}0`)).toBeNull();
      expect(await repos.users.findByProviderId('discord', fid)).toBeNull();
      expect(await repos.users.findByProviderId('idp', 'nobody')).toBeNull();
    });

    it('records logins and admin rights', async () => {
      const user = await repos.users.createAnonymous();
      expect(user.lastLoginAt).toBeNull();
      await repos.users.touchLogin(user.id);
      await repos.users.setAdmin(user.id, true);
      const after = await repos.users.findById(user.id);
      expect(after?.lastLoginAt).toBeInstanceOf(Date);
      expect(after?.isAdmin).toBe(true);
    });
  });

  describe('CharacterRepository', () => {
    it('creates characters with the spec defaults', async () => {
      const account = await repos.users.createAnonymous();
      const name = unique('Hero');
      const result = await repos.characters.create({ accountId: account.id, name });
      if (!result.ok) throw new Error('create failed');
      expect(result.character).toMatchObject({
        accountId: account.id,
        name,
        combatLevel: 3,
        attackLevel: 1,
        constitutionLevel: 10,
        constitutionXp: 1154,
        health: 100,
        coins: 0,
        positionX: 0,
        positionY: 10,
        positionZ: 0,
        homeTeleportCooldownUntil: null,
      });
      expect(result.character.id).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('applies template fields and refuses a taken name case-insensitively', async () => {
      const account = await repos.users.createAnonymous();
      const name = unique('Knight');
      const created = await repos.characters.create({
        accountId: account.id,
        name,
        attackLevel: 40,
        attackXp: 37_224,
        coins: 25,
      });
      expect(created.ok).toBe(true);
      if (created.ok)
        expect(created.character).toMatchObject({ attackLevel: 40, attackXp: 37_224, coins: 25 });

      const clash = await repos.characters.create({ accountId: account.id, name: name.toUpperCase() });
      expect(clash).toEqual({ ok: false, reason: 'name_taken' });
      expect((await repos.characters.findByName(name.toLowerCase()))?.name).toBe(name);
      expect(await repos.characters.findByName(unique('Nobody'))).toBeNull();
    });

    it('lists, updates and deletes characters of an account', async () => {
      const account = await repos.users.createAnonymous();
      const a = await repos.characters.create({ accountId: account.id, name: unique('Alpha') });
      const b = await repos.characters.create({ accountId: account.id, name: unique('Beta') });
      if (!a.ok || !b.ok) throw new Error('create failed');
      expect((await repos.characters.listByAccount(account.id)).map((c) => c.id)).toEqual([
        a.character.id,
        b.character.id,
      ]);

      const moved = await repos.characters.update(a.character.id, {
        positionX: 12.5,
        positionZ: -3,
        coins: 999,
        health: 55,
      });
      expect(moved).toMatchObject({
        positionX: 12.5,
        positionZ: -3,
        coins: 999,
        health: 55,
        name: a.character.name,
      });
      expect(await repos.characters.update(a.character.id, {})).toEqual(moved);
      expect(await repos.characters.update('missing', { coins: 1 })).toBeNull();
      await repos.characters.save(a.character.id, { coins: 7, health: 40 });
      await repos.characters.save('missing', { coins: 1 });
      await repos.characters.save(a.character.id, {});
      expect(await repos.characters.findById(a.character.id)).toMatchObject({
        coins: 7,
        health: 40,
        positionX: 12.5,
      });

      expect(await repos.characters.delete(b.character.id)).toBe(true);
      expect(await repos.characters.delete(b.character.id)).toBe(false);
      expect((await repos.characters.listByAccount(account.id)).map((c) => c.id)).toEqual([a.character.id]);
    });

    it('renames, refusing a name another character holds (case-insensitively)', async () => {
      const account = await repos.users.createAnonymous();
      const a = await repos.characters.create({ accountId: account.id, name: unique('Renamer') });
      const b = await repos.characters.create({ accountId: account.id, name: unique('Holder') });
      if (!a.ok || !b.ok) throw new Error('create failed');
      const fresh = unique('Fresh');
      const renamed = await repos.characters.rename(a.character.id, fresh);
      expect(renamed.ok && renamed.character.name).toBe(fresh);
      expect(await repos.characters.rename(a.character.id, b.character.name.toUpperCase())).toEqual({
        ok: false,
        reason: 'name_taken',
      });
      // renaming to a different case of its own name is allowed
      const recased = await repos.characters.rename(a.character.id, fresh.toUpperCase());
      expect(recased.ok && recased.character.name).toBe(fresh.toUpperCase());
      expect(await repos.characters.rename('missing', unique('Ghost'))).toEqual({
        ok: false,
        reason: 'not_found',
      });
      expect((await repos.characters.findById(b.character.id))?.name).toBe(b.character.name);
    });

    it('reports all twelve skills with level and xp', async () => {
      const account = await repos.users.createAnonymous();
      const made = await repos.characters.create({
        accountId: account.id,
        name: unique('Skiller'),
        miningLevel: 5,
        miningXp: 388,
      });
      if (!made.ok) throw new Error('create failed');
      const skills = await repos.characters.getSkills(made.character.id);
      expect(Object.keys(skills ?? {})).toHaveLength(12);
      expect(skills).toMatchObject({
        mining: { level: 5, xp: 388 },
        constitution: { level: 10, xp: 1154 },
        smithing: { level: 1, xp: 0 },
        prayer: { level: 1, xp: 0 },
      });
      expect(await repos.characters.getSkills('missing')).toBeNull();
    });

    it('picks the last played character of an account', async () => {
      const account = await repos.users.createAnonymous();
      expect(await repos.characters.lastPlayed(account.id)).toBeNull();
      const a = await repos.characters.create({ accountId: account.id, name: unique('Old') });
      const b = await repos.characters.create({ accountId: account.id, name: unique('New') });
      if (!a.ok || !b.ok) throw new Error('create failed');
      expect((await repos.characters.lastPlayed(account.id))?.id).toBe(b.character.id);
      await repos.characters.update(a.character.id, { lastLoginAt: new Date('2030-01-01T00:00:00Z') });
      expect((await repos.characters.lastPlayed(account.id))?.id).toBe(a.character.id);
    });

    it("never picks one of the account's agents as its player", async () => {
      const account = await repos.users.createAnonymous();
      const own = await repos.characters.create({ accountId: account.id, name: unique('Own') });
      const bot = await repos.characters.create({ accountId: account.id, name: unique('Bot') });
      if (!own.ok || !bot.ok) throw new Error('create failed');
      await repos.agents.upsert({
        agentId: unique('ag'),
        accountId: account.id,
        characterId: bot.character.id,
        name: bot.character.name,
      });
      await repos.characters.update(bot.character.id, { lastLoginAt: new Date('2030-01-01T00:00:00Z') });
      expect((await repos.characters.lastPlayed(account.id))?.id).toBe(own.character.id);
      await repos.characters.delete(own.character.id);
      expect(await repos.characters.lastPlayed(account.id)).toBeNull();
    });

    it('deletes an account with its characters', async () => {
      const account = await repos.users.createAnonymous();
      const made = await repos.characters.create({ accountId: account.id, name: unique('Gone') });
      if (!made.ok) throw new Error('create failed');
      await database.db.delete(users).where(eq(users.id, account.id));
      expect(await repos.characters.findById(made.character.id)).toBeNull();
    });
  });
});
