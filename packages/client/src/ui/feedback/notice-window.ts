import { h } from '../../dom';
import type { GameStore } from '../../game/store';
import { dismissKey, levelUpText, questRewardLines } from './logic';

interface Notice {
  kind: 'level-up' | 'quest-complete';
  node: HTMLElement;
}

/**
 * The level-up window ("Congratulations, you just advanced a Woodcutting level.") and the
 * quest-complete window (quest name, quest points, rewards), one at a time in arrival order.
 * A click on it, Escape, space or Enter dismisses the one shown; a click anywhere else closes them all.
 */
export function mountNoticeWindows(el: HTMLElement, store: GameStore): () => void {
  const queue: Notice[] = [];
  let shown: Notice | undefined;

  const show = (): void => {
    if (shown) return;
    shown = queue.shift();
    if (shown) el.append(shown.node);
  };
  const dismiss = (): void => {
    if (!shown) return;
    shown.node.remove();
    shown = undefined;
    show();
  };
  const push = (kind: Notice['kind'], ...body: HTMLElement[]): void => {
    const node = h(
      'div',
      {
        class: `notice-window ${kind}`,
        role: 'dialog',
        'data-testid': kind === 'level-up' ? 'level-up-window' : 'quest-complete-window',
        onclick: () => dismiss(),
      },
      ...body,
      h('div', { class: 'notice-hint' }, 'Click here to continue'),
    );
    queue.push({ kind, node });
    show();
  };

  const offLevel = store.on('skill:levelUp', (s) => {
    const text = levelUpText(s.skill, s.level);
    push(
      'level-up',
      h('div', { class: 'notice-title' }, text.title),
      h('div', { class: 'notice-body' }, text.body),
    );
  });
  const offQuest = store.on('quest:completed', (q) => {
    const lines = questRewardLines(q, (id) => store.content.items.get(id)?.name ?? id);
    push(
      'quest-complete',
      h('div', { class: 'notice-title' }, lines.title),
      h('div', { class: 'notice-sub' }, 'You are awarded:'),
      h('ul', { class: 'notice-rewards' }, ...lines.rewards.map((r) => h('li', {}, r))),
      h('div', { class: 'notice-body' }, lines.total),
    );
  });
  const onKey = (e: KeyboardEvent): void => {
    if (!shown || !dismissKey(e.key)) return;
    const t = e.target;
    // Keys typed into a field (the chat input) are not for the window, except Escape.
    if (e.key !== 'Escape' && t instanceof HTMLElement && ['INPUT', 'TEXTAREA'].includes(t.tagName)) return;
    e.preventDefault();
    e.stopPropagation();
    dismiss();
  };
  // A click anywhere else (walking on, acting) closes the windows, as it does in OSRS; their
  // lines stay in the chat box. The click itself goes on to what it was aimed at.
  const onPointer = (e: PointerEvent): void => {
    if (!shown || (e.target instanceof Node && shown.node.contains(e.target))) return;
    queue.length = 0;
    dismiss();
  };
  window.addEventListener('keydown', onKey, true);
  window.addEventListener('pointerdown', onPointer, true);
  return () => {
    offLevel();
    offQuest();
    window.removeEventListener('keydown', onKey, true);
    window.removeEventListener('pointerdown', onPointer, true);
    el.replaceChildren();
  };
}
