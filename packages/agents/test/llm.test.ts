import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AvailableGoal, PlayerStatePayload } from '@tilerealm/protocol';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LlmAdvisor } from '../src/llm';

/** A local stand-in for an OpenAI-compatible API: answers with whatever `next` says. */
let next: { status: number; content: string; hang?: boolean } = { status: 200, content: 'idle' };
const seen: { auth: string | undefined; body: unknown }[] = [];
let server: Server;
let url = '';

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let s = '';
    req.on('data', (c: Buffer) => (s += c.toString()));
    req.on('end', () => resolve(s));
  });

beforeAll(async () => {
  server = createServer((req, res) => {
    void readBody(req).then((body) => {
      seen.push({ auth: req.headers.authorization, body: JSON.parse(body) });
      if (next.hang) return; // never answers: the advisor must time out
      res.writeHead(next.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: next.content } }] }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const player = {
  health: 100,
  maxHealth: 100,
  coins: 0,
  inventory: [],
  skills: { woodcutting: { level: 3, xp: 200 } },
} as unknown as PlayerStatePayload;
const options: AvailableGoal[] = [
  { type: 'woodcutting', priority: 47, reason: 'woodcutting level 3', available: true },
  { type: 'exploration', priority: 8, reason: 'see more of the world', available: true },
];

describe('LlmAdvisor against a local stand-in server', () => {
  const advisor = () => new LlmAdvisor({ url, apiKey: 'k-test', model: 'stand-in', timeoutMs: 300 });

  it('takes the goal the model picks from the list, sending the key and the model', async () => {
    next = { status: 200, content: 'exploration' };
    expect(await advisor().chooseGoal(player, options)).toEqual({
      type: 'exploration',
      reason: 'see more of the world',
    });
    expect(seen.at(-1)).toMatchObject({ auth: 'Bearer k-test', body: { model: 'stand-in' } });
  });

  it("keeps the model's reasoning after the goal id", async () => {
    next = { status: 200, content: 'woodcutting\nLogs are\n  close and the axe is ready.' };
    const choice = await advisor().chooseGoal(player, options);
    expect(choice?.type).toBe('woodcutting');
    expect(choice?.reasoning).toBe('Logs are close and the axe is ready.');
  });

  it('returns null (rule-based fallback) for a goal not on the list, an HTTP error or a timeout', async () => {
    const a = advisor();
    next = { status: 200, content: 'mining' };
    expect(await a.chooseGoal(player, options)).toBeNull();
    next = { status: 500, content: 'woodcutting' };
    expect(await a.chooseGoal(player, options)).toBeNull();
    next = { status: 200, content: 'woodcutting', hang: true };
    expect(await a.chooseGoal(player, options)).toBeNull();
    expect(a.failures).toBe(3);
  });

  it("logs why it failed in the runtime's log, once per reason while the reason stays the same", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const a = advisor();
      next = { status: 503, content: 'woodcutting' };
      expect(await a.chooseGoal(player, options)).toBeNull();
      expect(await a.chooseGoal(player, options)).toBeNull();
      next = { status: 200, content: 'mining' };
      expect(await a.chooseGoal(player, options)).toBeNull();
      expect(a.failures).toBe(3);
      expect(warn.mock.calls.map((c) => String(c[0]))).toEqual([
        '[agents] the LLM advisor failed (the rule-based planner decides): status 503',
        '[agents] the LLM advisor failed (the rule-based planner decides): the answer named none of the available goals',
      ]);
      expect(a.lastFailure).toBe('the answer named none of the available goals');
    } finally {
      warn.mockRestore();
    }
  });

  it('answers chat with one line', async () => {
    next = { status: 200, content: '  Happy to help,\n friend! ' };
    expect(await advisor().reply('Ash', 'hello')).toBe('Happy to help, friend!');
  });
});
