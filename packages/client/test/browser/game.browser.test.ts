import { createServer } from 'node:net';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildCdn } from '../../../cdn/src/app';
import { DEFAULT_ASSET_ROOT } from '../../../cdn/src/config';
import { GameClient, RestClient } from '@tilerealm/sdk';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { GameApi } from '../../../agents/src/game-api';
import { buildRuntimeApi } from '../../../agents/src/http';
import { AgentRuntime } from '../../../agents/src/runtime';
import { loadPlaces, removeDir } from '../../../agents/test/runtime-harness';
import type { RunningServer } from '../../../server/src/app/start-server';
import { startServer } from '../../../server/src/app/start-server';
import { realtimeWorld, wsUrl, type RealtimeWorld } from '../../../server/test/e2e/realtime-harness';
import {
  browserAvailable,
  buildClientForTests,
  launchChromium,
  screenshot,
  watchPageErrors,
} from './browser-harness';

const WAIT = 20_000;
const AREAS = join(DEFAULT_ASSET_ROOT, 'manifests', 'world-areas.json');

/** The ordinary trees and the bank booths of an area, with their object ids, from the bundled map. */
async function placementsOf(areaId: string): Promise<{ trees: Placed[]; bankBooths: Placed[] }> {
  const map = z
    .object({
      areas: z.array(
        z.looseObject({
          id: z.string(),
          resources: z
            .array(z.looseObject({ resourceId: z.string(), x: z.number(), z: z.number() }))
            .optional(),
          stations: z
            .array(z.looseObject({ stationId: z.string(), x: z.number(), z: z.number() }))
            .optional(),
        }),
      ),
    })
    .parse(JSON.parse(await readFile(AREAS, 'utf8')));
  const area = map.areas.find((a) => a.id === areaId);
  // Object ids are `<area>:r<index>` for resources and `<area>:s<index>` for stations.
  const trees = (area?.resources ?? [])
    .map((r, i) => ({ id: `${areaId}:r${i}`, kind: r.resourceId, x: r.x, z: r.z }))
    .filter((r) => r.kind === 'tree');
  const bankBooths = (area?.stations ?? [])
    .map((st, i) => ({ id: `${areaId}:s${i}`, kind: st.stationId, x: st.x, z: st.z }))
    .filter((st) => st.kind === 'bank_booth');
  return { trees, bankBooths };
}

interface Placed {
  id: string;
  kind: string;
  x: number;
  z: number;
}
const tile = z.object({ x: z.number(), z: z.number() });
const point = z.object({ x: z.number(), y: z.number() });

/** A free loopback port (for the agent runtime, whose address the game server must know first). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** The browser player's tile, read from the running client's store. */
async function positionOf(page: Page): Promise<{ x: number; z: number }> {
  return tile.parse(await page.evaluate('window.__game && window.__game.world.position'));
}

/** Page coordinates of a tile's centre on the canvas, once the world view has drawn it. */
async function tilePoint(page: Page, x: number, z: number): Promise<{ x: number; y: number }> {
  await page.waitForFunction('window.__worldView && window.__worldView.ready', undefined, { timeout: WAIT });
  return point.parse(await page.evaluate(`window.__worldView.projectTile(${x}, ${z})`));
}

/**
 * Walks with the 3D view's "Walk here" option; tiles too far to be on screen are reached in hops
 * toward them.
 */
async function walkTo(page: Page, x: number, z: number, near = 0): Promise<void> {
  for (let hop = 0; hop < 30; hop++) {
    const here = await positionOf(page);
    const dist = Math.max(Math.abs(here.x - x), Math.abs(here.z - z));
    if (dist <= near) return;
    // The longest hop toward the target whose tile is on screen.
    let p: { x: number; y: number } | undefined;
    for (const hopLength of [7, 5, 3, 2, 1]) {
      const step = Math.min(dist, hopLength);
      const tx = here.x + Math.round(((x - here.x) * step) / dist);
      const tz = here.z + Math.round(((z - here.z) * step) / dist);
      const at = point.safeParse(await page.evaluate(`window.__worldView.projectTile(${tx}, ${tz})`));
      if (at.success) {
        p = at.data;
        break;
      }
    }
    if (!p) throw new Error(`no tile toward ${x},${z} is on screen`);
    // "Walk here" from the option menu: a left click would do the main action of whatever stands in
    // front of the tile (chop the tree, talk to the NPC) instead of walking.
    await page.mouse.click(p.x, p.y, { button: 'right' });
    const walk = page.getByTestId('context-menu').getByRole('menuitem', { name: /^Walk here/ });
    if ((await walk.count()) === 0) {
      await page.keyboard.press('Escape');
      continue;
    }
    await walk.first().click();
    // Wait until the player stops moving (arrived, or the path ended short of a blocked tile).
    let last = here;
    let still = 0;
    for (let i = 0; i < 100 && still < 4; i++) {
      await new Promise((r) => setTimeout(r, 150));
      const now = await positionOf(page);
      still = now.x === last.x && now.z === last.z ? still + 1 : 0;
      last = now;
    }
  }
  throw new Error(`could not walk to ${x},${z}`);
}

