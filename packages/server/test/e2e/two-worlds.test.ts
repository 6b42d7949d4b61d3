/**
 * Two world processes on one PostgreSQL and one redis-server (docs/scaling.md): the world list,
 * one login per character across worlds (enforced by the lease in the database), a world killed
 * with SIGKILL whose characters come back elsewhere with their last committed state once the
 * lease expires, and what belongs to one world (gravestones, shop stock) staying there.
 */
import type { ServerPayload } from '@tilerealm/protocol';
import { GameClient, LoggedInElsewhereError } from '@tilerealm/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { eventually } from '../fault-helpers';
import { wsOf, type ServerProcess } from './server-process-harness';
import { canRunWorlds, leaseOf, startWorlds, type Worlds } from './two-worlds-harness';

const ADMIN = '/admin let-me-in-please';
const WAIT = 20_000;
/** Short leases, so a crashed world's characters are free again within seconds. */
const LEASE_TTL_MS = 3000;

const worldList = z.object({
  worlds: z.array(
    z.object({
      id: z.number(),
      address: z.string(),
      population: z.number(),
      status: z.string(),
      current: z.boolean().optional(),
    }),
  ),
});

type Sync = ServerPayload<'player:sync'>['player'];
type Graves = ServerPayload<'gravestone:update'>['gravestones'];

function holdingsOf(player: Sync): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of [...player.inventory, ...player.equipment])
    out[s.itemId] = (out[s.itemId] ?? 0) + s.quantity;
  if (player.coins > 0) out['coins'] = player.coins;
  return out;
}

/** A character's committed inventory, equipment and pouch, as the database has them. */
async function committedHoldings(worlds: Worlds, characterId: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of ['inventory', 'equipment']) {
    const { rows } = await worlds.db.query<{ itemId: string; quantity: number }>(
      `SELECT "itemId", quantity FROM ${table} WHERE "characterId" = $1`,
      [characterId],
    );
    for (const r of rows) out[r.itemId] = (out[r.itemId] ?? 0) + r.quantity;
  }
  const { rows } = await worlds.db.query<{ coins: number }>('SELECT coins FROM characters WHERE id = $1', [
    characterId,
  ]);
  const coins = rows[0]?.coins ?? 0;
  if (coins > 0) out['coins'] = coins;
  return out;
}

/** Units of `itemId` lying in world `worldId`'s saved ground regions. */
async function groundUnits(worlds: Worlds, worldId: number, itemId: string): Promise<number> {
  const { rows } = await worlds.db.query<{ data: { piles?: Array<{ itemId: string; quantity: number }> } }>(
    'SELECT data FROM ground_regions WHERE "worldId" = $1',
    [worldId],
  );
  return rows
    .flatMap((r) => r.data.piles ?? [])
    .reduce((n, p) => n + (p.itemId === itemId ? p.quantity : 0), 0);
}

