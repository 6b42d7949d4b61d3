import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { z } from 'zod';
import type { RunningServer } from '../../../server/src/app/start-server';
import { screenshot } from './browser-harness';
import { point, WAIT, waitUntil, worldViewReady } from './game-page';

const tile = z.object({ x: z.number(), z: z.number() });

/**
 * The agent dashboard's live map and watch view for the agent `agentId` (its card already shown):
 * the marker with a readable area name selects the card and opens the watch view, which draws the
 * agent through the game renderer in spectator mode and follows it as it walks; the set-goal button
 * says what it does, and the card shows the agent's items with their icons.
 */
export async function checkLiveMapAndWatch(
  page: Page,
  agentId: string,
  server: Pick<RunningServer, 'host'>,
): Promise<void> {
  // The live map: the agent's polled position as a marker with a readable area name; a click selects it.
  const marker = page.getByTestId(`dashboard-map-agent-${agentId}`);
  await marker.waitFor({ timeout: 30_000 });
  expect(await marker.getAttribute('aria-label')).toMatch(/^Select Scout · /);
  expect(await page.getByTestId('dashboard-map-svg').locator('.dash-map-area text').count()).toBeGreaterThan(
    0,
  );
  await marker.click();
  await page.locator(`[data-testid="agent-card-${agentId}"].selected`).waitFor({ timeout: WAIT });
  expect(await marker.getAttribute('class')).toContain('selected');
  // Selecting opens the read-only watch view, centred on the agent's polled position.
  await page.getByTestId('dashboard-watch-title').getByText('Watching Scout').waitFor({ timeout: WAIT });
  await page.getByTestId(`dashboard-watch-agent-${agentId}`).waitFor({ timeout: WAIT });
  expect(await page.getByTestId('dashboard-watch').getAttribute('data-x')).toBe(
    await marker.getAttribute('data-x'),
  );
  await checkSpectatorFollows(page, server);
  await screenshot(page, '11a-dashboard-watch');
  await page.getByTestId('dashboard-watch-close').click();
  await page.getByTestId('dashboard-watch').waitFor({ state: 'hidden', timeout: WAIT });
  // Stopping closes the spectate session and its view.
  await waitUntil(
    async () => (await page.evaluate('window.__spectator === undefined')) === true,
    'the spectator to close',
  );
  // The set-goal button says what it does.
  expect(await page.getByTestId(`agent-goal-set-${agentId}`).textContent()).toMatch(/^(Start|Go|Stay) /);
  await screenshot(page, '11-dashboard-map');
  // Items with their icons: a new agent carries its starting kit; its bank is not seen yet.
  const items = page.getByTestId(`agent-items-${agentId}`);
  await items
    .locator('[data-testid="items-inventory"] img.item-icon')
    .first()
    .waitFor({ state: 'attached', timeout: WAIT });
  expect(await items.getByTestId('items-bank').textContent()).toContain('not seen');
}

/** Whether the game server says the agent's goals are paused (its REST API, as the owner). */
export async function goalsPausedOf(serverUrl: string, agentId: string, token: string): Promise<boolean> {
  const res = await fetch(`${serverUrl}/api/agents/${agentId}/goal`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return z.object({ goalsPaused: z.boolean() }).parse(await res.json()).goalsPaused;
}

/**
 * The watch view's game renderer: a "Watching Scout" banner, the agent's character as the view's
 * own entity (read-only), drawn near the middle of the canvas, and following the character when it
 * walks (a move the test queues in the world for it, as its agent would send).
 */
async function checkSpectatorFollows(page: Page, server: Pick<RunningServer, 'host'>): Promise<void> {
  await page.getByTestId('spectate-banner').getByText('Watching Scout').waitFor({ timeout: WAIT });
  await page.locator('[data-testid="spectate-state"][data-in-world="true"]').waitFor({ timeout: WAIT });
  await worldViewReady(page);
  const id = z.string().parse(await page.evaluate('window.__spectator.selfId'));
  const seen = async () =>
    tile.safeParse(await page.evaluate('window.__spectator && window.__spectator.world.position'));
  await waitUntil(async () => (await seen()).success, 'the watched character in the spectator');
  const start = tile.parse(await page.evaluate('window.__spectator.world.position'));
  // The character walks: the spectator's view moves with it, to where the server has it.
  server.host.enqueue({
    type: 'client',
    playerId: id,
    message: { event: 'player:move', data: { x: start.x + 3, z: start.z + 1 } },
    rid: undefined,
  });
  await waitUntil(async () => {
    const now = await seen();
    const live = server.host.livePosition(id);
    if (!now.success || !live) return false;
    const moved = now.data.x !== start.x || now.data.z !== start.z;
    return moved && Math.abs(now.data.x - live.x) <= 2 && Math.abs(now.data.z - live.z) <= 2;
  }, 'the spectator to follow the character');
  // The camera follows it: the character is drawn near the middle of the view.
  const canvas = await page.getByTestId('dashboard-watch-game').getByTestId('world-canvas').boundingBox();
  if (!canvas) throw new Error('the spectator canvas is not laid out');
  await waitUntil(async () => {
    const at = point.safeParse(
      await page.evaluate(`window.__worldView.projectEntity(${JSON.stringify(id)})`),
    );
    if (!at.success) return false;
    const dx = Math.abs(at.data.x - (canvas.x + canvas.width / 2));
    const dy = Math.abs(at.data.y - (canvas.y + canvas.height / 2));
    return dx < canvas.width / 4 && dy < canvas.height / 4;
  }, 'the watched character drawn near the middle of the view');
  // Read-only: a click in the view sends nothing (the store refuses to act).
  expect(await page.evaluate('window.__spectator.spectating')).toBe(true);
}
