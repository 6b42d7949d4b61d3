import { h, replaceChildren } from '../../dom';
import type { GameStore } from '../../game/store';
import { Disposers } from './shared';
import { levelProgress, orderSkills, skillName, totalLevel, unlocksWithState } from './xp';

/**
 * The skills tab: level, experience and experience to the next level of every skill, the total
 * and combat levels; a click on a skill lists what its levels unlock (skill-unlocks.json), those
 * already reached highlighted.
 */
export function mountSkills(root: HTMLElement, store: GameStore): () => void {
  const d = new Disposers();
  const list = h('div', { class: 'skills-grid' });
  const totals = h('div', { class: 'skills-totals' });
  const detail = h('div', { class: 'skill-detail' });
  root.append(h('div', { class: 'panel-skills' }, list, totals, detail));
  let chosen: string | undefined;

  const skillIds = (): string[] =>
    orderSkills([
      ...Object.keys(store.world.player?.skills ?? {}),
      ...Object.keys(store.content.skillUnlocks),
    ]);

  const stateOf = (id: string): { level: number; xp: number } =>
    store.world.player?.skills[id] ?? { level: 1, xp: 0 };

  const renderDetail = (): void => {
    if (!chosen) {
      replaceChildren(detail, h('div', { class: 'muted' }, 'Click a skill to see what it unlocks.'));
      return;
    }
    const { level, xp } = stateOf(chosen);
    const p = levelProgress(xp);
    const unlocks = unlocksWithState(store.content.skillUnlocks[chosen] ?? [], level);
    replaceChildren(
      detail,
      h('h4', {}, `${skillName(chosen)}: level ${level}`),
      h(
        'div',
        { class: 'muted' },
        p.nextLevelXp === null
          ? `${xp.toLocaleString()} xp (maximum level)`
          : `${xp.toLocaleString()} xp; next level at ${p.nextLevelXp.toLocaleString()} (${p.toNext.toLocaleString()} to go)`,
      ),
      unlocks.length === 0
        ? h('div', { class: 'muted' }, 'No unlocks listed.')
        : h(
            'ul',
            { class: 'unlock-list', 'data-testid': `skill-unlocks-${chosen}` },
            unlocks.map(({ unlock, reached }) =>
              h(
                'li',
                { class: reached ? 'unlock reached' : 'unlock' },
                h('span', { class: 'unlock-level' }, String(unlock.level)),
                ' ',
                unlock.description,
              ),
            ),
          ),
    );
  };

  const render = (): void => {
    const ids = skillIds();
    replaceChildren(
      list,
      ids.map((id) => {
        const { level, xp } = stateOf(id);
        const p = levelProgress(xp);
        const title =
          p.nextLevelXp === null
            ? `${skillName(id)}: ${xp.toLocaleString()} xp`
            : `${skillName(id)}: ${xp.toLocaleString()} xp, ${p.toNext.toLocaleString()} to level ${p.level + 1}`;
        return h(
          'button',
          {
            class: id === chosen ? 'skill selected' : 'skill',
            'data-skill': id,
            'data-testid': `skill-${id}`,
            'data-level': level,
            title,
          },
          h('span', { class: 'skill-name' }, skillName(id)),
          h('span', { class: 'skill-level' }, String(level)),
          h('span', { class: 'skill-bar' }, h('span', { style: `width:${Math.round(p.fraction * 100)}%` })),
        );
      }),
    );
    const skills = store.world.player?.skills ?? {};
    replaceChildren(
      totals,
      h('span', { 'data-testid': 'total-level' }, `Total level: ${totalLevel(skills)}`),
      h('span', { 'data-testid': 'combat-level' }, `Combat level: ${store.world.player?.combatLevel ?? 3}`),
    );
    renderDetail();
  };

  d.listen(list, 'click', (e) => {
    const id = (e.target as Element | null)?.closest('[data-skill]')?.getAttribute('data-skill');
    if (!id) return;
    chosen = chosen === id ? undefined : id;
    render();
  });
  d.add(store.on('skill:xp', render));
  d.add(store.on('skill:levelUp', render));
  d.add(store.on('player:sync', render));
  render();
  return () => d.dispose();
}
