/**
 * What the first-minutes browser flow records after each step: a screenshot at a deterministic
 * path (checked to be a written PNG), the layout check of the window open, the XP drops shown.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { z } from 'zod';
import { layoutProblems } from './layout-check';
import { waitUntil } from './game-page';

/** The two screen sizes a new player is played at. */
export const SIZES = [
  { width: 1024, height: 640 },
  { width: 1280, height: 800 },
] as const;
export type Size = (typeof SIZES)[number];

/** test-results/first-minutes/ at the repository root (git-ignored). */
export const RESULTS = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
  '..',
  'test-results',
  'first-minutes',
);

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The steps of one size: each records `<nn>-<step>.png` under `<width>x<height>/`. */
export class StepRecorder {
  private n = 0;
  readonly files: string[] = [];

  constructor(
    private readonly page: Page,
    private readonly size: Size,
    private readonly errors: string[],
  ) {}

  /**
   * After a step: no page or console error so far, the layout check of `windowTestId` (when a
   * window is open), and a screenshot of the viewport, asserted to be a non-empty PNG.
   */
  async done(step: string, windowTestId?: string): Promise<string> {
    const label = `${step} at ${this.size.width}x${this.size.height}`;
    expect(this.errors, `page errors by ${label}`).toEqual([]);
    if (windowTestId) {
      await this.page.getByTestId(windowTestId).waitFor({ state: 'visible', timeout: 10_000 });
      expect(await layoutProblems(this.page, windowTestId), label).toEqual([]);
    }
    this.n++;
    const dir = join(RESULTS, `${this.size.width}x${this.size.height}`);
    await mkdir(dir, { recursive: true });
    const path = join(dir, `${String(this.n).padStart(2, '0')}-${step}.png`);
    await this.page.screenshot({ path });
    const png = await readFile(path);
    expect(png.length, `${path} is empty`).toBeGreaterThan(PNG_SIGNATURE.length);
    expect(png.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE), `${path} is a PNG`).toBe(true);
    this.files.push(path);
    return path;
  }
}

/**
 * Records every XP drop the moment it is shown (they float for under two seconds): the texts
 * collect in `window.__xpDrops`, read with {@link xpDrops}.
 */
export async function recordXpDrops(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    window.__xpDrops = [];
    new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes)
        if (n instanceof HTMLElement && n.dataset.testid === 'xp-drop') window.__xpDrops.push(n.textContent);
    }).observe(document.querySelector('[data-testid="xp-drops"]'), { childList: true });
  })()`);
}

export async function xpDrops(page: Page): Promise<string[]> {
  return z.array(z.string()).parse(await page.evaluate('window.__xpDrops'));
}

/** Waits for an XP drop naming `skill` (e.g. "Woodcutting") shown after `seen` earlier drops. */
export async function waitForXpDrop(page: Page, skill: string, seen: number): Promise<string> {
  let found: string | undefined;
  await waitUntil(async () => {
    found = (await xpDrops(page)).slice(seen).find((t) => t.includes(skill) && /\+\d+/.test(t));
    return found !== undefined;
  }, `an XP drop of ${skill}`);
  return found ?? '';
}

/** Waits for a game message (a line of the chat box) matching `text`. */
export async function waitForMessage(page: Page, text: string | RegExp, ms = 20_000): Promise<void> {
  await page.getByTestId('chat-log').getByText(text).first().waitFor({ timeout: ms });
}

/** The inventory slot holding `itemId` first, from the client's own state. */
export async function slotOf(page: Page, itemId: string): Promise<number> {
  return z
    .number()
    .int()
    .parse(
      await page.evaluate(
        `window.__game.world.player.inventory.find((s) => s.itemId === ${JSON.stringify(itemId)})?.slot`,
      ),
    );
}