/** The id of the nearest NPC in view with this npcId. */
async function npcNamed(page: Page, npcId: string): Promise<string> {
  const id: unknown = await page.evaluate(
    `(() => { const me = window.__game.world.position; let best; let bestD = 1e9;
      for (const e of window.__game.world.entities.values()) {
        if (e.npcId !== ${JSON.stringify(npcId)}) continue;
        const d = Math.max(Math.abs(e.x - me.x), Math.abs(e.z - me.z));
        if (d < bestD) { best = e.id; bestD = d; }
      }
      return best; })()`,
  );
  return z.string().parse(id);
}

/**
 * Right-clicks an entity or an object on the canvas (where the world view projects it) and chooses
 * a menu option; retried, since NPCs wander and something may stand in front for a moment.
 */
async function chooseOption(
  page: Page,
  kind: 'Entity' | 'Object',
  id: string,
  option: RegExp,
): Promise<void> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const at = point.safeParse(
      await page.evaluate(`window.__worldView.project${kind}(${JSON.stringify(id)})`),
    );
    if (at.success) {
      await page.mouse.click(at.data.x, at.data.y, { button: 'right' });
      const item = page.getByTestId('context-menu').getByRole('menuitem', { name: option });
      if ((await item.count()) > 0) {
        await item.first().click();
        return;
      }
      await page.keyboard.press('Escape');
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  await screenshot(page, `failed-option-${id.replace(/[^a-z0-9]/gi, '_')}`);
  throw new Error(`no ${String(option)} option on ${id}`);
}

const entityOption = (page: Page, entityId: string, option: RegExp) =>
  chooseOption(page, 'Entity', entityId, option);
const objectOption = (page: Page, objectId: string, option: RegExp) =>
  chooseOption(page, 'Object', objectId, option);

/** Clicks "continue" until the conversation closes (the server may close it between two checks). */
async function finishDialogue(page: Page): Promise<void> {
  const dialogue = page.getByTestId('dialogue');
  for (let i = 0; i < 20 && (await dialogue.isVisible()); i++) {
    const next = page.getByTestId('dialogue-continue');
    if (await next.isVisible()) await next.click({ timeout: 2_000 }).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 200));
  }
  await dialogue.waitFor({ state: 'hidden', timeout: WAIT });
}

/** How many of an item the browser player carries. */
async function carried(page: Page, itemId: string): Promise<number> {
  return z
    .number()
    .parse(
      await page.evaluate(
        `window.__game.world.player.inventory.filter((s) => s.itemId === ${JSON.stringify(itemId)}).reduce((n, s) => n + s.quantity, 0)`,
      ),
    );
}

async function waitUntil(check: () => Promise<boolean>, what: string, ms = WAIT): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * The browser client against the real server (built with Vite, served by the server from its
 * public directory), driven in Debian's chromium: sign in, create a character, walk by clicking the
 * 3D view, chat with an SDK player, open the bank, trade with the SDK player to completion, and
 * pause and resume an agent on the dashboard. Screenshots go to artifacts/browser/.
 */
