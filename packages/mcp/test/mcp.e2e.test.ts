import { readFile } from 'node:fs/promises';
import { execFile } from 'node:child_process';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { z } from 'zod';
import { useRealtimeServer } from '../../server/test/e2e/realtime-harness';
import { loadMcpConfig } from '../src/config';
import { startHttpServer, type McpHttpServer } from '../src/http';
import { createMcpServer } from '../src/server';
import { GameSession } from '../src/session';

const OBSERVE = [
  'get_status',
  'get_surroundings',
  'get_nearby',
  'get_inventory',
  'get_equipment',
  'get_skills',
  'get_chat',
  'get_quests',
];
const ACT = [
  'walk',
  'interact',
  'gather',
  'attack',
  'eat',
  'equip',
  'drop',
  'use_item',
  'make',
  'bank',
  'shop',
  'trade',
  'dialogue',
  'chat',
  'stop',
];

const inventory = z.object({
  items: z.array(z.object({ slot: z.number(), itemId: z.string(), name: z.string(), quantity: z.number() })),
  freeSlots: z.number(),
});
const status = z.object({ name: z.string(), position: z.object({ x: z.number(), z: z.number() }) });
const gathered = z.object({ stopped: z.string(), itemsGained: z.array(z.object({ itemId: z.string() })) });
const equipment = z.object({ equipment: z.array(z.object({ slot: z.string(), itemId: z.string() })) });
const gameError = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

const TSX = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));
const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

