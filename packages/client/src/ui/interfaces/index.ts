import type { GameStore } from '../../game/store';
import type { UiHooks } from '../../ui-hooks';
import { mountBank } from './bank';
import { mountDialogue } from './dialogue';
import { installEscape } from './escape';
import { mountShop } from './shop';
import { mountTrade } from './trade';
import './interfaces.css';

/**
 * The interfaces over the 3D view: bank, shop, trade (request prompt and both screens) and NPC
 * dialogue. Each window shows itself when the server opens it and hides when the server closes it;
 * Esc closes the topmost one (escape.ts). Returns the function that removes every window and listener.
 */
export function mountInterfaces(overlay: HTMLElement, store: GameStore, ui: UiHooks): () => void {
  const disposers = [
    mountBank(overlay, store, ui),
    mountShop(overlay, store, ui),
    mountTrade(overlay, store, ui),
    mountDialogue(overlay, store),
    installEscape(overlay),
  ];
  return () => {
    for (const dispose of disposers.reverse()) dispose();
  };
}
