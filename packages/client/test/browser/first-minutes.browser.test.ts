import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { browserAvailable, watchPageErrors } from './browser-harness';
import {
  SIZES,
  StepRecorder,
  recordXpDrops,
  slotOf,
  waitForMessage,
  waitForXpDrop,
  xpDrops,
} from './first-minutes-steps';
import { openGameStack, type GameStack } from './game-stack';
import {
  WAIT,
  carried,
  entityOption,
  leftClickOn,
  npcNamed,
  openWindow,
  placedObjectsOf,
  point,
  positionOf,
  tilePoint,
  waitUntil,
  walkTo,
  worldViewReady,
} from './game-page';

/** Where the flow goes: a tree north of Oakhaven, Mirror Lake's shrimps and campfire, the goblins. */
const TREE = 'goblin_scrubland:r0';
const FISHING_SPOT = 'mirror_lake:r0';
const CAMPFIRE = 'mirror_lake:s0';
const BANK_BOOTH = 'oakhaven:s0';

/**
 * A brand-new player's first ten minutes, played through the page only (mouse and keyboard) at
 * 1024x640 and 1280x800: sign in and name the character with Enter, talk to Guide Lina, walk with a
 * click, chop a tree with the left-click default, light a fire, net and cook shrimps, fight a goblin
 * and take its loot, bank, buy in a shop, then the quest journal, skills, world map and settings.
 * After each step: its game-visible result, the layout check of the open window, no page errors,
 * and a screenshot in test-results/first-minutes/<width>x<height>/<nn>-<step>.png.
 */
