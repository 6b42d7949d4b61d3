import { XP_TABLE } from '@tilerealm/protocol';
import { GameClient, RestClient } from '@tilerealm/sdk';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RunningServer } from '../../../server/src/app/start-server';
import { PRAYER } from '../../../server/src/sim/features/prayer/state';
import { wsUrl } from '../../../server/test/e2e/realtime-harness';
import { browserAvailable, screenshot, watchPageErrors } from './browser-harness';
import { openGameStack, type GameStack } from './game-stack';
import { WAIT, placementsOf, positionOf, waitUntil, walkTo, worldViewReady } from './game-page';

const character = z.object({ anim: z.string(), worn: z.array(z.string()), tool: z.string().optional() });

/**
 * Another player as the browser draws it, in chromium: a second (SDK) player equips a sword, prays
 * and chops a tree; the browser player's page shows the sword, the overhead prayer icon and the
 * woodcutting animation with an axe (read from the world view's hook, not from pixels).
 */
describe.runIf(browserAvailable())('other players in the browser (chromium)', () => {
  let stack: GameStack;
  let server: RunningServer;
  let page: Page;
  let errors: string[];
  let bob: GameClient | undefined;

  beforeAll(async () => {
    stack = await openGameStack();
    ({ server } = stack);
    page = await stack.browser.newPage({ viewport: { width: 1024, height: 640 } });
    errors = watchPageErrors(page);
  }, 180_000);

  afterAll(async () => {
    await bob?.close();
    await stack?.close();
  }, 60_000);

  it("draws another player's sword, overhead prayer and woodcutting", async () => {
    await page.goto(server.url);
    await page.getByTestId('sign-in-anonymous').click();
    await page.getByTestId('new-character-name').fill(`Look${Date.now() % 100000}`);
    await page.getByTestId('create-character').click();
    await worldViewReady(page);

    // The tree nearest the spawn: the other player goes there, then the browser player comes near.
    const here = await positionOf(page);
    const dist = (t: { x: number; z: number }) => Math.max(Math.abs(t.x - here.x), Math.abs(t.z - here.z));
    const trees = [...(await placementsOf('oakhaven')).trees, ...(await placementsOf('whisperwood')).trees];
    const tree = trees.sort((a, b) => dist(a) - dist(b))[0];
    if (!tree) throw new Error('no tree near the spawn');

    const rest = new RestClient(server.url);
    await rest.anonymous();
    await rest.createPlayer('Woody');
    bob = await GameClient.connect({ url: wsUrl(server), token: rest.token });
    const other = bob;
    const bobId = z.string().parse(other.welcome?.playerId);
    // It enters the world with the next tick after the welcome.
    await waitUntil(async () => server.host.world.players.has(bobId), 'the SDK player in the world');
    const p = server.host.world.players.get(bobId);
    if (!p) throw new Error('the SDK player is not in the world');
    // Between ticks, as the feedback tests do: a sword, an axe, and prayer 43 with its points.
    p.inventory.add('bronze_sword', 1);
    p.inventory.add('bronze_axe', 1);
    p.skills.prayer = { level: 43, xp: XP_TABLE[42] ?? 0 };
    PRAYER.of(p).points = 43;
    await waitUntil(async () => {
      if (Math.max(Math.abs(p.x - tree.x), Math.abs(p.z - tree.z)) <= 2) return true;
      if (p.path.length === 0) await other.request('player:move', { x: tree.x + 1, z: tree.z });
      return false;
    }, 'the other player at the tree');
    await walkTo(page, tree.x - 1, tree.z - 2, 1);
    const drawn = async () =>
      character
        .optional()
        .parse(await page.evaluate(`window.__worldView.character(${JSON.stringify(bobId)})`));
    // Every animation and tool the page draws for the other player, recorded each frame.
    await page.evaluate(`(() => {
      window.__othersSeen = [];
      const loop = () => {
        const c = window.__worldView && window.__worldView.character(${JSON.stringify(bobId)});
        const key = c ? c.anim + '|' + (c.tool || '') : '';
        if (c && window.__othersSeen[window.__othersSeen.length - 1] !== key) window.__othersSeen.push(key);
        requestAnimationFrame(loop);
      };
      requestAnimationFrame(loop);
    })()`);
    const seen = async () => z.array(z.string()).parse(await page.evaluate('window.__othersSeen'));

    const slot = p.inventory.entries().find((s) => s.itemId === 'bronze_sword')?.slot;
    if (slot === undefined) throw new Error('no sword given');
    await other.request('equipment:equip', { inventorySlot: slot });
    await waitUntil(async () => (await drawn())?.worn.includes('bronze_sword') === true, 'the sword drawn');

    await other.request('prayer:toggle', { prayerId: 'aegis_of_blades', active: true });
    const icon = page.locator(`.overhead[data-entity="${bobId}"] [data-prayer="melee"]`);
    await icon.waitFor({ state: 'visible', timeout: WAIT });

    await other.request('player:action', { action: 'gather', objectId: tree.id });
    await waitUntil(async () => (await seen()).includes('woodcutting|bronze_axe'), 'the other chopping');
    await screenshot(page, 'others-01-chopping');
    expect((await drawn())?.worn).toContain('bronze_sword');

    // Walking away ends the chop; the prayer goes off.
    const at = server.host.world.players.get(bobId);
    await other.request('player:move', { x: (at?.x ?? 0) + 2, z: at?.z ?? 0 });
    await other.request('prayer:toggle', { prayerId: 'aegis_of_blades', active: false });
    await icon.waitFor({ state: 'detached', timeout: WAIT });
    await waitUntil(async () => (await drawn())?.anim === 'idle', 'the other standing idle');
    expect((await drawn())?.tool).toBeUndefined();
    expect(errors).toEqual([]);
  }, 180_000);
});
