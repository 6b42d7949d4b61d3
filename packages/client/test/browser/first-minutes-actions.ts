/**
 * Longer actions of the first-minutes browser flow, played through the page as a player would:
 * finding a map object, netting shrimps at a spot that moves, taking loot from the option menu.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { z } from 'zod';
import { carried, leftClickOn, placedObjectsOf, point, waitUntil, walkTo } from './game-page';

/** Where a map object stands now: the client's altered copy (a moved spot) or its placement. */
export async function objectAt(
  page: Page,
  id: string,
): Promise<{ x: number; z: number; depleted?: boolean }> {
  const altered: unknown = await page.evaluate(`window.__game.world.objects.get(${JSON.stringify(id)})`);
  if (altered) return z.object({ x: z.number(), z: z.number(), depleted: z.boolean() }).parse(altered);
  const area = id.split(':')[0] ?? '';
  const placed = (await placedObjectsOf(area)).find((o) => o.id === id);
  if (!placed) throw new Error(`${id} is not on the map`);
  return placed;
}

/** Nets shrimps at `spotId` until `count` raw ones are carried (the spot may move away meanwhile). */
export async function netShrimps(page: Page, spotId: string, count: number): Promise<void> {
  // The fishing ends (activity:stopped) when the spot moves away: then it is found and clicked again.
  await page.evaluate(
    `window.__stops = 0; window.__game.on('activity:stopped', () => { window.__stops++; })`,
  );
  const stops = async () => z.number().parse(await page.evaluate('window.__stops'));
  for (let attempt = 0; attempt < 6 && (await carried(page, 'raw_shrimps')) < count; attempt++) {
    const spot = await objectAt(page, spotId);
    await walkTo(page, spot.x, spot.z, 4);
    const stopped = await stops();
    await leftClickOn(page, 'Object', spotId, /^Net Fishing spot/, { menuWhenCovered: true });
    await waitUntil(
      async () => (await carried(page, 'raw_shrimps')) >= count || (await stops()) > stopped,
      `${count} raw shrimps`,
      60_000,
    );
  }
  expect(await carried(page, 'raw_shrimps')).toBeGreaterThanOrEqual(count);
}

/** Takes the bones lying on the ground with "Take Bones" from the option menu of their tile. */
export async function takeBones(page: Page): Promise<void> {
  const bonesAt = async () =>
    z
      .object({ x: z.number(), z: z.number() })
      .optional()
      .parse(
        await page.evaluate(
          `[...window.__game.world.groundItems.values()].find((g) => g.itemId === 'bones')`,
        ),
      );
  await waitUntil(async () => (await bonesAt()) !== undefined, 'the bones on the ground');
  const menu = page.getByTestId('context-menu');
  for (let attempt = 0; attempt < 10 && (await carried(page, 'bones')) === 0; attempt++) {
    const bones = await bonesAt();
    const at =
      bones && point.safeParse(await page.evaluate(`window.__worldView.projectTile(${bones.x}, ${bones.z})`));
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
}
