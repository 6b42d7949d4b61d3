import { RestClient } from '@tilerealm/sdk';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RunningServer } from '../../../server/src/app/start-server';
import { browserAvailable, screenshot, watchPageErrors } from './browser-harness';
import { openGameStack, type GameStack } from './game-stack';
import { WAIT, waitUntil, worldViewReady } from './game-page';
import { layoutProblems } from './layout-check';

const SIZES = [
  { width: 1024, height: 640 },
  { width: 1280, height: 800 },
] as const;
/** Characters ranked above the viewer on total level: more than a page (25 rows). */
const FILLERS = 26;

/**
 * The hiscores page in chromium: reached from the sign-in screen without a session, and from the
 * character screen signed in; ranked rows, paging to the viewer's own (highlighted) row, a skill
 * chosen, agents marked; the layout check at 1024x640 and 1280x800. Screenshots:
 * artifacts/browser/hiscores-*.png.
 */
describe.runIf(browserAvailable())('hiscores page (chromium)', () => {
  let stack: GameStack;
  let server: RunningServer;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    stack = await openGameStack();
    ({ server } = stack);
    const owner = await server.repos.users.createAnonymous();
    const seed = async (name: string, fields: Record<string, number>): Promise<string> => {
      const made = await server.repos.characters.create({ accountId: owner.id, name, ...fields });
      if (!made.ok) throw new Error(`could not create ${name}`);
      return made.character.id;
    };
    await seed('Topaz', { woodcuttingLevel: 50, woodcuttingXp: 101_333 });
    const quartz = await seed('Quartz', { woodcuttingLevel: 30, woodcuttingXp: 13_363 });
    await server.repos.agents.upsert({
      agentId: 'quartz',
      accountId: owner.id,
      characterId: quartz,
      name: 'Quartz',
    });
    for (let i = 0; i < FILLERS; i++) await seed(`Filler${i}`, { attackLevel: 2, attackXp: 83 });
    page = await stack.browser.newPage({ viewport: SIZES[0] });
    errors = watchPageErrors(page);
  }, 180_000);

  afterAll(() => stack?.close(), 60_000);

  /** The rows' cells (and the name cell's badges) joined by spaces: "2 Quartz agent 59 ...". */
  const rowTexts = async (selector = '[data-testid="hiscores-row"]'): Promise<string[]> =>
    z
      .array(z.string())
      .parse(
        await page.evaluate(
          `[...document.querySelectorAll(${JSON.stringify(selector)})].map((tr) => [...tr.children].map((td) => [...td.childNodes].map((n) => n.textContent.trim()).join(' ')).join(' '))`,
        ),
      );
  const statusSays = (text: RegExp) =>
    waitUntil(
      async () => text.test((await page.getByTestId('hiscores-status').textContent()) ?? ''),
      `the hiscores status to match ${text}`,
    );

  async function checkLayout(step: string): Promise<void> {
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await screenshot(page, `hiscores-${step}-${size.width}x${size.height}`);
      expect(await layoutProblems(page, 'hiscores'), `${step} at ${size.width}x${size.height}`).toEqual([]);
    }
    await page.setViewportSize(SIZES[0]);
  }

  it('opens from the sign-in screen without a session and lists ranked rows', async () => {
    await page.goto(`${server.url}/#/`);
    await page.getByTestId('signin-hiscores').click({ timeout: WAIT });
    await page.getByTestId('hiscores').waitFor({ timeout: WAIT });
    await statusSays(/Total level: 28 ranked/);
    const texts = await rowTexts();
    expect(texts).toHaveLength(25);
    // Total levels (21 for a new character): Topaz 70, Quartz 50, the fillers 22 each (sharing rank 3).
    expect(texts[0]).toMatch(/^1 Topaz 70 /);
    expect(texts[1]).toMatch(/^2 Quartz agent 50 /);
    expect(texts[2]).toMatch(/^3 Filler\d+ 22 /);
    expect(await page.locator('[data-own="true"]').count()).toBe(0);
    await checkLayout('signed-out');
  });

  it('highlights the viewer’s own row on its page, signed in, and shows one skill', async () => {
    const rest = new RestClient(server.url);
    const session = await rest.anonymous();
    await rest.createPlayer('Viewer');
    const stored = JSON.stringify(JSON.stringify({ token: session.token, accountId: session.accountId }));
    await page.evaluate(`localStorage.setItem('tilerealm.session', ${stored})`);
    await page.goto(`${server.url}/#/`);
    await page.getByTestId('character-list').getByText('Viewer').waitFor({ timeout: WAIT });
    await page.getByRole('link', { name: 'Hiscores' }).click();
    await statusSays(/Total level: 29 ranked/);
    await page.getByTestId('hiscores-next').click();
    await waitUntil(
      async () => (await page.getByTestId('hiscores-page').textContent()) === 'Page 2 of 2',
      'the second page',
    );
    await page.locator('[data-own="true"]').waitFor({ timeout: WAIT });
    expect(await rowTexts('[data-own="true"]')).toEqual([expect.stringMatching(/^29 Viewer you 21 /)]);
    expect(page.url()).toContain('#/hiscores?skill=total&page=2');
    await checkLayout('own-row');

    await page.getByTestId('hiscores-skill').selectOption('woodcutting');
    await statusSays(/Woodcutting: 29 ranked/);
    const texts = await rowTexts();
    expect(texts[0]).toMatch(/^1 Topaz 50 101,333 /);
    expect(texts[1]).toMatch(/^2 Quartz agent 30 13,363 /);
    expect(await page.getByTestId('hiscores-page').textContent()).toBe('Page 1 of 2');
    await checkLayout('woodcutting');
  });

  it('opens from the game screen’s top bar', async () => {
    await page.goto(`${server.url}/#/`);
    await page.getByTestId('play-Viewer').click({ timeout: WAIT });
    await worldViewReady(page);
    const link = page.getByTestId('topbar-hiscores');
    for (const size of SIZES) {
      await page.setViewportSize(size);
      const box = await link.boundingBox();
      expect(box, `the top bar link at ${size.width}x${size.height}`).not.toBeNull();
      if (box) expect(box.x + box.width).toBeLessThanOrEqual(size.width);
    }
    await page.setViewportSize(SIZES[0]);
    await screenshot(page, 'hiscores-game-topbar');
    await link.click();
    await statusSays(/Total level: 29 ranked/);
    expect(await rowTexts()).toHaveLength(25);
  }, 120_000);

  it('raised no page errors', () => {
    expect(errors).toEqual([]);
  });
});
