import { RestClient } from '@tilerealm/sdk';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RunningServer } from '../../../server/src/app/start-server';
import { browserAvailable, screenshot, watchPageErrors } from './browser-harness';
import { openGameStack, type GameStack } from './game-stack';
import { waitUntil, worldViewReady } from './game-page';

/**
 * The minimap, compass, world map and settings in chromium at 1024x640: the map turns with the
 * camera and the compass turns it back north; the world map opens with its key and closes with
 * Escape; a setting survives a reload.
 */
describe.runIf(browserAvailable())('map and settings (chromium)', () => {
  let stack: GameStack;
  let server: RunningServer;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    stack = await openGameStack();
    ({ server } = stack);
    const rest = new RestClient(server.url);
    const session = await rest.anonymous();
    const { player } = await rest.createPlayer('Mapper');
    const context = await stack.browser.newContext({ viewport: { width: 1024, height: 640 } });
    const stored = JSON.stringify(JSON.stringify({ token: session.token, accountId: session.accountId }));
    await context.addInitScript(
      `if (!localStorage.getItem('tilerealm.session')) localStorage.setItem('tilerealm.session', ${stored});`,
    );
    page = await context.newPage();
    errors = watchPageErrors(page);
    await page.goto(`${server.url}/#/play/${player.id}`);
    await worldViewReady(page);
  }, 180_000);

  afterAll(() => stack?.close(), 60_000);

  const rotation = async (): Promise<number> =>
    z.coerce.number().parse(await page.getByTestId('minimap').getAttribute('data-rotation'));

  it('turns the minimap with the camera and back to north with the compass', async () => {
    const before = await rotation();
    await page.getByTestId('world-canvas').focus();
    await page.keyboard.down('ArrowLeft');
    await waitUntil(async () => Math.abs((await rotation()) - before) > 0.3, 'the minimap to turn');
    await page.keyboard.up('ArrowLeft');
    await page.getByTestId('compass').click();
    await waitUntil(async () => (await rotation()) === 0, 'the minimap to face north');
    await screenshot(page, 'guide-01-minimap-north');
  });

  it('opens the world map with its key, with the player on it, and closes it with Escape', async () => {
    await page.getByTestId('world-canvas').focus();
    await page.keyboard.press('m');
    const map = page.getByTestId('world-map');
    await map.waitFor({ state: 'visible', timeout: 10_000 });
    const canvas = page.getByTestId('world-map-canvas');
    await waitUntil(async () => (await canvas.getAttribute('data-player-x')) !== null, 'the player marker');
    const box = await map.boundingBox();
    expect(box && box.x >= 0 && box.y >= 0 && box.x + box.width <= 1024 && box.y + box.height <= 640).toBe(
      true,
    );
    await screenshot(page, 'guide-02-world-map');
    await page.keyboard.press('Escape');
    await map.waitFor({ state: 'hidden', timeout: 10_000 });
  });

  it('opens the quest journal with its key and shows where a quest starts and its rewards', async () => {
    await page.getByTestId('world-canvas').focus();
    await page.keyboard.press('q');
    await page.getByTestId('panel-quests').waitFor({ state: 'visible', timeout: 10_000 });
    await page.locator('[data-quest-toggle="founders_feast"]').click();
    const guide = page.getByTestId('quest-guide-founders_feast');
    await expect
      .poll(() => guide.getByTestId('quest-start').textContent())
      .toBe('Talk to Bertram in Oakhaven.');
    expect(await guide.getByTestId('quest-rewards').textContent()).toContain("Chef's hat");
    // Typing in the chat is not a panel key.
    await page.getByTestId('tab-inventory').click();
    await page.getByTestId('chat-input').fill('');
    await page.getByTestId('chat-input').press('q');
    expect(await page.getByTestId('panel-inventory').isVisible()).toBe(true);
    await page.getByTestId('chat-input').fill('');
    await screenshot(page, 'guide-03-journal');
  });

  it('keeps a setting across a reload', async () => {
    await page.getByTestId('open-settings').click();
    await page.getByTestId('setting-roofs').uncheck();
    await screenshot(page, 'guide-04-settings');
    await page.reload();
    await worldViewReady(page);
    await page.getByTestId('open-settings').click();
    expect(await page.getByTestId('setting-roofs').isChecked()).toBe(false);
    expect(errors).toEqual([]);
  });
});
