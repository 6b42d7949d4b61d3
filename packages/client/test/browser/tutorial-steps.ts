/**
 * Steps of Guide Lina's First Steps tutorial as a player plays it in the page: where it stands (from
 * the quest journal the client was sent), talking to Lina, and the journal's lines for it.
 */
import type { Page } from 'playwright-core';
import { z } from 'zod';
import { WAIT, leftClickOn, npcNamed, waitUntil } from './game-page';

const journalEntry = z.object({ questId: z.string(), status: z.string(), stageId: z.string().nullable() });

/** First Steps in the last quest:journal the client holds: its status and current stage. */
export async function tutorialState(page: Page): Promise<{ status: string; stageId: string | null }> {
  const quests = z
    .array(journalEntry)
    .parse(await page.evaluate(`window.__game.last['quest:journal']?.quests ?? []`));
  const q = quests.find((e) => e.questId === 'first_steps');
  if (!q) throw new Error('First Steps is not in the quest journal');
  return { status: q.status, stageId: q.stageId };
}

/** Waits until the tutorial's current stage is `stageId` (the step before it done). */
export async function waitForTutorialStage(page: Page, stageId: string, ms = WAIT): Promise<void> {
  let last = '';
  await waitUntil(
    async () => {
      const s = await tutorialState(page);
      last = `${s.status}/${s.stageId ?? '-'}`;
      return s.status === 'in_progress' && s.stageId === stageId;
    },
    `First Steps at its stage ${stageId}`,
    ms,
  ).catch((e: unknown) => {
    throw new Error(`${String(e)} (it is at ${last})`);
  });
}

/**
 * Left-clicks Guide Lina ("Talk-to") until her dialogue opens: she wanders, and a walk that ends
 * short of her is clicked again, as a player would.
 */
export async function talkToLina(page: Page): Promise<void> {
  const dialogue = page.getByTestId('dialogue');
  for (let attempt = 0; attempt < 4 && !(await dialogue.isVisible()); attempt++) {
    const lina = await npcNamed(page, 'guide_lina');
    await leftClickOn(page, 'Entity', lina, /^Talk-to Guide Lina/);
    await dialogue.waitFor({ timeout: 8_000 }).catch(() => undefined);
  }
  await dialogue.waitFor({ timeout: WAIT });
}

/** The lines of First Steps' steps in the open journal, with whether each is struck through. */
export async function journalSteps(page: Page): Promise<{ text: string; done: boolean }[]> {
  const tutorial = page.getByTestId('panel-quests').locator('[data-quest="first_steps"]');
  if ((await tutorial.getByTestId('quest-steps').count()) === 0) {
    await tutorial.locator('[data-quest-toggle]').click();
  }
  const steps = tutorial.getByTestId('quest-steps');
  await steps.waitFor({ timeout: WAIT });
  const items = await steps.locator('li').all();
  return Promise.all(
    items.map(async (li) => ({
      text: (await li.textContent()) ?? '',
      done: (await li.getAttribute('class'))?.split(' ').includes('done') === true,
    })),
  );
}

/** The id of the fire nearest the player (one it lit), from the client's objects. */
export async function nearestFire(page: Page): Promise<string> {
  return z.string().parse(
    await page.evaluate(`(() => { const me = window.__game.world.position; let best; let bestD = 1e9;
      for (const o of window.__game.world.objects.values()) {
        if (o.defId !== 'fire') continue;
        const d = Math.max(Math.abs(o.x - me.x), Math.abs(o.z - me.z));
        if (d < bestD) { best = o.id; bestD = d; }
      }
      return best; })()`),
  );
}
