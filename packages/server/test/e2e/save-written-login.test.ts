import { GameClient } from '@tilerealm/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayStack, type GatewayStack } from './gateway-stack';

/**
 * A login tells the save queue what it loaded (decisions/0030): a session that moved no item saves
 * its character row at logout and rewrites none of its containers, and the database keeps them.
 */
describe("a login's loaded rows count as saved", () => {
  let stack: GatewayStack;
  /** Container writes of the save queue, as `<table> <characterId>`. */
  const writes: string[] = [];

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
              inventory: {
                ...tx.inventory,
                replaceAll: (id, slots) => (
                  writes.push(`inventory ${id}`),
                  tx.inventory.replaceAll(id, slots)
                ),
              },
              equipment: {
                ...tx.equipment,
                replaceAll: (id, slots) => (
                  writes.push(`equipment ${id}`),
                  tx.equipment.replaceAll(id, slots)
                ),
              },
              bank: {
                ...tx.bank,
                replaceAll: (id, slots) => (writes.push(`bank ${id}`), tx.bank.replaceAll(id, slots)),
              },
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