describe.runIf(browserAvailable())('a new player’s first minutes (chromium)', () => {
  let stack: GameStack;

  beforeAll(async () => {
    // Ticks of 100 ms (test worlds only) keep the walks of the flow short.
    stack = await openGameStack({ TICK_MS: '100' });
  }, 180_000);

  afterAll(() => stack?.close(), 60_000);

  for (const size of SIZES) {
    describe(`at ${size.width}x${size.height}`, () => {
      let page: Page;
      let steps: StepRecorder;

      beforeAll(async () => {
        const context = await stack.browser.newContext({ viewport: size });
        page = await context.newPage();
        steps = new StepRecorder(page, size, watchPageErrors(page));
      });

      afterAll(() => page?.context().close());

      /** Closes the open window with Escape, the pointer over the world (not over a panel). */
      const closeWithEscape = async (testId: string): Promise<void> => {
        await page.keyboard.press('Escape');
        await page.getByTestId(testId).waitFor({ state: 'hidden', timeout: WAIT });
      };
      const objectAt = async (id: string): Promise<{ x: number; z: number; depleted?: boolean }> => {
        const altered: unknown = await page.evaluate(
          `window.__game.world.objects.get(${JSON.stringify(id)})`,
        );
        if (altered) return z.object({ x: z.number(), z: z.number(), depleted: z.boolean() }).parse(altered);
        const area = id.split(':')[0] ?? '';
        const placed = (await placedObjectsOf(area)).find((o) => o.id === id);
        if (!placed) throw new Error(`${id} is not on the map`);
        return placed;
      };

      it('signs in as a new user and names the character with Enter', async () => {
        await page.goto(stack.server.url);
        await page.getByTestId('sign-in-anonymous').click();
        const name = `New${size.width}${Date.now() % 10000}`;
        await page.getByTestId('new-character-name').fill(name);
        await steps.done('name-character');
        await page.getByTestId('new-character-name').press('Enter');
        await page.getByTestId('player-name').filter({ hasText: name }).waitFor({ timeout: WAIT });
        await worldViewReady(page);
        await recordXpDrops(page);
        await steps.done('entered-world');
      }, 60_000);

      it('talks to Guide Lina', async () => {
        const lina = await npcNamed(page, 'guide_lina');
        const dialogue = page.getByTestId('dialogue');
        // She wanders: should she step away before the player reaches her, click her again.
        for (let attempt = 0; attempt < 4 && !(await dialogue.isVisible()); attempt++) {
          await leftClickOn(page, 'Entity', lina, /^Talk-to Guide Lina/);
          await dialogue.waitFor({ timeout: 8_000 }).catch(() => undefined);
        }
        expect(await dialogue.isVisible(), await page.getByTestId('chat-log').innerText()).toBe(true);
        expect(await dialogue.textContent()).toContain('Guide Lina');
        await steps.done('talk-to-guide-lina', 'dialogue');
        await closeWithEscape('dialogue');
      }, 60_000);

      it('walks where the ground is clicked', async () => {
        const start = await positionOf(page);
        // West of the spawn, where no NPC wanders: the click lands on bare ground.
        const target = { x: start.x - 3, z: start.z + 2 };
        const p = await tilePoint(page, target.x, target.z);
        await page.mouse.move(p.x, p.y);
        await waitUntil(
          async () => (await page.getByTestId('hover-text').textContent()) === 'Walk here',
          'the hover text "Walk here"',
        );
        await page.mouse.click(p.x, p.y);
        await waitUntil(async () => {
          const now = await positionOf(page);
          return now.x === target.x && now.z === target.z;
        }, `the walk to ${target.x},${target.z}`);
        await steps.done('walked');
      }, 60_000);

      it('chops a tree with the left-click default', async () => {
        const tree = await objectAt(TREE);
        await walkTo(page, tree.x, tree.z, 3);
        // The other size's player felled it earlier: a tree grows back in 60 ticks.
        await waitUntil(async () => (await objectAt(TREE)).depleted !== true, 'the tree to grow back');
        const seen = (await xpDrops(page)).length;
        await leftClickOn(page, 'Object', TREE, /^Chop down Tree/);
        await waitUntil(async () => (await carried(page, 'logs')) === 1, 'logs in the inventory', 60_000);
        await waitForMessage(page, 'You get some logs.');
        expect(await waitForXpDrop(page, 'Woodcutting', seen)).toContain('+25');
        await page.locator('[data-testid^="inventory-slot-"][data-item-id="logs"]').waitFor();
        await steps.done('chopped-tree');
      }, 120_000);

      it('lights a fire with the tinderbox on the logs', async () => {
        const seen = (await xpDrops(page)).length;
        await page.getByTestId(`inventory-slot-${await slotOf(page, 'tinderbox')}`).click();
        await page.getByTestId(`inventory-slot-${await slotOf(page, 'logs')}`).click();
        await waitForMessage(page, 'You light a fire.', 60_000);
        expect(await carried(page, 'logs')).toBe(0);
        expect(await waitForXpDrop(page, 'Firemaking', seen)).toContain('+40');
        const fires = z
          .number()
          .parse(
            await page.evaluate(
              `[...window.__game.world.objects.values()].filter((o) => o.defId === 'fire').length`,
            ),
          );
        expect(fires).toBeGreaterThan(0);
        await steps.done('lit-fire');
      }, 90_000);

      /** Nets shrimps until `count` raw ones are carried (the spot may move away meanwhile). */
      const netShrimps = async (count: number): Promise<void> => {
        // The fishing ends (activity:stopped) when the spot moves away: then it is found and clicked again.
        await page.evaluate(
          `window.__stops = 0; window.__game.on('activity:stopped', () => { window.__stops++; })`,
        );
        const stops = async () => z.number().parse(await page.evaluate('window.__stops'));
        const casts = () =>
          page.locator('.chat-line', { hasText: 'You attempt to catch some fish.' }).count();
        const enough = async () => (await carried(page, 'raw_shrimps')) >= count;
        for (let attempt = 0; attempt < 6 && !(await enough()); attempt++) {
          const spot = await objectAt(FISHING_SPOT);
          await walkTo(page, spot.x, spot.z, 4);
          const stopped = await stops();
          const cast = await casts();
          await leftClickOn(page, 'Object', FISHING_SPOT, /^Net Fishing spot/, {
            menuWhenCovered: true,
          });
          // A click that did not start the fishing (a refusal, a spot that moved meanwhile) is
          // answered by finding the spot and clicking again, as a player would.
          const started = await waitUntil(
            async () => (await casts()) > cast || (await enough()) || (await stops()) > stopped,
            'the net cast',
            10_000,
          ).then(
            () => true,
            () => false,
          );
          if (!started) continue;
          await waitUntil(
            async () => (await enough()) || (await stops()) > stopped,
            `${count} raw shrimps`,
            40_000,
          ).catch(() => undefined);
        }
        const chat = (await page.locator('.chat-line').allTextContents()).slice(-8).join('\n');
        expect(await carried(page, 'raw_shrimps'), chat).toBeGreaterThanOrEqual(count);
      };

      it('nets shrimps at Mirror Lake', async () => {
        const seen = (await xpDrops(page)).length;
        await netShrimps(2);
        await waitForMessage(page, 'You catch some shrimps.');
        expect(await waitForXpDrop(page, 'Fishing', seen)).toContain('+10');
        await steps.done('caught-shrimps');
      }, 240_000);

      it('cooks the shrimps on the campfire', async () => {
        // The new player starts with two cooked shrimps; half the first catches burn at level 1,
        // so cook (and fish again) until one more is cooked.
        const start = await carried(page, 'shrimps');
        const seen = (await xpDrops(page)).length;
        for (let round = 0; round < 5 && (await carried(page, 'shrimps')) === start; round++) {
          if (round > 0) await netShrimps(2);
          const fire = await objectAt(CAMPFIRE);
          await walkTo(page, fire.x, fire.z, 4);
          await page.getByTestId(`inventory-slot-${await slotOf(page, 'raw_shrimps')}`).click();
          await leftClickOn(page, 'Object', CAMPFIRE, /^Use Raw shrimps -> Fire/);
          await waitUntil(
            async () => (await carried(page, 'raw_shrimps')) === 0,
            'every shrimp cooked or burnt',
          );
        }
        expect(await carried(page, 'shrimps')).toBeGreaterThan(start);
        await waitForMessage(page, 'You cook the shrimps.');
        expect(await waitForXpDrop(page, 'Cooking', seen)).toContain('+30');
        await steps.done('cooked-shrimps');
      }, 300_000);

      it('fights a goblin to the death and takes its loot', async () => {
        await walkTo(page, -5, -40, 4);
        const nearest = await npcNamed(page, 'goblin');
        const seen = (await xpDrops(page)).length;
        // The goblin of the own first swing (combat:hit events, as the client receives them): with
        // goblins crowding, the one under the pointer may be another than the nearest.
        await page.evaluate(
          `window.__fought = null; window.__game.on('combat:hit', (h) => { if (window.__fought || h.attackerId !== window.__game.selfId) return; const e = [...window.__game.world.entities.values()].find((o) => o.id === h.targetId); if (e && e.npcId === 'goblin') window.__fought = h.targetId; })`,
        );
        // What the server answered meanwhile, for the message of a fight that never starts.
        await page.evaluate(
          `window.__answers = []; for (const name of ['ack', 'error', 'activity:stopped']) window.__game.on(name, (data, meta) => { window.__answers.push([name, meta?.rid, data]); })`,
        );
        const fought = async () =>
          z
            .string()
            .nullable()
            .parse(await page.evaluate('window.__fought'));
        for (let attempt = 0; attempt < 5 && (await fought()) === null; attempt++) {
          // A left-click does what is under the pointer when it lands: a goblin that stepped off
          // (or a camera still following a walk) turns it into a walk, as it did in CI five times
          // running. The next tries go through the right-click menu, fixed when it opens.
          if (attempt === 0) await leftClickOn(page, 'Entity', nearest, /^Attack Goblin/);
          else
            await entityOption(page, await npcNamed(page, 'goblin'), /^Attack Goblin/).catch(() => undefined);
          await waitUntil(async () => (await fought()) !== null, 'a swing at a goblin', 10_000).catch(
            () => undefined,
          );
        }
        const goblin = await fought();
        if (goblin === null) {
          const where = await page.evaluate(
            `JSON.stringify({ me: window.__game.world.position, goblins: [...window.__game.world.entities.values()].filter((e) => e.npcId === 'goblin').map((e) => [e.id, e.x, e.z]), answers: window.__answers.slice(-12) })`,
          );
          throw new Error(
            `no swing at a goblin after 5 attacks (${String(where)}); chat:\n${await page.getByTestId('chat-log').innerText()}`,
          );
        }
        await page.getByTestId('hit-splat').first().waitFor({ state: 'attached', timeout: WAIT });
        await steps.done('fighting-goblin');
        const inView = async () =>
          (await page.evaluate(
            `[...window.__game.world.entities.values()].some((e) => e.id === ${JSON.stringify(goblin)})`,
          )) === true;
        await waitUntil(async () => !(await inView()), 'the goblin to die', 90_000);
        await waitForXpDrop(page, 'Constitution', seen);
        // Its bones lie where it fell: take them from the option menu of that tile.
        const bonesAt = async () =>
          z
            .object({ x: z.number(), z: z.number() })
            .optional()
            .parse(
              await page.evaluate(
                `[...window.__game.world.groundItems.values()].find((g) => g.itemId === 'bones')`,
              ),
            );
        await waitUntil(async () => (await bonesAt()) !== undefined, 'the goblin’s bones on the ground');
        const menu = page.getByTestId('context-menu');
        for (let attempt = 0; attempt < 10 && (await carried(page, 'bones')) === 0; attempt++) {
          const bones = await bonesAt();
          const at =
            bones &&
            point.safeParse(await page.evaluate(`window.__worldView.projectTile(${bones.x}, ${bones.z})`));
          if (!at?.success) throw new Error('the bones are not on screen');
          await page.mouse.click(at.data.x, at.data.y, { button: 'right' });
          const take = menu.getByRole('menuitem', { name: /^Take Bones/ });
          if ((await take.count()) === 0) {
            await page.keyboard.press('Escape');
            continue;
          }
          await take.first().click();
          await waitUntil(
            async () => (await carried(page, 'bones')) > 0,
            'the bones in the inventory',
            10_000,
          ).catch(() => undefined);
        }
        expect(await carried(page, 'bones')).toBe(1);
        await steps.done('took-loot');
      }, 180_000);

      it('opens the bank at the booth and deposits the bones', async () => {
        const booth = await objectAt(BANK_BOOTH);
        await walkTo(page, booth.x, booth.z, 5);
        await leftClickOn(page, 'Object', BANK_BOOTH, /^Bank Bank booth/);
        await page.getByTestId('bank').waitFor({ timeout: WAIT });
        await page.getByTestId(`bank-inventory-slot-${await slotOf(page, 'bones')}`).click();
        await waitUntil(async () => (await carried(page, 'bones')) === 0, 'the bones to leave the inventory');
        await waitUntil(
          async () =>
            (await page.evaluate(`(window.__game.world.bank ?? []).some((s) => s.itemId === 'bones')`)) ===
            true,
          'the bones in the bank',
        );
        await page.getByTestId('bank').getByText(/Bones/).first().waitFor({ timeout: WAIT });
        await steps.done('bank-deposit', 'bank');
        await closeWithEscape('bank');
      }, 120_000);

      it('buys an apple in the general store', async () => {
        await walkTo(page, 7, -10, 4);
        const marla = await npcNamed(page, 'shopkeeper_marla');
        await openWindow(page, 'shop', () => entityOption(page, marla, /^Trade/));
        const coins = async () => z.number().parse(await page.evaluate('window.__game.world.player.coins'));
        const before = await coins();
        await page.getByTestId('shop-item-apple').click({ button: 'right' });
        await page
          .getByTestId('context-menu')
          .getByRole('menuitem', { name: /^Buy-1\b/ })
          .click();
        await waitUntil(async () => (await carried(page, 'apple')) === 1, 'an apple in the inventory');
        expect(await coins()).toBeLessThan(before);
        await steps.done('shop-buy', 'shop');
        await closeWithEscape('shop');
      }, 120_000);

      it('opens the quest journal', async () => {
        await page.getByTestId('world-canvas').focus();
        await page.keyboard.press('q');
        const journal = page.getByTestId('panel-quests');
        await journal.waitFor({ state: 'visible', timeout: WAIT });
        // The tutorial heads the journal; opening it says where a new player starts it.
        const tutorial = journal.locator('[data-quest="first_steps"]');
        expect(await journal.locator('[data-quest]').first().getAttribute('data-quest')).toBe('first_steps');
        expect(await tutorial.textContent()).toContain('First Steps');
        await tutorial.locator('[data-quest-toggle]').click();
        const start = tutorial.getByTestId('quest-start');
        await start.waitFor({ timeout: WAIT });
        expect(await start.textContent()).toContain('Guide Lina');
        await steps.done('quest-journal', 'panel-quests');
      }, 60_000);

      it('opens the skills panel, with the XP of the first minutes', async () => {
        await page.getByTestId('tab-skills').click();
        await page.getByTestId('panel-skills').waitFor({ state: 'visible', timeout: WAIT });
        for (const skill of ['woodcutting', 'firemaking', 'fishing', 'cooking'])
          expect(await page.getByTestId(`skill-${skill}`).getAttribute('title')).toMatch(/: [1-9][\d,]* xp/);
        await steps.done('skills', 'panel-skills');
      }, 60_000);

      it('opens the world map, with the player on it', async () => {
        await page.getByTestId('open-world-map').click();
        await page.getByTestId('world-map').waitFor({ state: 'visible', timeout: WAIT });
        const canvas = page.getByTestId('world-map-canvas');
        await waitUntil(
          async () => (await canvas.getAttribute('data-player-x')) !== null,
          'the player marker',
        );
        await steps.done('world-map', 'world-map');
        await closeWithEscape('world-map');
      }, 60_000);

      it('opens the settings', async () => {
        await page.getByTestId('open-settings').click();
        await page.getByTestId('setting-roofs').waitFor({ state: 'visible', timeout: WAIT });
        await steps.done('settings', 'settings');
        await page.getByTestId('settings-close').click();
        await page.getByTestId('settings').waitFor({ state: 'hidden', timeout: WAIT });
        expect(steps.files).toHaveLength(16);
      }, 60_000);
    });
  }
});
