import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { z } from 'zod';
import { screenshot } from './browser-harness';
import { WAIT } from './game-page';

/**
 * The agent dashboard's live map and watch view for the agent `agentId` (its card already shown):
 * the marker with a readable area name selects the card and opens the read-only watch view, the
 * set-goal button says what it does, and the card shows the agent's items with their icons.
 */
export async function checkLiveMapAndWatch(page: Page, agentId: string): Promise<void> {
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
  await screenshot(page, '11a-dashboard-watch');
  await page.getByTestId('dashboard-watch-close').click();
  await page.getByTestId('dashboard-watch').waitFor({ state: 'hidden', timeout: WAIT });
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