describe.runIf(browserAvailable())('browser client (chromium)', () => {
  let world: RealtimeWorld;
  let server: RunningServer;
  let cdn: FastifyInstance;
  let client: { dir: string; cleanup(): Promise<void> };
  let runtime: AgentRuntime;
  let runtimeApi: FastifyInstance;
  let agentsDir: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let bob: GameClient;
  let heroName = '';

  beforeAll(async () => {
    client = await buildClientForTests();
    cdn = buildCdn({ root: DEFAULT_ASSET_ROOT, logger: false });
    const cdnUrl = await cdn.listen({ port: 0, host: '127.0.0.1' });
    const agentPort = await freePort();
    world = await realtimeWorld({
      TICK_MS: '150',
      PUBLIC_CDN_URL: cdnUrl,
      AGENT_API_URL: `http://127.0.0.1:${agentPort}`,
    });
    server = await startServer(world.env, { publicDir: client.dir });
    const api = new GameApi(server.url);
    agentsDir = await mkdtemp(join(tmpdir(), 'tilerealm-browser-agents-'));
    runtime = await AgentRuntime.open({
      api,
      serverUrl: server.url,
      places: await loadPlaces(),
      dataDir: agentsDir,
    });
    runtimeApi = buildRuntimeApi(runtime, api);
    await runtimeApi.listen({ port: agentPort, host: '127.0.0.1' });
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    errors = watchPageErrors(page);
  }, 180_000);

  afterAll(async () => {
    await bob?.close();
    await context?.close();
    await browser?.close();
    await runtime?.close();
    await runtimeApi?.close();
    await server?.close();
    await cdn?.close();
    await world?.cleanup();
    await client?.cleanup();
    if (agentsDir) await removeDir(agentsDir);
  }, 60_000);

  it('serves the built client and signs in anonymously, creates a character and enters the world', async () => {
    await page.goto(server.url);
    await page.getByTestId('sign-in-anonymous').click();
    heroName = `Hero${Date.now() % 100000}`;
    await page.getByTestId('new-character-name').fill(heroName);
    await page.getByTestId('create-character').click();
    await page.getByTestId('player-name').filter({ hasText: heroName }).waitFor({ timeout: WAIT });
    await page.waitForFunction('window.__worldView && window.__worldView.ready', undefined, {
      timeout: WAIT,
    });
    await screenshot(page, '01-entered-world');
    expect(await positionOf(page)).toEqual({ x: 0, z: 0 });
  });

  it('walks where the 3D view is clicked', async () => {
    const start = await positionOf(page);
    // West of the spawn: no NPC wanders there (Guide Lina keeps to x >= 0), so the click hits the ground.
    const target = { x: start.x - 3, z: start.z + 2 };
    const p = await tilePoint(page, target.x, target.z);
    await page.mouse.click(p.x, p.y);
    await waitUntil(async () => {
      const now = await positionOf(page);
      return now.x === target.x && now.z === target.z;
    }, `the player to reach ${target.x},${target.z}`);
    await screenshot(page, '02-walked');
  });

  it('chats with a second (SDK) player both ways', async () => {
    const rest = new RestClient(server.url);
    await rest.anonymous();
    await rest.createPlayer('Bob');
    bob = await GameClient.connect({ url: wsUrl(server), token: rest.token });
    const heard = bob.waitFor('chat:message', (m) => m.from?.name === heroName, WAIT);
    await page.getByTestId('chat-input').fill('hello from the browser');
    await page.getByTestId('chat-input').press('Enter');
    expect((await heard).message).toBe('hello from the browser');

    bob.send('player:chat', { message: 'hi browser' });
    await page.getByTestId('chat-log').getByText('Bob: hi browser').waitFor({ timeout: WAIT });
    await screenshot(page, '03-chat');
  });

  it('opens the bank from the booth and deposits an item', async () => {
    // The Oakhaven bank booth stands at (-10, -9): right-click it and choose "Bank".
    const p = await tilePoint(page, -10, -9);
    await page.mouse.click(p.x, p.y, { button: 'right' });
    await page.getByTestId('context-menu').getByRole('menuitem', { name: /^Bank/ }).click();
    await page.getByTestId('bank').waitFor({ timeout: WAIT });
    const before = await page.getByTestId('bank').locator('[data-testid^="bank-slot-"]').count();
    await page.getByTestId('bank-inventory-slot-6').click(); // the bread
    await waitUntil(
      async () => (await page.getByTestId('bank').locator('[data-testid^="bank-slot-"]').count()) > before,
      'the deposit to show in the bank',
    );
    await screenshot(page, '04-bank');
    await page.getByTestId('bank-close').click();
    await page.getByTestId('bank').waitFor({ state: 'hidden', timeout: WAIT });
  });

  it('trades with the SDK player to completion through both screens', async () => {
    // Bob walks next to the browser player and asks to trade.
    const here = await positionOf(page);
    await bob.request('player:move', { x: here.x + 1, z: here.z });
    await waitUntil(async () => {
      const s = await bob.request('player:requestSync', {});
      return s.player.position.x === here.x + 1 && s.player.position.z === here.z;
    }, 'Bob to arrive');
    const heroId = z.string().parse(await page.evaluate('window.__game.selfId'));
    const started = bob.waitFor('tradeStarted', undefined, WAIT);
    await bob.request('tradeRequest', { targetPlayerId: heroId });
    await page.getByTestId('trade-incoming').waitFor({ timeout: WAIT });
    await page.getByTestId('trade-accept-request').click();
    await page.getByTestId('trade-screen-1').waitFor({ timeout: WAIT });
    const { tradeId } = await started;

    // The browser offers its bronze pickaxe (slot 3); Bob offers 25 coins (they buy the quest's feathers).
    await page.getByTestId('trade-inventory-slot-3').click();
    await page
      .getByTestId('trade-my-offer')
      .getByText(/Bronze pickaxe/i)
      .waitFor({ timeout: WAIT });
    await bob.request('tradeAddCoins', { tradeId, quantity: 25 });
    await page.getByTestId('trade-their-offer').getByText(/coins/i).waitFor({ timeout: WAIT });

    await page.getByTestId('trade-accept').click();
    await bob.request('tradeAccept', { tradeId });
    await page.getByTestId('trade-screen-2').waitFor({ timeout: WAIT });
    await screenshot(page, '05-trade-confirm');
    const done = bob.waitFor('tradeCompleted', undefined, WAIT);
    await page.getByTestId('trade-confirm').click();
    await bob.request('tradeAccept', { tradeId });
    const completed = await done;
    expect(completed.receivedItems).toEqual([{ itemId: 'bronze_pickaxe', quantity: 1 }]);
    await page.getByTestId('trade-screen-2').waitFor({ state: 'detached', timeout: WAIT });
    await waitUntil(
      async () => z.number().parse(await page.evaluate('window.__game.world.player.coins')) === 25 + 25,
      'the coins to arrive in the pouch',
    );
  });

  it('chops a tree in Whisperwood through the option menu', async () => {
    // The nearest ordinary tree of Whisperwood (east of Oakhaven), from the public map.
    const tree = (await placementsOf('whisperwood')).trees[0];
    if (!tree) throw new Error('Whisperwood has no tree');
    await walkTo(page, tree.x, tree.z, 3);
    await objectOption(page, tree.id, /^Chop down/);
    await waitUntil(async () => (await carried(page, 'logs')) > 0, 'logs in the inventory', 60_000);
    await page.locator('[data-testid^="inventory-slot-"][data-item-id="logs"]').first().waitFor();
    await screenshot(page, '06-woodcutting');
  }, 120_000);

  it("buys twenty feathers from Wren's shop", async () => {
    await walkTo(page, 42, 4, 3);
    const wren = await npcNamed(page, 'fletcher_wren');
    await entityOption(page, wren, /^Trade/);
    await page.getByTestId('shop').waitFor({ timeout: WAIT });
    for (let i = 0; i < 2; i++) {
      await page.getByTestId('shop-item-feather').click({ button: 'right' });
      await page
        .getByTestId('context-menu')
        .getByRole('menuitem', { name: /^Buy-10/ })
        .click();
      await waitUntil(
        async () => (await carried(page, 'feather')) === (i + 1) * 10,
        `${(i + 1) * 10} feathers`,
      );
    }
    await screenshot(page, '07-shop');
    await page.getByTestId('shop-close').click();
    await page.getByTestId('shop').waitFor({ state: 'hidden', timeout: WAIT });
  }, 120_000);

  it('starts and completes a quest in dialogue, then fights a chicken', async () => {
    await walkTo(page, 12, 33, 3);
    const edda = await npcNamed(page, 'farmer_edda');
    await entityOption(page, edda, /^Talk-to/);
    const dialogue = page.getByTestId('dialogue');
    await dialogue.getByRole('button', { name: 'Can I help with anything?' }).click({ timeout: WAIT });
    await dialogue.getByRole('button', { name: 'Twenty feathers, coming up.' }).click({ timeout: WAIT });
    await screenshot(page, '08-dialogue');
    await finishDialogue(page);
    await page.getByTestId('tab-quests').click();
    await page.getByTestId('quest-feathered_fugitives').getByText('In progress').waitFor({ timeout: WAIT });

    // Talking to Edda again with the feathers completes the quest.
    await entityOption(page, edda, /^Talk-to/);
    await dialogue.getByRole('button', { name: 'Here you are.' }).click({ timeout: WAIT });
    await finishDialogue(page);
    await page.getByTestId('quest-feathered_fugitives').getByText('Completed').waitFor({ timeout: WAIT });
    expect(await carried(page, 'feather')).toBe(0);
    await screenshot(page, '09-quest-completed');

    // A left click on a chicken attacks it: the hero's own swings land on it, with hit splats.
    const chicken = await npcNamed(page, 'chicken');
    await page.evaluate(
      `window.__game.on('combat:hit', (h) => { if (h.attackerId === window.__game.selfId && h.targetId === ${JSON.stringify(chicken)}) window.__swungAtChicken = true; })`,
    );
    const swungAtChicken = async (): Promise<boolean> =>
      (await page.evaluate('window.__swungAtChicken === true')) === true;
    for (let attempt = 0; attempt < 10 && !(await swungAtChicken()); attempt++) {
      const at = point.safeParse(
        await page.evaluate(`window.__worldView.projectEntity(${JSON.stringify(chicken)})`),
      );
      if (at.success) await page.mouse.click(at.data.x, at.data.y);
      await waitUntil(swungAtChicken, 'a swing at the chicken', 5_000).catch(() => undefined);
    }
    expect(await swungAtChicken()).toBe(true);
    expect(await page.getByTestId('hit-splat').count()).toBeGreaterThan(0);
    await screenshot(page, '10-fight');
  }, 120_000);

  it('pauses and resumes an agent on the dashboard', async () => {
    await page.goto(`${server.url}/#/agents`);
    await page.getByTestId('dashboard').waitFor({ timeout: WAIT });
    await page.getByTestId('agent-create-name').fill('Scout');
    await page.getByTestId('agent-create').click();
    const card = page.locator('[data-testid^="agent-card-"]').first();
    await card.waitFor({ timeout: WAIT });
    const agentId = z
      .string()
      .parse(await card.getAttribute('data-testid'))
      .replace('agent-card-', '');
    const token = z
      .string()
      .parse(await page.evaluate('JSON.parse(localStorage.getItem("tilerealm.session")).token'));
    const goalState = async (): Promise<boolean> => {
      const res = await fetch(`${server.url}/api/agents/${agentId}/goal`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return z.object({ goalsPaused: z.boolean() }).parse(await res.json()).goalsPaused;
    };

    await page.getByTestId(`agent-pause-${agentId}`).click();
    await page.getByTestId(`agent-status-${agentId}`).getByText('paused').waitFor({ timeout: WAIT });
    expect(await goalState()).toBe(true);
    await screenshot(page, '11-dashboard-paused');

    await page.getByTestId(`agent-resume-${agentId}`).click();
    await page.getByTestId(`agent-status-${agentId}`).getByText('running').waitFor({ timeout: WAIT });
    expect(await goalState()).toBe(false);
    await screenshot(page, '12-dashboard-resumed');
  });

  it('says a refused stored session has ended and makes no new identity by itself', async () => {
    const anonymousCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/auth/anonymous')) anonymousCalls.push(r.url());
    });
    // A token of ours whose exp (1970) has long passed: the server answers 401 to /api/auth/me.
    const expired = `e30.${Buffer.from('{"iss":"tilerealm","exp":1}').toString('base64url')}.x`;
    await page.evaluate(
      `localStorage.setItem('tilerealm.session', JSON.stringify({ token: '${expired}', accountId: 'acc_gone' }))`,
    );
    await page.goto(`${server.url}/#/characters`);
    await page.reload();
    await page
      .getByTestId('session-notice')
      .getByText(/has expired/)
      .waitFor({ timeout: WAIT });
    await page.getByTestId('sign-in-anonymous').waitFor({ timeout: WAIT });
    expect(anonymousCalls).toEqual([]);
    expect(await page.evaluate('localStorage.getItem("tilerealm.session")')).toBeNull();
    await screenshot(page, '13-session-expired');
  });

  it('raised no uncaught page errors', () => {
    // Missing optional assets (e.g. a model the CDN does not have) are reported as failed loads,
    // not exceptions; anything else is a bug.
    expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });
});
