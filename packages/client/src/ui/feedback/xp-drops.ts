import { h } from '../../dom';
import type { GameStore } from '../../game/store';
import { addXpDrop, formatXp, liveXpDrops, titleCase, type XpDrop } from './logic';

/** A short label per skill for the drop's badge (the first letters of the skill). */
function skillBadge(skill: string): string {
  const name = titleCase(skill);
  return name.length <= 3 ? name : name.slice(0, 2);
}

/**
 * The XP tracker (total experience, left of the minimap) and the XP drops floating up to it:
 * "+25 Woodcutting" for each `skill:xp` (gains of one skill within a tick merge into one drop).
 */
export function mountXpDrops(el: HTMLElement, store: GameStore): () => void {
  const total = h('span', { class: 'xp-total', 'data-testid': 'xp-total' });
  const drops = h('div', { class: 'xp-drops', 'data-testid': 'xp-drops' });
  el.append(
    h(
      'div',
      { class: 'xp-tracker', title: 'Total experience' },
      h('span', { class: 'xp-caption' }, 'XP'),
      total,
    ),
    drops,
  );
  let list: XpDrop[] = [];
  let nextId = 1;
  const nodes = new Map<number, HTMLElement>();
  let frame = 0;

  const renderTotal = (): void => {
    const skills = store.world.player?.skills ?? {};
    const sum = Object.values(skills).reduce((n, s) => n + s.xp, 0);
    total.textContent = Math.floor(sum).toLocaleString('en-US');
  };

  const animate = (now: number): void => {
    frame = 0;
    const live = liveXpDrops(list, now);
    const ids = new Set(live.map((l) => l.drop.id));
    for (const [id, node] of nodes)
      if (!ids.has(id)) {
        node.remove();
        nodes.delete(id);
      }
    list = list.filter((d) => ids.has(d.id));
    for (const { drop, rise, opacity } of live) {
      let node = nodes.get(drop.id);
      if (!node) {
        node = h(
          'div',
          { class: `xp-drop skill-${drop.skill}`, 'data-testid': 'xp-drop', 'data-skill': drop.skill },
          h('span', { class: 'xp-drop-icon', title: titleCase(drop.skill) }, skillBadge(drop.skill)),
          h('span', { class: 'xp-drop-amount' }),
          h('span', { class: 'xp-drop-skill' }, titleCase(drop.skill)),
        );
        nodes.set(drop.id, node);
        drops.append(node);
      }
      const amount = node.querySelector('.xp-drop-amount');
      if (amount) amount.textContent = formatXp(drop.amount);
      node.style.transform = `translateY(${(-rise * 60).toFixed(1)}px)`;
      node.style.opacity = opacity.toFixed(2);
    }
    if (list.length > 0) frame = requestAnimationFrame(animate);
  };

  const offXp = store.on('skill:xp', (x) => {
    list = addXpDrop(list, x, performance.now(), nextId++);
    renderTotal();
    if (!frame) frame = requestAnimationFrame(animate);
  });
  const offSync = store.on('player:sync', renderTotal);
  renderTotal();
  return () => {
    offXp();
    offSync();
    if (frame) cancelAnimationFrame(frame);
    el.replaceChildren();
  };
}
