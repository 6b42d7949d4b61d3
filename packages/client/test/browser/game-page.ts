/** Steps of the browser tests on the game page: where things are, walking, menus, dialogue, items. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { z } from 'zod';
import { DEFAULT_ASSET_ROOT } from '../../../cdn/src/config';
import { screenshot } from './browser-harness';

/** How long a page step may take. */
export const WAIT = 20_000;
const AREAS = join(DEFAULT_ASSET_ROOT, 'manifests', 'world-areas.json');

/** The ordinary trees and the bank booths of an area, with their object ids, from the bundled map. */
export async function placementsOf(areaId: string): Promise<{ trees: Placed[]; bankBooths: Placed[] }> {
  const placed = await placedObjectsOf(areaId);
  return {
    trees: placed.filter((o) => o.kind === 'tree'),
    bankBooths: placed.filter((o) => o.kind === 'bank_booth'),
  };
}

/** Every resource and station an area places (trees, fishing spots, booths, fires...), from the bundled map. */
export async function placedObjectsOf(areaId: string): Promise<Placed[]> {
  const map = z
    .object({
      areas: z.array(
        z.looseObject({
          id: z.string(),
          resources: z
            .array(z.looseObject({ resourceId: z.string(), x: z.number(), z: z.number() }))
            .optional(),
          stations: z
            .array(z.looseObject({ stationId: z.string(), x: z.number(), z: z.number() }))
            .optional(),
        }),
      ),
    })
    .parse(JSON.parse(await readFile(AREAS, 'utf8')));
  const area = map.areas.find((a) => a.id === areaId);
  // Object ids are `<area>:r<index>` for resources and `<area>:s<index>` for stations.
  return [
    ...(area?.resources ?? []).map((r, i) => ({ id: `${areaId}:r${i}`, kind: r.resourceId, x: r.x, z: r.z })),
    ...(area?.stations ?? []).map((st, i) => ({
      id: `${areaId}:s${i}`,
      kind: st.stationId,
      x: st.x,
      z: st.z,
    })),
  ];
}

export interface Placed {
  id: string;
  kind: string;
  x: number;
  z: number;
}
const tile = z.object({ x: z.number(), z: z.number() });
export const point = z.object({ x: z.number(), y: z.number() });

/** The browser player's tile, read from the running client's store. */
export async function positionOf(page: Page): Promise<{ x: number; z: number }> {
  return tile.parse(await page.evaluate('window.__game && window.__game.world.position'));
}

/** Page coordinates of a tile's centre on the canvas, once the world view has drawn it. */
export async function tilePoint(page: Page, x: number, z: number): Promise<{ x: number; y: number }> {
  await worldViewReady(page);
  return point.parse(await page.evaluate(`window.__worldView.projectTile(${x}, ${z})`));
}

/**
 * Walks with the 3D view's "Walk here" option; tiles too far to be on screen are reached in hops
 * toward them.
 */
export async function walkTo(page: Page, x: number, z: number, near = 0): Promise<void> {
  for (let hop = 0; hop < 30; hop++) {
    const here = await positionOf(page);
    const dist = Math.max(Math.abs(here.x - x), Math.abs(here.z - z));
    if (dist <= near) return;
    // The longest hop toward the target whose tile is on screen.
    let p: { x: number; y: number } | undefined;
    for (const hopLength of [7, 5, 3, 2, 1]) {
      const step = Math.min(dist, hopLength);
      const tx = here.x + Math.round(((x - here.x) * step) / dist);
      const tz = here.z + Math.round(((z - here.z) * step) / dist);
      const at = point.safeParse(await page.evaluate(`window.__worldView.projectTile(${tx}, ${tz})`));
      if (at.success) {
        p = at.data;
        break;
      }
    }
    if (!p) throw new Error(`no tile toward ${x},${z} is on screen`);
    // "Walk here" from the option menu: a left click would do the main action of whatever stands in
    // front of the tile (chop the tree, talk to the NPC) instead of walking.
    await page.mouse.click(p.x, p.y, { button: 'right' });
    const walk = page.getByTestId('context-menu').getByRole('menuitem', { name: /^Walk here/ });
    if ((await walk.count()) === 0) {
      await page.keyboard.press('Escape');
      continue;
    }
    await walk.first().click();
    // Wait until the player stops moving (arrived, or the path ended short of a blocked tile): two
    // ticks in the same place.
    let last = here;
    let still = 0;
    for (let i = 0; i < 40 && still < 2; i++) {
      await nextTick(page);
      const now = await positionOf(page);
      still = now.x === last.x && now.z === last.z ? still + 1 : 0;
      last = now;
    }
  }
  throw new Error(`could not walk to ${x},${z}`);
}

/** The last tick the client heard of. */
async function worldTick(page: Page): Promise<number> {
  return z.number().parse(await page.evaluate('window.__game.world.tick'));
}

/** Waits until the client hears of a tick after `tick` (by default, the one it knows now). */
async function nextTick(page: Page, tick?: number): Promise<void> {
  const from = tick ?? (await worldTick(page));
  await waitUntil(async () => (await worldTick(page)) > from, 'the next tick');
}

