/**
 * Esc closes the open window, as in Old School RuneScape: the topmost of dialogue, trade (closing
 * the trade window declines the trade, as its × does), shop and bank. Esc first closes what sits on
 * top of a window: an open right-click menu or an amount box ("X") is closed alone. Esc typed in a
 * text field outside the windows (the chat input) is that field's (it leaves the field). A trade
 * request prompt is not answered by Esc: like the original's chat-line request, it is just ignored.
 */
/** The windows Esc closes, topmost first. */
export const ESCAPE_ORDER = ['dialogue', 'trade', 'shop', 'bank'] as const;
export type EscapableWindow = (typeof ESCAPE_ORDER)[number];

/** What is on screen when Esc is pressed. */
export interface EscapeContext {
  /** Windows currently shown. */
  open: ReadonlySet<string>;
  /** A right-click menu is open (Esc closes it, and only it). */
  menuOpen: boolean;
  /** An amount box is open in a window (Esc cancels it, and only it). */
  askOpen: boolean;
  /** The key was typed in a text field that is not inside a window (chat, private message). */
  typingOutsideWindow: boolean;
}

/** The window Esc closes, or undefined when Esc is for something else (or nothing is open). */
export function escapeTarget(ctx: EscapeContext): EscapableWindow | undefined {
  if (ctx.menuOpen || ctx.askOpen || ctx.typingOutsideWindow) return undefined;
  return ESCAPE_ORDER.find((w) => ctx.open.has(w));
}

function isTextField(el: Element | null): boolean {
  if (!el) return false;
  const tag = el.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || (el as HTMLElement).isContentEditable;
}

/**
 * Listens for Esc (window, capture phase: before the menu's own listener closes the menu) and
 * clicks the close button of the window `escapeTarget` picks. Returns the remover.
 */
export function installEscape(overlay: HTMLElement): () => void {
  const onKey = (e: KeyboardEvent): void => {
    if (e.key !== 'Escape' || e.defaultPrevented) return;
    const target = e.target instanceof Element ? e.target : null;
    const open = new Set<string>();
    for (const id of ESCAPE_ORDER) {
      const win = overlay.querySelector<HTMLElement>(`:scope > [data-testid="${id}"]`);
      if (win && !win.hidden) open.add(id);
    }
    const menu = document.querySelector<HTMLElement>('[data-testid="context-menu"]');
    const chosen = escapeTarget({
      open,
      menuOpen: menu !== null && !menu.hidden,
      askOpen: overlay.querySelector('.iface:not([hidden]) .iface-ask') !== null,
      typingOutsideWindow: isTextField(target) && target?.closest('.iface') == null,
    });
    if (!chosen) return;
    const button = overlay.querySelector<HTMLElement>(`:scope > [data-testid="${chosen}"] .iface-close`);
    if (!button) return;
    e.preventDefault();
    button.click();
  };
  window.addEventListener('keydown', onKey, true);
  return () => window.removeEventListener('keydown', onKey, true);
}
