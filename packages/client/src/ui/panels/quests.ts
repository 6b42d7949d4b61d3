import './guide.css';
import { h, replaceChildren } from '../../dom';
import type { GameStore } from '../../game/store';
import {
  questDetailText,
  questGuide,
  questStageText,
  questStatusLabel,
  questSteps,
  type JournalEntry,
} from './journal';
import { Disposers } from './shared';

/**
 * The quest tab: the journal (quest:journal, asked for on mount), quest points and each quest's
 * status; a click on a quest shows what to do now, where it starts (NPC and area), its steps so
 * far (done ones struck through), its requirements (each marked met or not) and its rewards, from
 * the quest content.
 */
export function mountQuests(root: HTMLElement, store: GameStore): () => void {
  const d = new Disposers();
  const header = h('div', { class: 'quest-points', 'data-testid': 'quest-points' });
  const list = h('div', { class: 'quest-list' });
  root.append(h('div', { class: 'panel-quests' }, header, list));
  let open: string | undefined;

  const guideOf = (q: JournalEntry, all: readonly JournalEntry[]): HTMLElement => {
    const player = store.world.player;
    const completed = new Set(all.filter((e) => e.status === 'completed').map((e) => e.questId));
    const g = questGuide(store.content, q.questId, {
      ...(player ? { skills: player.skills, questPoints: player.questPoints } : {}),
      completed,
    });
    const steps = questSteps(store.content, q);
    return h(
      'div',
      { class: 'quest-guide', 'data-testid': `quest-guide-${q.questId}` },
      g.start && q.status === 'not_started'
        ? h('div', { class: 'quest-start', 'data-testid': 'quest-start' }, g.start)
        : null,
      steps.length === 0
        ? null
        : h(
            'ol',
            { class: 'quest-steps', 'data-testid': 'quest-steps' },
            steps.map((s) => h('li', { class: s.done ? 'done' : 'current' }, s.text)),
          ),
      h('div', { class: 'quest-section' }, 'Requirements'),
      g.requirements.length === 0
        ? h('div', { class: 'muted' }, 'None')
        : h(
            'ul',
            { class: 'quest-requirements' },
            g.requirements.map((r) =>
              h(
                'li',
                { class: r.met === true ? 'met' : r.met === false ? 'unmet' : '' },
                `${r.met === true ? '✓ ' : r.met === false ? '✗ ' : ''}${r.text}`,
              ),
            ),
          ),
      h('div', { class: 'quest-section' }, 'Rewards'),
      h(
        'ul',
        { class: 'quest-rewards', 'data-testid': 'quest-rewards' },
        g.rewards.map((r) => h('li', {}, r)),
      ),
    );
  };

  const render = (): void => {
    const journal = store.last['quest:journal'];
    header.textContent = `Quest points: ${journal?.questPoints ?? store.world.player?.questPoints ?? 0}`;
    if (!journal) {
      replaceChildren(list, h('div', { class: 'muted' }, 'Loading the quest journal...'));
      return;
    }
    replaceChildren(
      list,
      journal.quests.map((q) =>
        h(
          'div',
          {
            class: `quest ${q.status}${open === q.questId ? ' open' : ''}`,
            'data-quest': q.questId,
            'data-testid': `quest-${q.questId}`,
            'data-status': q.status,
          },
          h(
            'button',
            { class: 'quest-title', 'data-quest-toggle': q.questId },
            h('span', { class: 'quest-name' }, q.name),
            h('span', { class: 'quest-status' }, questStatusLabel(q.status)),
          ),
          open === q.questId
            ? h(
                'div',
                { class: 'quest-detail' },
                h(
                  'div',
                  { class: 'muted' },
                  `${q.difficulty}${questStageText(q) ? ` - ${questStageText(q)}` : ''}`,
                ),
                h('div', {}, questDetailText(q)),
                guideOf(q, journal.quests),
              )
            : null,
        ),
      ),
    );
  };

  d.listen(list, 'click', (e) => {
    const id = (e.target as Element | null)
      ?.closest('[data-quest-toggle]')
      ?.getAttribute('data-quest-toggle');
    if (!id) return;
    open = open === id ? undefined : id;
    render();
  });
  d.add(store.on('quest:journal', render));
  // No chat line of its own on quest:completed: the server's chat:message says it (once).
  render();
  void store.act('quest:requestJournal', {});
  return () => d.dispose();
}