/**
 * Waits until the 3D view has drawn a tick after `tick` (by default, the one the client knows now):
 * what the canvas shows and what a click picks follow the frames, which lag the ticks when the
 * machine is busy (software WebGL on a loaded machine draws a few frames a second).
 */
async function nextDrawnTick(page: Page, tick?: number): Promise<void> {
  const from = tick ?? (await worldTick(page));
  await waitUntil(
    async () => z.number().parse(await page.evaluate('window.__worldView.drawnTick')) > from,
    'the 3D view to draw the next tick',
  );
}

/** Where the player and an entity stand in the client's model, and whether the 3D view draws it. */
async function whereIs(page: Page, id: string): Promise<string> {
  const state: unknown = await page.evaluate(
    `(() => { let it; for (const e of window.__game.world.entities.values()) if (e.id === ${JSON.stringify(id)}) it = e;
      return { me: window.__game.world.position, it: it && { x: it.x, z: it.z },
        drawn: Boolean(window.__worldView.projectEntity(${JSON.stringify(id)})),
        tick: window.__game.world.tick, drawnTick: window.__worldView.drawnTick }; })()`,
  );
  return JSON.stringify(state);
}

/** The id of the nearest NPC in view with this npcId. */
export async function npcNamed(page: Page, npcId: string): Promise<string> {
  const id: unknown = await page.evaluate(
    `(() => { const me = window.__game.world.position; let best; let bestD = 1e9;
      for (const e of window.__game.world.entities.values()) {
        if (e.npcId !== ${JSON.stringify(npcId)}) continue;
        const d = Math.max(Math.abs(e.x - me.x), Math.abs(e.z - me.z));
        if (d < bestD) { best = e.id; bestD = d; }
      }
      return best; })()`,
  );
  return z.string().parse(id);
}

/**
 * Right-clicks an entity or an object on the canvas (where the world view projects it) and chooses
 * a menu option; retried, since NPCs wander and something may stand in front for a moment. A point
 * off screen or under the interface (the HUD, the minimap) is not clicked; after a few misses the
 * player walks up to an entity, as a player would when the NPC is hard to click.
 */
export async function chooseOption(
  page: Page,
  kind: 'Entity' | 'Object',
  id: string,
  option: RegExp,
): Promise<void> {
  const seen: string[] = [];
  for (let attempt = 0; attempt < 12; attempt++) {
    const tick = await worldTick(page);
    if (kind === 'Entity' && attempt > 0 && attempt % 4 === 0) {
      const at = tile.safeParse(
        await page.evaluate(`(() => { const e = window.__game.world.entities.get(${JSON.stringify(id)});
          return e && { x: e.x, z: e.z }; })()`),
      );
      if (at.success) await walkTo(page, at.data.x, at.data.z, 1).catch(() => undefined);
    }
    const at = point.safeParse(
      await page.evaluate(`window.__worldView.project${kind}(${JSON.stringify(id)})`),
    );
    const onCanvas =
      at.success &&
      (await page.evaluate(
        `(() => { const el = document.elementFromPoint(${at.data.x}, ${at.data.y});
          return Boolean(el && el.tagName === 'CANVAS'); })()`,
      )) === true;
    if (!at.success || !onCanvas) {
      seen.push(at.success ? 'covered' : 'off screen');
    } else {
      await page.mouse.click(at.data.x, at.data.y, { button: 'right' });
      const menu = page.getByTestId('context-menu');
      const item = menu.getByRole('menuitem', { name: option });
      if ((await item.count()) > 0) {
        await item.first().click();
        return;
      }
      seen.push(`[${(await menu.getByRole('menuitem').allTextContents()).join(' | ')}]`);
      await page.keyboard.press('Escape');
    }
    // The next try once the world has moved on and the view has drawn it (an NPC in the way or
    // wandering has had its step).
    await nextDrawnTick(page, tick);
  }
  await screenshot(page, `failed-option-${id.replace(/[^a-z0-9]/gi, '_')}`);
  const where = kind === 'Entity' ? `; at the end ${await whereIs(page, id)}` : '';
  throw new Error(`no ${String(option)} option on ${id}; the tries saw: ${seen.join(', ')}${where}`);
}

/**
 * Left-clicks an entity or an object on the canvas once the hover text shows that the left-click
 * default is `hover` (e.g. /^Chop down Tree/); retried, since NPCs wander and walk in front.
 * With `menuWhenCovered`, something that stays in front (a fishing spot behind a willow) is
 * reached as a player would: after a few tries, through the right-click menu.
 */