describe.skipIf(!canRunWorlds)('two worlds on one database and one Redis (processes)', () => {
  let worlds: Worlds;
  let one: ServerProcess;
  let two: ServerProcess;
  const clients: GameClient[] = [];

  const join = async (world: ServerProcess, options: { token?: string; characterId?: string } = {}) => {
    const c = await GameClient.connect({ url: wsOf(world.url), reconnect: false, ...options });
    clients.push(c);
    return c;
  };
  const leave = async (c: GameClient) => {
    const id = c.welcome?.playerId ?? '';
    await c.close();
    // The lease goes with the logout save: only then may another world load the character.
    await eventually(
      `the lease of ${id} to be released`,
      async () => (await leaseOf(worlds.db, id)) === undefined,
    );
  };

  beforeAll(async () => {
    worlds = await startWorlds({ CHARACTER_LEASE_TTL_MS: String(LEASE_TTL_MS), DISABLE_RATE_LIMIT: 'true' });
    [one, two] = await Promise.all([worlds.launch(1), worlds.launch(2)]);
  }, 180_000);
  afterAll(async () => {
    await Promise.allSettled(clients.map((c) => c.close()));
    await worlds?.cleanup();
  }, 60_000);

  it('lists both worlds with their populations', async () => {
    const a = await join(one);
    const b = await join(one);
    const c = await join(two);
    for (const [world, id] of [
      [one, 1],
      [two, 2],
    ] as const) {
      await eventually(`world ${id}'s list to show 2 and 1 players`, async () => {
        const res = await fetch(`${world.url}/api/v1/worlds`);
        const list = worldList.parse(await res.json()).worlds;
        const w1 = list.find((w) => w.id === 1);
        const w2 = list.find((w) => w.id === 2);
        return (
          w1?.population === 2 &&
          w2?.population === 1 &&
          w1.status === 'online' &&
          w2.status === 'online' &&
          w1.address === wsOf(one.url) &&
          w2.address === wsOf(two.url) &&
          list.find((w) => w.current)?.id === id
        );
      });
    }
    await Promise.all([leave(a), leave(b), leave(c)]);
  }, 120_000);

  it('lets exactly one of two simultaneous logins of a character in, 100 times over', async () => {
    const first = await join(one);
    const token = first.welcome?.token ?? '';
    const characterId = first.welcome?.playerId ?? '';
    await leave(first);
    const winners: number[] = [];
    for (let round = 0; round < 100; round++) {
      const attempts = await Promise.allSettled([
        join(one, { token, characterId }),
        join(two, { token, characterId }),
      ]);
      const inside = attempts.flatMap((a, i) =>
        a.status === 'fulfilled' ? [{ client: a.value, world: i + 1 }] : [],
      );
      const refused = attempts.flatMap((a) => (a.status === 'rejected' ? [a.reason as unknown] : []));
      expect(inside, `round ${round}`).toHaveLength(1);
      const winner = inside[0];
      if (!winner) throw new Error('no winner');
      expect(refused).toHaveLength(1);
      expect(refused[0]).toBeInstanceOf(LoggedInElsewhereError);
      expect((refused[0] as LoggedInElsewhereError).world).toBe(winner.world);
      winners.push(winner.world);
      await leave(winner.client);
    }
    expect(winners).toHaveLength(100);
  }, 300_000);

  it('keeps a character on its world while its lease lives, and keeps world data on its world', async () => {
    // A death on world 1 leaves a gravestone there; world 2, started after it, does not have it.
    const dead = await join(one);
    const deadId = dead.welcome?.playerId ?? '';
    const token = dead.welcome?.token ?? '';
    await dead.request('player:chat', { message: ADMIN });
    const died = dead.waitFor('player:died', () => true, WAIT);
    dead.send('player:chat', { message: '/hit 1000' });
    const grave = (await died).gravestone;
    if (!grave) throw new Error('no gravestone');
    await eventually('the death lock to be committed on world 1', async () => {
      const { rows } = await worlds.db.query<{ worldId: number }>(
        `SELECT "worldId" FROM "playerDeaths" WHERE "characterId" = $1 AND status = 'active'`,
        [deadId],
      );
      return rows.length === 1 && rows[0]?.worldId === 1;
    });
    // While world 1 holds the character, world 2 refuses it, naming world 1.
    await expect(join(two, { token, characterId: deadId })).rejects.toMatchObject({ world: 1 });
    await leave(dead);

    two.child.kill('SIGTERM');
    await two.exited;
    two = await worlds.launch(2);
    const gravesSeen = async (world: ServerProcess): Promise<Graves> => {
      let graves: Graves = [];
      const c = await GameClient.connect({
        url: wsOf(world.url),
        token,
        characterId: deadId,
        reconnect: false,
        beforeConnect: (client) => client.on('gravestone:update', (g) => void (graves = g.gravestones)),
      });
      clients.push(c);
      // Asked after joining: any announcement of the join tick has arrived by the answer.
      await c.request('player:requestSync', {});
      await leave(c);
      return graves;
    };
    expect((await gravesSeen(two)).map((g) => g.id)).not.toContain(grave.id);
    expect((await gravesSeen(one)).map((g) => g.id)).toContain(grave.id);
  }, 180_000);

  it('gives each world its own stock of the same shop', async () => {
    const atShop = async (world: ServerProcess) => {
      const c = await join(world);
      const npcs = new Map<string, string>();
      let shop: ServerPayload<'shop:update'> | undefined;
      const stocks: number[] = [];
      c.on('world:update', (u) => {
        for (const e of u.entered ?? []) if (e.npcId) npcs.set(e.npcId, e.id);
      });
      c.on('shop:update', (s) => {
        shop = s;
        const tinderboxes = s.items.find((i) => i.itemId === 'tinderbox')?.stock;
        if (tinderboxes !== undefined) stocks.push(tinderboxes);
      });
      await c.request('player:chat', { message: ADMIN });
      await c.request('player:chat', { message: '/tele 6 -9' });
      await eventually('Marla in view', async () => {
        await c.request('player:requestSync', {});
        return npcs.has('shopkeeper_marla');
      });
      const open = () =>
        c.request('player:action', { action: 'openShop', npcId: npcs.get('shopkeeper_marla') ?? '' });
      return { c, open, stocks, stock: () => shop?.items.find((i) => i.itemId === 'tinderbox')?.stock };
    };
    const buyer = await atShop(one);
    const looker = await atShop(two);
    await buyer.open();
    expect(buyer.stock()).toBe(5);
    await buyer.c.request('shop:buy', { itemId: 'tinderbox', quantity: 3 });
    // The buy's own update shows 2 (a restock step may already have followed it on a slow machine).
    expect(buyer.stocks).toContain(2);
    // One restock step is 50 ticks (2.5 s here): a shared stock could not be back at 5 this soon.
    await looker.open();
    expect(looker.stock()).toBe(5);
    await eventually('world 1 stock row committed', async () => {
      const { rows } = await worlds.db.query<{ worldId: number }>(
        `SELECT "worldId" FROM store_stock WHERE "storeId" = 'oakhaven_general_store' AND "itemId" = 'tinderbox'`,
      );
      return rows.some((r) => r.worldId === 1) && !rows.some((r) => r.worldId === 2);
    });
    await Promise.all([leave(buyer.c), leave(looker.c)]);
  }, 120_000);

  // Last: it kills world 1.
  it('admits a character of a killed world elsewhere once its lease expires, with its committed items', async () => {
    const p = await join(one);
    const id = p.welcome?.playerId ?? '';
    const token = p.welcome?.token ?? '';
    const start = holdingsOf((await p.request('player:requestSync', {})).player);
    // A drop moves the bread onto world 1's ground, saved with the player in one transaction.
    const sync = await p.request('player:requestSync', {});
    const bread = sync.player.inventory.find((s) => s.itemId === 'bread');
    if (!bread) throw new Error('no bread in the starting kit');
    await p.request('inventory:drop', { slot: bread.slot });
    await eventually('the drop to be committed', async () => {
      const held = await committedHoldings(worlds, id);
      return (held['bread'] ?? 0) === (start['bread'] ?? 0) - bread.quantity;
    });
    const committed = await committedHoldings(worlds, id);
    const breadOnGround = await groundUnits(worlds, 1, 'bread');
    expect(breadOnGround).toBeGreaterThanOrEqual(bread.quantity);

    one.child.kill('SIGKILL');
    expect(await one.exited).toBe('SIGKILL');
    // The lease outlives its world for the TTL: world 2 refuses the character, naming world 1.
    await expect(join(two, { token, characterId: id })).rejects.toBeInstanceOf(LoggedInElsewhereError);
    const again = await eventually(
      'world 2 to admit the character once the lease expired',
      async () => {
        try {
          return await join(two, { token, characterId: id });
        } catch (err) {
          if (err instanceof LoggedInElsewhereError) return undefined;
          throw err;
        }
      },
      60_000,
    );
    expect(await leaseOf(worlds.db, id)).toBe(2);
    // What world 1 committed, no more, no less: the dropped bread is on world 1's ground, not back.
    expect(holdingsOf((await again.request('player:requestSync', {})).player)).toEqual(committed);
    expect(await groundUnits(worlds, 1, 'bread')).toBe(breadOnGround);
    await leave(again);
  }, 180_000);
});
