import { h, replaceChildren } from '../../dom';
import type { GameStore } from '../../game/store';
import { Disposers, prayerState } from './shared';

/** The prayer tab: every prayer of prayers.json with its level; click switches it on or off. */
export function mountPrayer(root: HTMLElement, store: GameStore): () => void {
  const d = new Disposers();
  const points = h('div', { class: 'prayer-points', 'data-testid': 'prayer-points-panel' });
  const list = h('div', { class: 'prayer-grid' });
  root.append(h('div', { class: 'panel-prayer' }, points, list));

  const render = (): void => {
    const state = prayerState(store);
    const level = store.world.player?.skills['prayer']?.level ?? 1;
    points.textContent = `Prayer points: ${state.points} / ${state.maxPoints}`;
    replaceChildren(
      list,
      store.content.prayers.map((p) => {
        const active = state.active.includes(p.id);
        const locked = level < p.level;
        const cls = ['prayer', active ? 'active' : '', locked ? 'locked' : ''].filter(Boolean).join(' ');
        return h(
          'button',
          {
            class: cls,
            'data-prayer': p.id,
            'data-testid': `prayer-${p.id}`,
            'data-active': active ? 'true' : 'false',
            'aria-pressed': active ? 'true' : 'false',
            title: `${p.name} (level ${p.level})${p.description ? `: ${p.description}` : ''}`,
          },
          h('span', { class: 'prayer-name' }, p.name),
          h('span', { class: 'prayer-level' }, `Lv ${p.level}`),
        );
      }),
    );
  };

  d.listen(list, 'click', (e) => {
    const id = (e.target as Element | null)?.closest('[data-prayer]')?.getAttribute('data-prayer');
    if (!id) return;
    const active = prayerState(store).active.includes(id);
    void store.act('prayer:toggle', { prayerId: id, active: !active });
  });
  d.add(store.on('prayer:update', render));
  d.add(store.on('player:sync', render));
  d.add(store.on('skill:levelUp', render));
  render();
  return () => d.dispose();
}
