import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot } from './browser-harness';
import { WAIT } from './game-page';

/**
 * An agent card's saved activity log and goal history (`agentId`'s card shown, the agent
 * running): the goal history lists the goal it chose, the kind filter asks the runtime for one
 * kind, and the text filter for lines with a word.
 */
export async function checkActivityLog(page: Page, agentId: string): Promise<void> {
  const history = page.getByTestId(`agent-goal-history-${agentId}`);
  await history
    .locator('li', { hasText: 'chosen by the agent' })
    .first()
    .waitFor({ state: 'attached', timeout: WAIT });

  const list = page.getByTestId(`agent-activity-${agentId}`);
  await page.getByTestId(`agent-activity-kind-${agentId}`).selectOption('system');
  await list.locator('li.agent-activity-system', { hasText: 'connected' }).first().waitFor({ timeout: WAIT });
  // Only system lines: the runtime was asked for that kind.
  const kinds = await list.locator('li').evaluateAll((lis) => lis.map((li) => li.className));
  expect(kinds.length).toBeGreaterThan(0);
  expect(kinds.every((k) => k === 'agent-activity-system')).toBe(true);

  await page.getByTestId(`agent-activity-kind-${agentId}`).selectOption('');
  const filter = page.getByTestId(`agent-activity-filter-${agentId}`);
  await filter.fill('connected');
  await filter.press('Enter');
  await list.locator('li', { hasText: 'connected' }).first().waitFor({ timeout: WAIT });
  const texts = await list.locator('li').allTextContents();
  expect(texts.every((t) => t.includes('connected'))).toBe(true);
  await screenshot(page, '12a-dashboard-activity');
  await filter.fill('');
  await filter.press('Enter');
}
