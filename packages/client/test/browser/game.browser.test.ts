import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildCdn } from '../../../cdn/src/app';
import { DEFAULT_ASSET_ROOT } from '../../../cdn/src/config';
import { CLOSE_CODES } from '@tilerealm/protocol';
import { GameClient, RestClient } from '@tilerealm/sdk';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { GameApi } from '../../../agents/src/game-api';
import { buildRuntimeApi } from '../../../agents/src/http';
import { AgentRuntime } from '../../../agents/src/runtime';
import { AgentDirectory } from '../../../agents/src/directory';
import { loadPlaces, removeDir, TEST_RUNTIME_SECRET } from '../../../agents/test/runtime-harness';
import type { RunningServer } from '../../../server/src/app/start-server';
import { startServer } from '../../../server/src/app/start-server';
import { ARRIVAL_SEARCH_RADIUS } from '../../../server/src/sim/features/session/arrival';
import { realtimeWorld, wsUrl, type RealtimeWorld } from '../../../server/test/e2e/realtime-harness';
import {
  browserAvailable,
  buildClientForTests,
  launchChromium,
  screenshot,
  tearDown,
  watchCspViolations,
  watchPageErrors,
} from './browser-harness';
import {
  WAIT,
  objectOption,
  point,
  placementsOf,
  positionOf,
  tilePoint,
  walkTo,
  npcNamed,
  finishDialogue,
  carried,
  waitUntil,
  worldViewReady,
  npcOptionOpens,
} from './game-page';
import { checkActivityLog } from './activity-steps';
import { checkLiveMapAndWatch, goalsPausedOf } from './dashboard-steps';
import { freePort } from '../../../server/test/free-port';
import { FakeGameServer } from '../../../sdk/test/fake-server';

