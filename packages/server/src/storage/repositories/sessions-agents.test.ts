import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableBackends, createTestDatabase } from '../../../test/db-helpers';
import type { Database } from '../types';
import { createRepositories, type Repositories } from './index';

describe.each(availableBackends())('sessions and agents on %s', (kind) => {
  let database: Database;
  let repos: Repositories;
  let counter = 0;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    repos = createRepositories(database);
  });
  afterAll(async () => {
    await database?.close();
  });

  async function newCharacter(): Promise<{ accountId: string; characterId: string }> {
    const account = await repos.users.createAnonymous();
    const made = await repos.characters.create({ accountId: account.id, name: `Player${(counter += 1)}` });
    if (!made.ok) throw new Error('create failed');
    return { accountId: account.id, characterId: made.character.id };
  }

  describe('SessionRepository', () => {
    it('opens and closes login sessions', async () => {
      const who = await newCharacter();
      const session = await repos.sessions.open({
        ...who,
        worldId: 3,
        ip: '127.0.0.1',
        transport: 'ws-json',
      });
      expect(session).toMatchObject({
        ...who,
        worldId: 3,
        ip: '127.0.0.1',
        transport: 'ws-json',
        logoutAt: null,
        reason: null,
      });
      expect(session.loginAt).toBeInstanceOf(Date);

      expect(await repos.sessions.close(session.id, 'logout')).toBe(true);
      expect(await repos.sessions.close(session.id, 'again')).toBe(false);
      const [closed] = await repos.sessions.listByCharacter(who.characterId);
      expect(closed).toMatchObject({ id: session.id, reason: 'logout' });
      expect(closed?.logoutAt).toBeInstanceOf(Date);
    });

    it("closes the sessions a crashed world left open, and only that world's", async () => {
      const a = await newCharacter();
      const b = await newCharacter();
      const other = await newCharacter();
      await repos.sessions.open({ ...a, worldId: 7 });
      await repos.sessions.open({ ...b, worldId: 7 });
      const elsewhere = await repos.sessions.open({ ...other, worldId: 8 });
      const seven = createRepositories(database, { worldId: 7 });
      expect(await seven.sessions.closeAllOpen('server_restart')).toBe(2);
      expect(await seven.sessions.closeAllOpen('server_restart')).toBe(0);
      const [row] = await repos.sessions.listByCharacter(b.characterId);
      expect(row?.reason).toBe('server_restart');
      const [open] = await repos.sessions.listByCharacter(other.characterId);
      expect(open).toMatchObject({ id: elsewhere.id, logoutAt: null });
    });

    it('keeps at most one open session per character', async () => {
      const who = await newCharacter();
      await repos.sessions.open({ ...who, worldId: 1 });
      await expect(repos.sessions.open({ ...who, worldId: 2 })).rejects.toThrow();
    });
  });

  describe('AgentRepository', () => {
    it('maps agents to accounts and characters and keeps goal state', async () => {
      const who = await newCharacter();
      const agentId = `agent-${kind}-1`;
      expect(await repos.agents.get(agentId)).toBeNull();
      const created = await repos.agents.upsert({
        agentId,
        accountId: who.accountId,
        characterId: who.characterId,
        name: 'Woody',
      });
      expect(created).toMatchObject({ agentId, ...who, name: 'Woody', goal: null, goalsPaused: false });

      const goal = { type: 'gather', skill: 'woodcutting', targetLevel: 15, nested: [1, 'two', null] };
      expect((await repos.agents.setGoal(agentId, goal))?.goal).toEqual(goal);
      expect((await repos.agents.setGoalsPaused(agentId, true))?.goalsPaused).toBe(true);

      const renamed = await repos.agents.upsert({
        agentId,
        accountId: who.accountId,
        characterId: who.characterId,
        name: 'Woody II',
      });
      expect(renamed).toMatchObject({ name: 'Woody II', goal, goalsPaused: true });
      expect(renamed.updatedAt.getTime()).toBeGreaterThanOrEqual(created.updatedAt.getTime());

      expect((await repos.agents.setGoal(agentId, null))?.goal).toBeNull();
      expect(await repos.agents.setGoalsPaused('missing', true)).toBeNull();
      expect((await repos.agents.listByAccount(who.accountId)).map((a) => a.agentId)).toEqual([agentId]);
      expect((await repos.agents.findByCharacter(who.characterId))?.agentId).toBe(agentId);
      expect(await repos.agents.findByCharacter('no-such-character')).toBeNull();
    });

    it('keeps the agent when its character is deleted, and deletes it on request', async () => {
      const who = await newCharacter();
      const agentId = `agent-${kind}-2`;
      await repos.agents.upsert({
        agentId,
        accountId: who.accountId,
        characterId: who.characterId,
        name: 'Temp',
      });
      await repos.characters.delete(who.characterId);
      expect((await repos.agents.get(agentId))?.characterId).toBeNull();
      expect(await repos.agents.delete(agentId)).toBe(true);
      expect(await repos.agents.get(agentId)).toBeNull();
    });
  });
});
