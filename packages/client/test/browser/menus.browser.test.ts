import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RunningServer } from '../../../server/src/app/start-server';
import { browserAvailable, screenshot, watchPageErrors } from './browser-harness';
import { openGameStack, type GameStack } from './game-stack';
import { WAIT, carried, point, positionOf, tilePoint, waitUntil, worldViewReady } from './game-page';

const slots = z.array(z.object({ slot: z.number(), itemId: z.string(), quantity: z.number() }));
const marker = z.object({ colour: z.enum(['yellow', 'red']), serial: z.number() }).optional();

/**
 * The option menu and the hover text of the 3D view: loot under the own character is taken from the
 * menu, a pile of three items offers three "Take", the hover text names the left-click default, and
 * the click markers are yellow for a walk and red for an action.
 */
describe.runIf(browserAvailable())('world menus (chromium)', () => {
  let stack: GameStack;
  let server: RunningServer;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    stack = await openGameStack();
    ({ server } = stack);
    page = await stack.browser.newPage({ viewport: { width: 1024, height: 640 } });
    errors = watchPageErrors(page);
  }, 180_000);

  afterAll(() => stack?.close(), 60_000);

  const lastMarker = async () => marker.parse(await page.evaluate('window.__worldView.marker()'));
  const hoverText = () => page.getByTestId('hover-text').textContent();
  const selfPoint = async () =>
    point.parse(await page.evaluate('window.__worldView.projectEntity(window.__game.selfId)'));

  it('enters the world and walks with a yellow marker', async () => {
    await page.goto(server.url);
    await page.getByTestId('sign-in-anonymous').click();
    await page.getByTestId('new-character-name').fill(`Menu${Date.now() % 100000}`);
    await page.getByTestId('create-character').click();
    await worldViewReady(page);
    // West of the spawn, where no NPC wanders: the click lands on bare ground.
    const start = await positionOf(page);
    const target = { x: start.x - 3, z: start.z + 2 };
    const p = await tilePoint(page, target.x, target.z);
    await page.mouse.move(p.x, p.y);
    await waitUntil(async () => (await hoverText()) === 'Walk here', 'the hover text "Walk here"');
    await page.mouse.click(p.x, p.y);
    expect((await lastMarker())?.colour).toBe('yellow');
    await waitUntil(async () => {
      const now = await positionOf(page);
      return now.x === target.x && now.z === target.z;
    }, 'the walk');
  });

  it('offers one "Take" per item of the pile under the own character', async () => {
    const inventory = slots.parse(await page.evaluate('window.__game.world.player.inventory'));
    const picks: typeof inventory = [];
    for (const s of inventory) if (!picks.some((p) => p.itemId === s.itemId)) picks.push(s);
    expect(picks.length).toBeGreaterThanOrEqual(3);
    for (const s of picks.slice(0, 3))
      await page.evaluate(`window.__game.act('inventory:drop', { slot: ${s.slot} })`);
    await waitUntil(
      async () => z.number().parse(await page.evaluate('window.__game.world.groundItems.size')) === 3,
      'three items on the ground',
    );

    const at = await selfPoint();
    await page.mouse.click(at.x, at.y, { button: 'right' });
    const menu = page.getByTestId('context-menu');
    await menu.waitFor({ timeout: WAIT });
    const labels = await menu.getByRole('menuitem').allTextContents();
    await screenshot(page, 'menus-pile-under-self');
    expect(labels.filter((l) => l.startsWith('Take '))).toHaveLength(3);
    expect(labels.slice(3)).toEqual(expect.arrayContaining(['Walk here', 'Cancel']));
    expect(labels.at(-1)).toBe('Cancel');

    // Take the second item of the pile from the menu.
    const second = picks[1]!;
    const had = await carried(page, second.itemId);
    await menu
      .getByRole('menuitem', { name: /^Take / })
      .nth(1)
      .click();
    await waitUntil(async () => (await carried(page, second.itemId)) > had, `${second.itemId} taken back`);
  }, 90_000);

  it('shows the left-click default in the hover text and takes the loot with a left click', async () => {
    await page.keyboard.press('Escape');
    await page.getByTestId('context-menu').waitFor({ state: 'hidden', timeout: WAIT });
    const at = await selfPoint();
    await page.mouse.move(at.x + 1, at.y);
    await waitUntil(
      async () => /^Take .+ \/ \d+ more options$/.test((await hoverText()) ?? ''),
      'the hover text "Take … / n more options"',
    );
    const before = (await lastMarker())?.serial ?? -1;
    await page.mouse.click(at.x + 1, at.y);
    const shown = await lastMarker();
    expect(shown?.serial).toBeGreaterThan(before);
    expect(shown?.colour).toBe('red');
    await waitUntil(
      async () => z.number().parse(await page.evaluate('window.__game.world.groundItems.size')) === 1,
      'one item left on the ground',
    );
  }, 60_000);

  it('shows the bank booth through the roof of the bank and offers "Bank" from outside', async () => {
    const roof = async () =>
      z
        .string()
        .optional()
        .parse(await page.evaluate(`window.__worldView.roofOf('oakhaven:b0')`));
    expect(await roof()).toBe('solid');
    const booth = point.parse(await page.evaluate(`window.__worldView.projectObject('oakhaven:s0')`));
    await page.mouse.move(booth.x, booth.y);
    await waitUntil(async () => (await roof()) === 'see-through', 'the bank to turn see-through');
    await waitUntil(
      async () => /^Bank Bank booth \/ \d+ more options$/.test((await hoverText()) ?? ''),
      'the hover text "Bank Bank booth / n more options"',
    );
    await screenshot(page, 'menus-see-through-bank');
    await page.mouse.click(booth.x, booth.y);
    await page.getByTestId('bank').waitFor({ timeout: WAIT });
    expect(await roof()).toBe('hidden');
    expect(errors).toEqual([]);
  }, 60_000);
});