export async function leftClickOn(
  page: Page,
  kind: 'Entity' | 'Object',
  id: string,
  hover: RegExp,
  options: { menuWhenCovered?: boolean } = {},
): Promise<void> {
  const hoverText = async () => (await page.getByTestId('hover-text').textContent()) ?? '';
  for (let attempt = 0; attempt < 20; attempt++) {
    if (options.menuWhenCovered && attempt === 5) {
      await chooseOption(page, kind, id, hover);
      return;
    }
    const at = point.safeParse(
      await page.evaluate(`window.__worldView.project${kind}(${JSON.stringify(id)})`),
    );
    if (at.success) {
      await page.mouse.move(at.data.x, at.data.y);
      const shown = await waitUntil(
        async () => hover.test(await hoverText()),
        `hover ${String(hover)}`,
        1_500,
      )
        .then(() => true)
        .catch(() => false);
      if (shown) {
        await page.mouse.click(at.data.x, at.data.y);
        return;
      }
    }
    // Nudge the pointer off the target so the next attempt hovers it afresh, once the world has
    // moved on.
    await page.mouse.move(5, 5);
    await nextDrawnTick(page);
  }
  await screenshot(page, `failed-left-click-${id.replace(/[^a-z0-9]/gi, '_')}`);
  throw new Error(
    `the left-click default on ${id} never became ${String(hover)} (last: ${await hoverText()})`,
  );
}

export const entityOption = (page: Page, entityId: string, option: RegExp) =>
  chooseOption(page, 'Entity', entityId, option);
export const objectOption = (page: Page, objectId: string, option: RegExp) =>
  chooseOption(page, 'Object', objectId, option);

/**
 * Runs `choose` (a menu option that opens a window: Trade, Bank, Talk-to) until the window `testId`
 * shows. A refusal shown in the chat box (an NPC that wandered off while the player walked: "you
 * stopped before reaching ...") is answered as a player would, by choosing again; a window that
 * neither opens nor is refused fails with the chat box's last lines and the player's tile.
 */
export async function openWindow(
  page: Page,
  testId: string,
  choose: () => Promise<void>,
  tries = 3,
): Promise<void> {
  const errorLines = page.locator('.chat-line.chat-error');
  for (let attempt = 1; ; attempt++) {
    const refusalsBefore = await errorLines.count();
    await choose();
    const opened = await page
      .getByTestId(testId)
      .waitFor({ timeout: WAIT })
      .then(
        () => true,
        () => false,
      );
    if (opened) return;
    if ((await errorLines.count()) > refusalsBefore && attempt < tries) continue;
    const lines = (await page.locator('.chat-line').allTextContents()).slice(-8);
    await screenshot(page, `failed-open-${testId}`);
    throw new Error(
      `the ${testId} window did not open after ${attempt} tries, at ${JSON.stringify(await positionOf(page))}; ` +
        `the chat box's last lines: ${lines.join(' | ')}`,
    );
  }
}

/**
 * Clicks away the level-up and quest-complete windows shown (they cover a conversation until
 * clicked, and come one after another).
 */
export async function dismissNotices(page: Page): Promise<void> {
  const notice = page.locator('.notice-window').first();
  for (let i = 0; i < 20 && (await notice.isVisible()); i++)
    await notice.click({ timeout: 2_000 }).catch(() => undefined);
}

/** Clicks "continue" until the conversation closes (the server may close it between two checks). */
export async function finishDialogue(page: Page): Promise<void> {
  const dialogue = page.getByTestId('dialogue');
  for (let i = 0; i < 20 && (await dialogue.isVisible()); i++) {
    await dismissNotices(page);
    const next = page.getByTestId('dialogue-continue');
    if (await next.isVisible()) await next.click({ timeout: 2_000 }).catch(() => undefined);
    // The server answers a click within the tick.
    await nextTick(page);
  }
  await dialogue.waitFor({ state: 'hidden', timeout: WAIT });
}

/** How many of an item the browser player carries. */
export async function carried(page: Page, itemId: string): Promise<number> {
  return z
    .number()
    .parse(
      await page.evaluate(
        `window.__game.world.player.inventory.filter((s) => s.itemId === ${JSON.stringify(itemId)}).reduce((n, s) => n + s.quantity, 0)`,
      ),
    );
}

/**
 * Waits until the 3D view has drawn. Polled with page.evaluate, not page.waitForFunction: the
 * latter compiles its predicate with `new Function` inside the page, which the server's
 * Content-Security-Policy (no 'unsafe-eval') refuses.
 */
export async function worldViewReady(page: Page): Promise<void> {
  await waitUntil(
    async () => (await page.evaluate('Boolean(window.__worldView && window.__worldView.ready)')) === true,
    'the 3D view to be ready',
  );
}

export async function waitUntil(check: () => Promise<boolean>, what: string, ms = WAIT): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * Chooses `option` on the NPC `entityId` until the window `testId` opens (three tries): an NPC
 * that wanders off while the player walks up may end the walk short, and a player clicks again.
 */
export async function npcOptionOpens(
  page: Page,
  entityId: string,
  option: RegExp,
  testId: string,
): Promise<void> {
  const window = page.getByTestId(testId);
  for (let attempt = 0; attempt < 3 && !(await window.isVisible()); attempt++) {
    await entityOption(page, entityId, option);
    await window.waitFor({ timeout: WAIT }).catch(() => undefined);
  }
  await window.waitFor({ timeout: WAIT });
}