/**
 * The built client served by the real server, in Debian's chromium: sign in, create a character, walk,
 * chat, bank, trade with an SDK player, steer an agent on the dashboard (screenshots: artifacts/browser/).
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
  let cspViolations: string[];
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
      AGENT_RUNTIME_SECRET: TEST_RUNTIME_SECRET,
    });
    server = await startServer(world.env, { publicDir: client.dir });
    const api = new GameApi(server.url);
    agentsDir = await mkdtemp(join(tmpdir(), 'tilerealm-browser-agents-'));
    runtime = await AgentRuntime.open({
      api,
      directory: new AgentDirectory(server.url, TEST_RUNTIME_SECRET),
      worldId: 1,
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
    cspViolations = await watchCspViolations(page);
  }, 180_000);

  afterAll(async () => {
    await tearDown([
      ['SDK player', () => bob?.close()],
      ['browser context', () => context?.close()],
      ['browser', () => browser?.close()],
      ['agent runtime', () => runtime?.close()],
      // A request in flight held this close for 40 s once (PostgreSQL): its connections are cut.
      ['agent runtime API', () => [runtimeApi?.close(), runtimeApi?.server.closeAllConnections()][0]],
      ['server', () => server?.close()],
      ['CDN', () => cdn?.close()],
      ['world', () => world?.cleanup()],
      ['client build', () => client?.cleanup()],
      ['agents directory', () => (agentsDir ? removeDir(agentsDir) : undefined)],
    ]);
  }, 420_000);

  it('serves the built client and signs in anonymously, creates a character and enters the world', async () => {
    // The game's socket speaks msgpack (the SDK's default): binary frames both ways.
    const frames: Array<{ dir: 'in' | 'out'; binary: boolean }> = [];
    page.on('websocket', (socket) => {
      if (!new URL(socket.url()).pathname.endsWith('/ws')) return;
      socket.on('framereceived', (f) => frames.push({ dir: 'in', binary: typeof f.payload !== 'string' }));
      socket.on('framesent', (f) => frames.push({ dir: 'out', binary: typeof f.payload !== 'string' }));
    });
    const response = await page.goto(server.url);
    // The page is served under the server's Content-Security-Policy (checked for violations at the end).
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByTestId('sign-in-anonymous').click();
    heroName = `Hero${Date.now() % 100000}`;
    await page.getByTestId('new-character-name').fill(heroName);
    await page.getByTestId('create-character').click();
    await page.getByTestId('player-name').filter({ hasText: heroName }).waitFor({ timeout: WAIT });
    await worldViewReady(page);
    await screenshot(page, '01-entered-world');
    // At the spawn (0, 0), or on the nearest free tile when Guide Lina stood on it (session/arrival.ts).
    const at = await positionOf(page);
    expect(Math.max(Math.abs(at.x), Math.abs(at.z))).toBeLessThanOrEqual(ARRIVAL_SEARCH_RADIUS);
    expect(frames.some((f) => f.dir === 'in')).toBe(true);
    expect(frames.some((f) => f.dir === 'out')).toBe(true);
    expect(frames.filter((f) => !f.binary)).toEqual([]);
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
    await npcOptionOpens(page, wren, /^Trade/, 'shop');
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
    await npcOptionOpens(page, edda, /^Talk-to/, 'dialogue');
    const dialogue = page.getByTestId('dialogue');
    await dialogue.getByRole('button', { name: 'Can I help with anything?' }).click({ timeout: WAIT });
    await dialogue.getByRole('button', { name: 'Twenty feathers, coming up.' }).click({ timeout: WAIT });
    await screenshot(page, '08-dialogue');
    await finishDialogue(page);
    await page.getByTestId('tab-quests').click();
    await page.getByTestId('quest-feathered_fugitives').getByText('In progress').waitFor({ timeout: WAIT });

    // Talking to Edda again with the feathers completes the quest.
    await npcOptionOpens(page, edda, /^Talk-to/, 'dialogue');
    await dialogue.getByRole('button', { name: 'Here you are.' }).click({ timeout: WAIT });
    await finishDialogue(page);
    await page.getByTestId('quest-feathered_fugitives').getByText('Completed').waitFor({ timeout: WAIT });
    expect(await carried(page, 'feather')).toBe(0);
    const told = page.getByTestId('chat-log').getByText(/completed Feathered Fugitives|Quest complete/i);
    await told.first().waitFor({ timeout: WAIT });
    expect(await told.count()).toBe(1); // told once (the server's chat line), not twice
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
    const goalState = (): Promise<boolean> => goalsPausedOf(server.url, agentId, token);

    await checkLiveMapAndWatch(page, agentId, server);

    await page.getByTestId(`agent-pause-${agentId}`).click();
    await page.getByTestId(`agent-status-${agentId}`).getByText('paused').waitFor({ timeout: WAIT });
    expect(await goalState()).toBe(true);
    await screenshot(page, '11b-dashboard-paused');

    await page.getByTestId(`agent-resume-${agentId}`).click();
    await page.getByTestId(`agent-status-${agentId}`).getByText('running').waitFor({ timeout: WAIT });
    expect(await goalState()).toBe(false);
    await screenshot(page, '12-dashboard-resumed');
    await checkActivityLog(page, agentId);
  });

  it('shows the world list before entering, remembers the choice, and explains refused logins', async () => {
    // The world list is stubbed in the page (world 1 is this server; world 4 a fake world that
    // refuses with 4011, then 4012 to the takeover); without it the client plays here, as above.
    const fake = await FakeGameServer.start();
    fake.behaviour.onConnect = (conn) =>
      conn.query.get('takeover') === '1'
        ? conn.ws.close(CLOSE_CODES.worldFull, 'world_full')
        : conn.ws.close(CLOSE_CODES.loggedInElsewhere, 'logged_in_elsewhere: world 1');
    const entry = (id: number, address: string, extra: object) => ({
      ...{ id, name: `World ${id}`, address, population: 0, capacity: 2000, activity: '' },
      ...extra,
    });
    const worlds = [
      entry(1, wsUrl(server), { population: 523, activity: 'Trade', status: 'online', current: true }),
      entry(2, wsUrl(server), { status: 'offline' }),
      entry(3, wsUrl(server), { population: 2000, status: 'full' }),
      entry(4, fake.url, { population: 7, status: 'online' }),
    ];
    await page.route('**/api/v1/worlds', (route) => route.fulfill({ json: { worlds } }));
    try {
      await page.goto(`${server.url}/#/characters`);
      await page.evaluate('localStorage.removeItem("tilerealm.world")');
      await page.reload();
      const row = (id: number) => page.getByTestId(`world-${id}`);
      await row(1).waitFor({ timeout: WAIT });
      const cells = (id: number) => row(id).locator('span').allInnerTexts();
      expect(await cells(1)).toEqual(['1', '523 players', 'Trade']);
      expect(await cells(3)).toEqual(['3', 'FULL', 'World 3']);
      expect(await row(2).getAttribute('aria-disabled')).toBe('true');
      expect(await row(1).getAttribute('aria-selected')).toBe('true');
      await row(2).click({ force: true }); // greyed out: the click changes nothing
      expect(await row(2).getAttribute('aria-selected')).toBe('false');
      await row(4).click();
      expect(await row(4).getAttribute('aria-selected')).toBe('true');
      expect(await page.evaluate('localStorage.getItem("tilerealm.world")')).toBe('4');
      await screenshot(page, '13-world-switcher');

      await page.getByTestId(`play-${heroName}`).click();
      await page
        .getByTestId('world-refusal')
        .getByText('You are logged in on world 1')
        .waitFor({ timeout: WAIT });
      await page.getByTestId('world-takeover').click();
      await page
        .getByTestId('world-refusal')
        .getByText(/World 4 is full/)
        .waitFor({ timeout: WAIT });
      expect(fake.connections.map((c) => c.query.get('takeover'))).toEqual([null, '1']);

      await page.goto(`${server.url}/#/characters`);
      await row(1).click();
      await page.getByTestId(`play-${heroName}`).click();
      await page.getByTestId('player-name').filter({ hasText: heroName }).waitFor({ timeout: WAIT });
    } finally {
      await page.unroute('**/api/v1/worlds');
      await fake.stop();
    }
  }, 120_000);

  it('played the whole session without a Content-Security-Policy violation', () => {
    expect(cspViolations).toEqual([]);
  });

  it('raised no uncaught page errors', () => {
    // A missing optional asset is a failed load, not an exception; anything else is a bug.
    expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });
});
