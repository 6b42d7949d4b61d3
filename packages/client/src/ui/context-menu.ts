import { h } from '../dom';
import type { MenuOption, UiHooks } from '../ui-hooks';

/**
 * The option menu (RuneScape's right-click menu): a list of "Action Target" entries at the
 * pointer; choosing one runs it, clicking anywhere else or pressing Escape closes it.
 */
export function createContextMenu(root: HTMLElement): UiHooks & { dispose(): void } {
  const menu = h('div', { class: 'context-menu', role: 'menu', 'data-testid': 'context-menu' });
  menu.hidden = true;
  root.append(menu);

  const close = (): void => {
    menu.hidden = true;
    menu.replaceChildren();
  };
  const onDocDown = (e: MouseEvent): void => {
    if (!menu.hidden && !menu.contains(e.target as Node)) close();
  };
  const onKey = (e: KeyboardEvent): void => {
    if (e.key === 'Escape') close();
  };
  document.addEventListener('mousedown', onDocDown, true);
  document.addEventListener('keydown', onKey);

  return {
    openMenu(pageX, pageY, options: MenuOption[]) {
      menu.replaceChildren(
        h('div', { class: 'context-menu-title' }, 'Choose option'),
        ...options.map((o) =>
          h(
            'button',
            {
              class: 'context-menu-item',
              role: 'menuitem',
              onclick: () => {
                close();
                o.run();
              },
            },
            o.label,
            o.target ? h('span', { class: 'context-menu-target' }, ` ${o.target}`) : null,
          ),
        ),
        h('button', { class: 'context-menu-item', role: 'menuitem', onclick: close }, 'Cancel'),
      );
      menu.hidden = false;
      const rect = menu.getBoundingClientRect();
      const x = Math.min(pageX, window.innerWidth - rect.width - 4);
      const y = Math.min(pageY, window.innerHeight - rect.height - 4);
      menu.style.left = `${Math.max(0, x)}px`;
      menu.style.top = `${Math.max(0, y)}px`;
    },
    closeMenu: close,
    dispose() {
      document.removeEventListener('mousedown', onDocDown, true);
      document.removeEventListener('keydown', onKey);
      menu.remove();
    },
  };
}