/** The structured result of a tool call that must succeed. */
async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<unknown> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.content)}`);
  return result.structuredContent;
}

/**
 * The MCP server against a real game server with fast ticks, driven by the official MCP client:
 * over an in-memory transport through a short woodcutting task, and over streamable HTTP.
 */
describe('MCP server end to end', () => {
  const live = useRealtimeServer({ TICK_MS: '10' });
  const logs: string[] = [];
  const log = (msg: string) => logs.push(msg);
  let session: GameSession;
  let client: Client;

  beforeAll(async () => {
    const config = loadMcpConfig({ MCP_SERVER_URL: live.server.url, MCP_CHARACTER_NAME: 'Mcp Woody' });
    session = await GameSession.start(config, log);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createMcpServer(session, log).connect(serverSide);
    client = new Client({ name: 'tilerealm-test', version: '1.0.0' });
    await client.connect(clientSide);
  });
  afterAll(async () => {
    await client?.close();
    await session?.close();
  });

  it('lists every tool, each with a description and an input schema, and docs/mcp.md names each', async () => {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name).sort();
    expect(names).toEqual([...OBSERVE, ...ACT].sort());
    for (const t of tools) {
      expect(t.description?.length ?? 0).toBeGreaterThan(20);
      expect(t.inputSchema.type).toBe('object');
    }
    const docs = await readFile(new URL('../../../docs/mcp.md', import.meta.url), 'utf8');
    for (const name of names) expect(docs, `docs/mcp.md names ${name}`).toContain(`\`${name}\``);
  });

  it('plays a short task: observes, chops a tree until a log is carried, swaps the weapon', async () => {
    onTestFailed(() => console.log(logs, session.memory.events));
    const me = status.parse(await call(client, 'get_status'));
    expect(me.name).toBe('Mcp Woody');
    const start = inventory.parse(await call(client, 'get_inventory'));
    expect(start.items.map((i) => i.itemId)).toContain('bronze_axe');
    expect(start.items.some((i) => i.itemId === 'logs')).toBe(false);

    const nearby = z
      .object({
        objects: z.array(z.object({ id: z.string(), defId: z.string(), actions: z.array(z.string()) })),
      })
      .parse(await call(client, 'get_nearby', { kind: 'objects', name: 'tree', radius: 40 }));
    expect(nearby.objects.length).toBeGreaterThan(0);
    expect(nearby.objects[0]?.actions).toEqual(['gather']);

    // A tree yields a log and then depletes; another may be taken: try the nearest standing ones.
    let logs = 0;
    for (let attempt = 0; attempt < 6 && logs === 0; attempt++) {
      const result = await client.callTool({
        name: 'gather',
        arguments: { resource: 'tree', timeoutSeconds: 60 },
      });
      if (result.isError) continue;
      const g = gathered.parse(result.structuredContent);
      logs = g.itemsGained.filter((i) => i.itemId === 'logs').length;
    }
    expect(logs).toBe(1);
    const after = inventory.parse(await call(client, 'get_inventory'));
    expect(after.items.filter((i) => i.itemId === 'logs')).toHaveLength(1);
    const skills = z
      .object({ skills: z.array(z.object({ skill: z.string(), xp: z.number() })) })
      .parse(await call(client, 'get_skills'));
    expect(skills.skills.find((s) => s.skill === 'woodcutting')?.xp).toBeGreaterThan(0);

    // Take the sword off and wear it again, checked through get_equipment.
    await call(client, 'equip', { unequipSlot: 'weapon' });
    let worn = equipment.parse(await call(client, 'get_equipment'));
    expect(worn.equipment.some((e) => e.slot === 'weapon')).toBe(false);
    await call(client, 'equip', { itemId: 'bronze_sword' });
    worn = equipment.parse(await call(client, 'get_equipment'));
    expect(worn.equipment.find((e) => e.slot === 'weapon')?.itemId).toBe('bronze_sword');
  }, 120_000);

  it('banks, shops, talks and picks up through the economy tools', async () => {
    onTestFailed(() => console.log(logs, session.memory.events));
    const bankSlots = z.object({ open: z.literal(true), slots: z.array(z.object({ itemId: z.string() })) });
    bankSlots.parse(await call(client, 'bank', { action: 'open' }));
    await call(client, 'bank', { action: 'deposit', itemId: 'bronze_pickaxe' });
    const bank = bankSlots.parse(await call(client, 'bank', { action: 'view' }));
    expect(bank.slots.map((b) => b.itemId)).toContain('bronze_pickaxe');
    await call(client, 'bank', { action: 'withdraw', itemId: 'bronze_pickaxe' });
    let carried = inventory.parse(await call(client, 'get_inventory'));
    expect(carried.items.map((i) => i.itemId)).toContain('bronze_pickaxe');
    await call(client, 'bank', { action: 'close' });

    const shop = z
      .object({
        open: z.literal(true),
        items: z.array(z.object({ itemId: z.string(), buyPrice: z.number() })),
      })
      .parse(await call(client, 'shop', { action: 'open' }));
    expect(shop.items.map((i) => i.itemId)).toContain('tinderbox');
    const coins = z.object({ coins: z.number() });
    const before = coins.parse(await call(client, 'get_inventory')).coins;
    await call(client, 'shop', { action: 'buy', itemId: 'tinderbox' });
    const price = shop.items.find((i) => i.itemId === 'tinderbox')?.buyPrice ?? 0;
    expect(coins.parse(await call(client, 'get_inventory')).coins).toBe(before - price);
    await call(client, 'shop', { action: 'close' });

    const npcs = z
      .object({ npcs: z.array(z.object({ id: z.string(), name: z.string(), actions: z.array(z.string()) })) })
      .parse(await call(client, 'get_nearby', { kind: 'npcs', name: 'Lina', radius: 64 }));
    const lina = npcs.npcs[0];
    if (!lina) throw new Error('Guide Lina is not in view');
    expect(lina.actions).toContain('talk');
    const line = z
      .object({ open: z.literal(true), npcName: z.string(), text: z.string() })
      .parse(await call(client, 'dialogue', { action: 'start', npcId: lina.id }));
    expect(line.npcName).toBe('Guide Lina');
    await call(client, 'dialogue', { action: 'close' });

    const dropped = z.object({ dropped: z.object({ groundItemId: z.string() }) });
    const pile = dropped.parse(await call(client, 'drop', { itemId: 'bread' })).dropped.groundItemId;
    await expect
      .poll(async () => JSON.stringify(await call(client, 'get_nearby', { kind: 'items' })), {
        timeout: 10_000,
      })
      .toContain(pile);
    await call(client, 'interact', { targetId: pile });
    carried = inventory.parse(await call(client, 'get_inventory'));
    expect(carried.items.map((i) => i.itemId)).toContain('bread');
  }, 120_000);

  it('walks to the farm and fights a chicken until it dies', async () => {
    onTestFailed(() => console.log(logs, session.memory.events));
    const walked = z
      .object({ reached: z.object({ x: z.number(), z: z.number() }) })
      .parse(await call(client, 'walk', { x: 16, z: 37, run: true }));
    expect(Math.max(Math.abs(walked.reached.x - 16), Math.abs(walked.reached.z - 37))).toBeLessThanOrEqual(1);
    const fight = z.object({ targetDied: z.boolean(), xpGained: z.record(z.string(), z.number()) });
    let won = false;
    // A chicken may wander out of view or be taken: a few tries, each waiting for the fight's end.
    for (let attempt = 0; attempt < 4 && !won; attempt++) {
      const result = await client.callTool({
        name: 'attack',
        arguments: { name: 'chicken', timeoutSeconds: 60 },
      });
      if (result.isError) continue;
      const f = fight.parse(result.structuredContent);
      won = f.targetDied;
      if (won) expect(Object.keys(f.xpGained).length).toBeGreaterThan(0);
    }
    expect(won).toBe(true);
  }, 240_000);

  it("answers a refused action as a tool error with the server's code, and a local one with its own", async () => {
    const far = await client.callTool({ name: 'walk', arguments: { x: 5000, z: 5000 } });
    expect(far.isError).toBe(true);
    expect(gameError.parse(far.structuredContent).error.code).toBe('path_too_far');

    const none = await client.callTool({ name: 'drop', arguments: { itemId: 'dragon_scimitar' } });
    expect(none.isError).toBe(true);
    expect(gameError.parse(none.structuredContent).error.code).toBe('not_carried');

    const invalid = await client.callTool({ name: 'walk', arguments: { x: 'north' } });
    expect(invalid.isError).toBe(true);
  });

  it('runs as `npm run mcp` does: a subprocess speaking MCP on stdio, as a guest', async () => {
    const transport = new StdioClientTransport({
      command: TSX,
      args: [MAIN],
      env: { ...(process.env as Record<string, string>), MCP_SERVER_URL: live.server.url },
      stderr: 'pipe',
    });
    const stderr: string[] = [];
    transport.stderr?.on('data', (d: Buffer) => stderr.push(d.toString()));
    onTestFailed(() => console.log(stderr.join('')));
    const child = new Client({ name: 'tilerealm-stdio-test', version: '1.0.0' });
    await child.connect(transport);
    try {
      expect((await child.listTools()).tools.map((t) => t.name)).toContain('gather');
      const me = status.parse(await call(child, 'get_status'));
      expect(me.name).toMatch(/^Guest/);
    } finally {
      await child.close();
    }
  }, 120_000);

  it('refuses to start with a bad configuration, listing every problem', async () => {
    const outcome = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      execFile(
        TSX,
        [MAIN, '--port', 'abc'],
        { env: { ...process.env, MCP_SERVER_URL: 'nowhere' }, timeout: 60_000 },
        (err, _stdout, stderr) => resolve({ code: err ? (err.code as number | null) : 0, stderr }),
      );
    });
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toContain('MCP_SERVER_URL');
    expect(outcome.stderr).toContain('MCP_HTTP_PORT');
  }, 90_000);

  describe('over streamable HTTP', () => {
    let http: McpHttpServer;
    beforeAll(async () => {
      http = await startHttpServer(session, '127.0.0.1', 0, log);
    });
    afterAll(async () => {
      await http?.close();
    });

    it('connects, lists the tools and calls one', async () => {
      const remote = new Client({ name: 'tilerealm-http-test', version: '1.0.0' });
      await remote.connect(new StreamableHTTPClientTransport(new URL(http.url)));
      try {
        const { tools } = await remote.listTools();
        expect(tools.map((t) => t.name)).toContain('get_status');
        const me = status.parse(await call(remote, 'get_status'));
        expect(me.name).toBe('Mcp Woody');
      } finally {
        await remote.close();
      }
    });

    it('refuses a request naming another host (DNS rebinding) and a request without a session', async () => {
      const init = {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
      };
      const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
      // fetch does not let a caller set Host: a raw request does.
      const rebound = await new Promise<number>((resolve, reject) => {
        const req = request(
          http.url,
          { method: 'POST', headers: { ...headers, host: 'evil.example' } },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end(JSON.stringify(init));
      });
      expect(rebound).toBe(403);
      const orphan = await fetch(http.url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
      });
      expect(orphan.status).toBe(400);
    });
  });
});
