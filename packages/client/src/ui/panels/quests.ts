import { h, replaceChildren } from '../../dom';
import type { GameStore } from '../../game/store';
import { questDetailText, questStageText, questStatusLabel } from './journal';
import { Disposers } from './shared';

/**
 * The quest tab: the journal (quest:journal, asked for on mount), quest points and each quest's
 * status; a click on a quest shows what to do now.
 */
export function mountQuests(root: HTMLElement, store: GameStore): () => void {
  const d = new Disposers();
  const header = h('div', { class: 'quest-points', 'data-testid': 'quest-points' });
  const list = h('div', { class: 'quest-list' });
  root.append(h('div', { class: 'panel-quests' }, header, list));
  let open: string | undefined;

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
