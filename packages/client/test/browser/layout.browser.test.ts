import { GameClient, RestClient } from '@tilerealm/sdk';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RunningServer } from '../../../server/src/app/start-server';
import { wsUrl } from '../../../server/test/e2e/realtime-harness';
import { browserAvailable, screenshot, watchPageErrors } from './browser-harness';
import { openGameStack, type GameStack } from './game-stack';
import {
  WAIT,
  carried,
  entityOption,
  npcNamed,
  objectOption,
  openWindow,
  placementsOf,
  positionOf,
  waitUntil,
  walkTo,
  worldViewReady,
} from './game-page';
import { layoutProblems } from './layout-check';

const ADMIN_CODE = 'layout-test-admin-code';
const SIZES = [
  { width: 1024, height: 640 },
  { width: 1280, height: 800 },
] as const;

/**
 * The windows at 1024x640 and 1280x800: no two panes of an open window overlap, every control is on
 * screen (or inside a visible scroll box) and is what the pointer hits there; Enter and Esc; the
 * bank moves the item clicked; the chat keeps its lines across a reload. Screenshots:
 * artifacts/browser/layout-*.png.
 */
describe.runIf(browserAvailable())('window layout (chromium)', () => {
  let stack: GameStack;
  let server: RunningServer;
  let page: Page;
  let errors: string[];
  let bob: GameClient | undefined;
  let heroName = '';

  beforeAll(async () => {
    stack = await openGameStack({ ADMIN_CODE });
    ({ server } = stack);
    page = await stack.browser.newPage({ viewport: SIZES[0] });
    errors = watchPageErrors(page);
  }, 180_000);

  afterAll(async () => {
    await bob?.close();
    await stack?.close();
  }, 60_000);

  /** Checks an open window at both sizes, with a screenshot of each. */
  async function checkWindow(testId: string, step: string): Promise<void> {
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await screenshot(page, `layout-${step}-${size.width}x${size.height}`);
      expect(await layoutProblems(page, testId), `${step} at ${size.width}x${size.height}`).toEqual([]);
    }
    await page.setViewportSize(SIZES[0]);
  }

  /** Moves the browser player with the admin command `/tele` (to save walking time). */
  async function teleport(x: number, z: number): Promise<void> {
    await page.evaluate(`window.__game.act('player:chat', { message: '/tele ${x} ${z}' })`);
    await waitUntil(async () => {
      const at = await positionOf(page);
      return at.x === x && at.z === z;
    }, `the teleport to ${x},${z}`);
  }

  async function closeWithEscape(testId: string): Promise<void> {
    await page
      .locator('canvas')
      .first()
      .hover({ position: { x: 5, y: 5 } })
      .catch(() => undefined);
    await page.keyboard.press('Escape');
    await page.getByTestId(testId).waitFor({ state: 'hidden', timeout: WAIT });
  }

  it('creates a character with Enter, explaining a refused name in plain words', async () => {
    await page.goto(server.url);
    await page.getByTestId('sign-in-anonymous').click();
    const name = page.getByTestId('new-character-name');
    await name.fill('no!good');
    await name.press('Enter');
    const error = page.locator('.card .error');
    await error.getByText(/That name cannot be used/).waitFor({ timeout: WAIT });
    expect(await error.textContent()).not.toMatch(/validation_failed|body\//);
    heroName = `Lay${Date.now() % 100000}`;
    await name.fill(heroName);
    await name.press('Enter');
    await page.getByTestId('player-name').filter({ hasText: heroName }).waitFor({ timeout: WAIT });
    await worldViewReady(page);
    await page.evaluate(`window.__game.act('player:chat', { message: '/admin ${ADMIN_CODE}' })`);
  });

  it('lays out the trade request and both trade screens; Esc declines the trade', async () => {
    const rest = new RestClient(server.url);
    await rest.anonymous();
    await rest.createPlayer('Tess');
    bob = await GameClient.connect({ url: wsUrl(server), token: rest.token });
    const other = bob;
    const here = await positionOf(page);
    await other.request('player:move', { x: here.x + 1, z: here.z });
    await waitUntil(async () => {
      const s = await other.request('player:requestSync', {});
      return s.player.position.x === here.x + 1 && s.player.position.z === here.z;
    }, 'Tess to arrive');
    const heroId = z.string().parse(await page.evaluate('window.__game.selfId'));
    const started = other.waitFor('tradeStarted', undefined, WAIT);
    await other.request('tradeRequest', { targetPlayerId: heroId });
    await page.getByTestId('trade-incoming').waitFor({ timeout: WAIT });
    await checkWindow('trade-incoming', 'trade-request');
    await page.getByTestId('trade-accept-request').click();
    await page.getByTestId('trade-screen-1').waitFor({ timeout: WAIT });
    const { tradeId } = await started;
    await other.request('tradeAddCoins', { tradeId, quantity: 10 });
    await page.getByTestId('trade-their-offer').getByText(/coins/i).waitFor({ timeout: WAIT });
    await checkWindow('trade', 'trade-offers');
    await page.getByTestId('trade-accept').click();
    await other.request('tradeAccept', { tradeId });
    await page.getByTestId('trade-screen-2').waitFor({ timeout: WAIT });
    await checkWindow('trade', 'trade-confirm');
    const cancelled = other.waitFor('tradeCancelled', undefined, WAIT);
    await closeWithEscape('trade');
    await cancelled;
  });

  it('lays out a dialogue; Esc closes it', async () => {
    const lina = await npcNamed(page, 'guide_lina');
    await openWindow(page, 'dialogue', () => entityOption(page, lina, /^Talk-to/));
    await checkWindow('dialogue', 'dialogue');
    await closeWithEscape('dialogue');
  });

  it('lays out the bank and the amount box; a click withdraws the item under the pointer', async () => {
    const booth = (await placementsOf('oakhaven')).bankBooths[0];
    if (!booth) throw new Error('Oakhaven has no bank booth');
    await walkTo(page, booth.x, booth.z, 3);
    await openWindow(page, 'bank', () => objectOption(page, booth.id, /^Bank/));
    const bank = page.getByTestId('bank');
    // Two items into the bank: the bread (slot 6), then the bronze pickaxe (slot 3).
    for (const [slot, itemId] of [
      [6, 'bread'],
      [3, 'bronze_pickaxe'],
    ] as const) {
      await page.getByTestId(`bank-inventory-slot-${slot}`).click();
      await waitUntil(async () => (await carried(page, itemId)) === 0, `the ${itemId} to be banked`);
    }
    await checkWindow('bank', 'bank');
    // A click in the middle of the pickaxe's bank cell withdraws the pickaxe, and nothing else.
    const pickaxeSlot = z
      .number()
      .parse(await page.evaluate(`window.__game.world.bank.find((s) => s.itemId === 'bronze_pickaxe').slot`));
    const cell = page.getByTestId(`bank-slot-${pickaxeSlot}`);
    await cell.scrollIntoViewIfNeeded();
    const box = await cell.boundingBox();
    if (!box) throw new Error('the pickaxe cell is not drawn');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await waitUntil(async () => (await carried(page, 'bronze_pickaxe')) === 1, 'the pickaxe to be withdrawn');
    expect(await carried(page, 'bread')).toBe(0);

    // Withdraw-X opens the amount box; Esc cancels the box only, the next Esc closes the bank.
    const breadSlot = z
      .number()
      .parse(await page.evaluate(`window.__game.world.bank.find((s) => s.itemId === 'bread').slot`));
    await page.getByTestId(`bank-slot-${breadSlot}`).click({ button: 'right' });
    await page
      .getByTestId('context-menu')
      .getByRole('menuitem', { name: /^Withdraw-X/ })
      .click();
    await page.getByTestId('quantity-input').waitFor({ timeout: WAIT });
    await checkWindow('bank', 'bank-amount');
    await page.getByTestId('quantity-input').press('Escape');
    await page.getByTestId('quantity-input').waitFor({ state: 'detached', timeout: WAIT });
    expect(await bank.isVisible()).toBe(true);
    await closeWithEscape('bank');
  }, 90_000);

  it('lays out a shop; Esc closes it', async () => {
    // Wren's shop, in the open east of Oakhaven.
    await teleport(42, 4);
    const wren = await npcNamed(page, 'fletcher_wren');
    await openWindow(page, 'shop', () => entityOption(page, wren, /^Trade/));
    await checkWindow('shop', 'shop');
    await closeWithEscape('shop');
  }, 90_000);

  it('keeps the chat lines across a reload', async () => {
    await page.getByTestId('chat-input').fill('remember me');
    await page.getByTestId('chat-input').press('Enter');
    await page.getByTestId('chat-log').getByText('remember me').waitFor({ timeout: WAIT });
    // The page reloads into the game (#/play/<id>): a new connection, the lines from storage.
    await page.reload();
    await page.getByTestId('player-name').filter({ hasText: heroName }).waitFor({ timeout: WAIT });
    await page.getByTestId('chat-log').getByText('remember me').waitFor({ timeout: WAIT });
    await screenshot(page, 'layout-chat-after-reload');
    // The one console error allowed: the browser's own log of the refused name's 400 answer.
    expect(errors.filter((e) => !/status of 400 \(Bad Request\)/.test(e))).toEqual([]);
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
    await screenshot(page, '14-session-expired');
  });
});
