import { h } from '../../dom';
import type { GameStore } from '../../game/store';
import './feedback.css';
import { mountNoticeWindows } from './notice-window';
import { mountXpDrops } from './xp-drops';

/**
 * The game screen's notices over the world view: the XP tracker with its XP drops, and the
 * level-up and quest-complete windows. (Overheads over entities are drawn by the world view:
 * game/render/overlays.ts.) Returns the dispose function.
 */
export function mountFeedback(el: HTMLElement, store: GameStore): () => void {
  const xp = h('div', { class: 'feedback-xp' });
  const windows = h('div', { class: 'feedback-windows' });
  el.append(xp, windows);
  const offs = [mountXpDrops(xp, store), mountNoticeWindows(windows, store)];
  return () => {
    for (const off of offs) off();
    el.replaceChildren();
  };
}
