import { serverEvents, XP_TABLE } from '@tilerealm/protocol';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RunningServer } from '../../../server/src/app/start-server';
import { PRAYER } from '../../../server/src/sim/features/prayer/state';
import { browserAvailable, screenshot, watchPageErrors } from './browser-harness';
import { openGameStack, type GameStack } from './game-stack';
import {
  WAIT,
  carried,
  npcOptionOpens,
  objectOption,
  placementsOf,
  waitUntil,
  walkTo,
  worldViewReady,
} from './game-page';

/**
 * The feedback over the world view, in chromium: public chat over the speaker's head, an XP drop
 * and the level-up window after chopping a tree (screenshots: artifacts/browser/feedback-*).
 */
describe.runIf(browserAvailable())('browser feedback (chromium)', () => {
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

  it('shows public chat over the speaker', async () => {
    await page.goto(server.url);
    await page.getByTestId('sign-in-anonymous').click();
    await page.getByTestId('new-character-name').fill(`Feed${Date.now() % 100000}`);
    await page.getByTestId('create-character').click();
    await worldViewReady(page);
    await page.getByTestId('chat-input').fill('Buying logs');
    await page.getByTestId('chat-input').press('Enter');
    const overhead = page.getByTestId('overhead-chat').filter({ hasText: 'Buying logs' });
    await overhead.waitFor({ state: 'visible', timeout: WAIT });
    // It sits above the speaker's own character: measured in one step, as it is up for 3 s only.
    const placed = z
      .object({
        chat: z.object({ x: z.number(), bottom: z.number() }),
        self: z.object({ x: z.number(), y: z.number() }),
      })
      .parse(
        await page.evaluate(`(() => {
          const el = [...document.querySelectorAll('[data-testid="overhead-chat"]')]
            .find((e) => !e.hidden && e.textContent === 'Buying logs');
          const r = el && el.getBoundingClientRect();
          return {
            chat: r && { x: r.left + r.width / 2, bottom: r.bottom },
            self: window.__worldView.projectEntity(window.__game.selfId),
          };
        })()`),
      );
    await screenshot(page, 'feedback-01-overhead-chat');
    expect(Math.abs(placed.chat.x - placed.self.x)).toBeLessThan(40);
    expect(placed.chat.bottom).toBeLessThan(placed.self.y);
    // ...and is gone a few seconds later.
    await overhead.waitFor({ state: 'hidden', timeout: WAIT });
  }, 90_000);

  it('shows an XP drop and the level-up window after chopping a tree', async () => {
    // Two XP short of woodcutting level 2 (83 XP): the first logs (25 XP) level it up.
    const selfId = z.string().parse(await page.evaluate('window.__game.selfId'));
    const player = server.host.world.players.get(selfId);
    if (!player) throw new Error('the browser player is not in the world');
    player.skills.woodcutting = { level: 1, xp: 81 };
    // Drops float for under two seconds: record each one the moment it is added.
    await page.evaluate(`(() => {
      window.__xpDrops = [];
      new MutationObserver((records) => {
        for (const r of records) for (const n of r.addedNodes)
          if (n instanceof HTMLElement && n.dataset.testid === 'xp-drop') window.__xpDrops.push(n.textContent);
      }).observe(document.querySelector('[data-testid="xp-drops"]'), { childList: true });
    })()`);

    const tree = (await placementsOf('whisperwood')).trees[0];
    if (!tree) throw new Error('Whisperwood has no tree');
    await walkTo(page, tree.x, tree.z, 3);
    await objectOption(page, tree.id, /^Chop down/);
    const levelUp = page.getByTestId('level-up-window');
    await levelUp.waitFor({ state: 'visible', timeout: 60_000 });
    await screenshot(page, 'feedback-02-level-up');
    expect(await levelUp.textContent()).toContain('Congratulations, you just advanced a Woodcutting level.');
    expect(await levelUp.textContent()).toContain('Your Woodcutting level is now 2.');
    expect(await carried(page, 'logs')).toBeGreaterThan(0);
    // The server's game messages, each once: the result and the level-up (no second line of the client's).
    const chat = page.getByTestId('chat-log');
    await chat.getByText('You get some logs.').first().waitFor({ timeout: WAIT });
    expect(await chat.getByText(/Congratulations/).count()).toBe(1);
    await waitUntil(
      async () =>
        z
          .array(z.string())
          .parse(await page.evaluate('window.__xpDrops'))
          .some((t) => t.includes('+25') && t.includes('Woodcutting')),
      'a "+25 Woodcutting" XP drop',
    );
    // Escape dismisses the window.
    await page.keyboard.press('Escape');
    await levelUp.waitFor({ state: 'detached', timeout: WAIT });
  }, 120_000);

  it('names loot on the ground', async () => {
    await page
      .locator('[data-testid^="inventory-slot-"][data-item-id="logs"]')
      .first()
      .click({ button: 'right' });
    await page.getByTestId('context-menu').getByRole('menuitem', { name: /^Drop/ }).click();
    await page
      .getByTestId('loot-label')
      .filter({ hasText: 'Logs' })
      .waitFor({ state: 'visible', timeout: WAIT });
    await screenshot(page, 'feedback-03-loot-label');
  }, 60_000);

  it('shows a health bar over a fighter after a hit', async () => {
    // An administrator's `/hit 30` is a hit from no one on the own character (100 life points).
    const say = async (line: string) => {
      await page.getByTestId('chat-input').fill(line);
      await page.getByTestId('chat-input').press('Enter');
    };
    await say('/admin let-me-in-please');
    // The server's own line (no speaker) is in the chat box's game-message style.
    await page
      .getByTestId('chat-log')
      .locator('.chat-game', { hasText: 'admin rights granted' })
      .waitFor({ timeout: WAIT });
    // Only once the rights are granted: the hit.
    await say('/hit 30');
    const bar = page.getByTestId('health-bar');
    await bar.waitFor({ state: 'visible', timeout: WAIT }).catch(async (err: unknown) => {
      const chat = (await page.locator('.chat-line').allTextContents()).slice(-8).join('\n');
      throw new Error(`no health bar after /hit 30; the chat box's last lines:\n${chat}`, { cause: err });
    });
    await screenshot(page, 'feedback-04-health-bar');
    const fill = z.string().parse(await bar.locator('.health-bar-fill').evaluate((el) => el.style.width));
    // 70 of 100 life points left (regeneration may have given one or two back since).
    expect(parseFloat(fill)).toBeGreaterThanOrEqual(70);
    expect(parseFloat(fill)).toBeLessThan(75);
  }, 60_000);

  it('shows an active overhead prayer over the own character', async () => {
    // Prayer level 43 with full points: enough for Aegis of Blades (protection from melee).
    const selfId = z.string().parse(await page.evaluate('window.__game.selfId'));
    const player = server.host.world.players.get(selfId);
    if (!player) throw new Error('the browser player is not in the world');
    player.skills.prayer = { level: 43, xp: XP_TABLE[42] ?? 0 };
    PRAYER.of(player).points = 43;
    await page.evaluate(`window.__game.act('prayer:toggle', { prayerId: 'aegis_of_blades', active: true })`);
    const icon = page.getByTestId('overhead-prayer').locator('[data-prayer="melee"]');
    await icon.waitFor({ state: 'visible', timeout: WAIT });
    await screenshot(page, 'feedback-05-overhead-prayer');
    await page.evaluate(`window.__game.act('prayer:toggle', { prayerId: 'aegis_of_blades', active: false })`);
    await icon.waitFor({ state: 'detached', timeout: WAIT });
  }, 60_000);

  it('lists the rewards in the quest-complete window', async () => {
    // The protocol's own example of the event, sent to the browser player with the next tick.
    const selfId = z.string().parse(await page.evaluate('window.__game.selfId'));
    const event = serverEvents['quest:completed'];
    server.host.world.send(selfId, 'quest:completed', event.schema.parse(event.example));
    const questWindow = page.getByTestId('quest-complete-window');
    await questWindow.waitFor({ state: 'visible', timeout: WAIT });
    await screenshot(page, 'feedback-06-quest-complete');
    const text = await questWindow.innerText();
    for (const line of [
      'You have completed Feathered Fugitives!',
      '1 Quest Point',
      '300 Ranged XP',
      '200 Cooking XP',
    ])
      expect(text).toContain(line);
    expect(text).toMatch(/Green cape/i);
    expect(text).toContain('150 x Coins');
    // A click on the window dismisses it.
    await questWindow.click();
    await questWindow.waitFor({ state: 'detached', timeout: WAIT });
    expect(errors).toEqual([]);
  }, 60_000);

  it('shows the quest-complete window over the dialogue that completes the quest', async () => {
    // Quests end in a conversation: the window must not open under the dialogue box.
    await walkTo(page, 0, 1, 2);
    const lina = z
      .string()
      .parse(
        await page.evaluate(
          `[...window.__game.world.entities.values()].find((e) => e.npcId === 'guide_lina')?.id`,
        ),
      );
    await npcOptionOpens(page, lina, /^Talk-to/, 'dialogue');
    const selfId = z.string().parse(await page.evaluate('window.__game.selfId'));
    const event = serverEvents['quest:completed'];
    server.host.world.send(selfId, 'quest:completed', event.schema.parse(event.example));
    const questWindow = page.getByTestId('quest-complete-window');
    await questWindow.waitFor({ state: 'visible', timeout: WAIT });
    await screenshot(page, 'feedback-07-quest-complete-over-dialogue');
    // What the pointer hits at the window's centre is the window: it is drawn on top.
    const onTop = `(() => { const w = document.querySelector('[data-testid="quest-complete-window"]');
      const r = w.getBoundingClientRect();
      return w.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)); })()`;
    expect(await page.evaluate(onTop)).toBe(true);
    // Clicked away, it leaves the conversation as it was, its answers within reach.
    await questWindow.click();
    await questWindow.waitFor({ state: 'detached', timeout: WAIT });
    const answer = page.getByTestId('dialogue').getByRole('button').first();
    await answer.click({ trial: true, timeout: WAIT });
    await page.keyboard.press('Escape');
    await page.getByTestId('dialogue').waitFor({ state: 'hidden', timeout: WAIT });
    expect(errors).toEqual([]);
  }, 90_000);
});
