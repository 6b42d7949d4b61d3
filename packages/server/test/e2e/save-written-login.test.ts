import { GameClient } from '@tilerealm/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SlotContainerRepository } from '../../src/storage/repositories/ports';
import { gatewayStack, type GatewayStack } from './gateway-stack';

/**
 * A login tells the save queue what it loaded (decisions/0030): a session that moved no item saves
 * its character row at logout and rewrites none of its containers, and the database keeps them.
 */
describe("a login's loaded rows count as saved", () => {
  let stack: GatewayStack;
  /** Container writes of the save queue, as `<table> <characterId>`. */
  const writes: string[] = [];

  /** `repo` with each replaceAll noted in `writes`. */
  const noted = <S>(table: string, repo: SlotContainerRepository<S>): SlotContainerRepository<S> => ({
    ...repo,
    replaceAll: (id, slots) => (writes.push(`${table} ${id}`), repo.replaceAll(id, slots)),
  });

  beforeAll(async () => {
    stack = await gatewayStack({
      listen: { port: 0, host: '127.0.0.1' },
      ticking: { tickMs: 20 },
      reconnectGraceMs: 50,
      saveRepos: (repos) => ({
        ...repos,
        transaction: (fn) =>
          repos.transaction((tx) =>
            fn({
              ...tx,
              inventory: noted('inventory', tx.inventory),
              equipment: noted('equipment', tx.equipment),
              bank: noted('bank', tx.bank),
            }),
          ),
      }),
    });
  }, 60_000);
  afterAll(async () => {
    await stack.close();
  });

  it('a session that moved no item rewrites no container at logout', async () => {
    const client = await GameClient.connect({ url: stack.url, reconnect: false });
    const id = client.welcome?.playerId ?? '';
    const before = await stack.repos.inventory.get(id);
    expect(before.length).toBeGreaterThan(0);
    await client.request('player:move', { x: 2, z: 1 });
    await client.waitFor('world:update', (u) => u.self?.x === 2 && u.self.z === 1 && !u.self.moving, 5_000);
    await client.close();
    await stack.until(
      () => !stack.host.isOnline(id) && !stack.saves.isPending(id),
      'the logout save to commit',
    );
    expect(stack.saves.saved).toBeGreaterThan(0);
    expect(writes.filter((w) => w.endsWith(id))).toEqual([]);
    expect(await stack.repos.inventory.get(id)).toEqual(before);
    const row = await stack.repos.characters.findById(id);
    expect(row).toMatchObject({ positionX: 2, positionZ: 1 });
  });
});
