/**
 * Shared steps of the MCP end-to-end tests: a game session served over streamable HTTP and driven
 * by the official MCP client, and readers of tool results that fail the test on a surprise.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect, vi } from 'vitest';
import { z } from 'zod';
import { loadMcpConfig } from '../src/config';
import { startHttpServer, type McpHttpServer } from '../src/http';
import { GameSession } from '../src/session';

/** How long a test waits for a condition in the game (ticks are fast in tests: this is many). */
export const WAIT_MS = 30_000;
export const ADMIN = '/admin let-me-in-please';

const gameError = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
const inventory = z.object({
  items: z.array(z.object({ slot: z.number(), itemId: z.string(), name: z.string(), quantity: z.number() })),
  freeSlots: z.number(),
  coins: z.number(),
});
const skills = z.object({
  skills: z.array(z.object({ skill: z.string(), level: z.number(), xp: z.number() })),
});
const position = z.object({ position: z.object({ x: z.number(), z: z.number() }) });
const health = z.object({ health: z.number(), maxHealth: z.number() });

/** One MCP player: its game session, its MCP HTTP endpoint and an MCP client connected to it. */
export interface McpPlayer {
  session: GameSession;
  http: McpHttpServer;
  client: Client;
  logs: string[];
  close(): Promise<void>;
}

/** Plays the character `name` on the game server at `serverUrl`, through MCP over streamable HTTP. */
export async function mcpPlayer(serverUrl: string, name: string): Promise<McpPlayer> {
  const logs: string[] = [];
  const log = (msg: string) => logs.push(msg);
  const session = await GameSession.start(
    loadMcpConfig({ MCP_SERVER_URL: serverUrl, MCP_CHARACTER_NAME: name }),
    log,
  );
  const http = await startHttpServer(session, '127.0.0.1', 0, log);
  const client = new Client({ name: `tilerealm-test-${name}`, version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(http.url)));
  return {
    session,
    http,
    client,
    logs,
    close: async () => {
      await client.close();
      await http.close();
      await session.close();
    },
  };
}

/** The structured result of a tool call that must succeed. */
export async function call(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<unknown> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.content)}`);
  return result.structuredContent;
}

/** The error code of a tool call that must fail with a documented tool error. */
export async function refused(client: Client, name: string, args: Record<string, unknown>): Promise<string> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError, `${name} ${JSON.stringify(args)} must fail`).toBe(true);
  return gameError.parse(result.structuredContent).error.code;
}

/** A tool call rejected by its input schema (the MCP SDK answers it as a tool error, before the tool runs). */
export async function invalid(client: Client, name: string, args: Record<string, unknown>): Promise<string> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError, `${name} ${JSON.stringify(args)} must be refused`).toBe(true);
  const first = result.content[0];
  return first?.type === 'text' ? first.text : '';
}

/** Units of each carried item, with the coin pouch as `coins` (through get_inventory). */
export async function carried(client: Client): Promise<Record<string, number>> {
  const inv = inventory.parse(await call(client, 'get_inventory'));
  const out: Record<string, number> = {};
  for (const i of inv.items) out[i.itemId] = (out[i.itemId] ?? 0) + i.quantity;
  if (inv.coins > 0) out['coins'] = inv.coins;
  return out;
}

/** Experience by skill (through get_skills). */
export async function xpOf(client: Client): Promise<Record<string, number>> {
  const s = skills.parse(await call(client, 'get_skills'));
  return Object.fromEntries(s.skills.map((v) => [v.skill, v.xp]));
}

/** Health and maximum health (through get_status). */
export async function healthOf(client: Client): Promise<{ health: number; maxHealth: number }> {
  return health.parse(await call(client, 'get_status'));
}

/** Makes the player an administrator (for /tele and /hit) and teleports it to (x, z), waiting to land. */
export async function teleport(p: McpPlayer, x: number, tileZ: number): Promise<void> {
  await call(p.client, 'chat', { message: ADMIN });
  await call(p.client, 'chat', { message: `/tele ${x} ${tileZ}` });
  await vi.waitFor(
    async () => expect(position.parse(await call(p.client, 'get_status')).position).toEqual({ x, z: tileZ }),
    { timeout: WAIT_MS, interval: 50 },
  );
}
