import './panels.css';
import { h } from '../../dom';
import type { GameStore, StoreEvents } from '../../game/store';
import type { UiHooks } from '../../ui-hooks';
import { mountChat } from './chat';
import { mountEquipment } from './equipment';
import { mountFriends } from './friends';
import { mountInventory } from './inventory';
import { mountMinimap } from './minimap';
import { mountPrayer } from './prayer';
import { mountQuests } from './quests';
import { mountSkills } from './skills';
import { mountStatus } from './status';

export type TabId = Exclude<StoreEvents['focus'][0], 'chat'>;

const TABS: { id: TabId; label: string; title: string }[] = [
  { id: 'inventory', label: 'Inv', title: 'Inventory' },
  { id: 'equipment', label: 'Equip', title: 'Worn equipment' },
  { id: 'skills', label: 'Skills', title: 'Skills' },
  { id: 'prayer', label: 'Prayer', title: 'Prayer' },
  { id: 'quests', label: 'Quests', title: 'Quest journal' },
  { id: 'friends', label: 'Friends', title: 'Friends and ignore list' },
];

/**
 * Mounts the side panels (tabs: inventory, equipment, skills, prayer, quests, friends; one shown at
 * a time), the chat box, the minimap and the status HUD. `store.local` focus events switch tabs
 * (or focus the chat input). Returns the function that unmounts everything and removes every
 * listener.
 */
export function mountPanels(
  els: { sidebar: HTMLElement; chat: HTMLElement; minimap: HTMLElement; status: HTMLElement },
  store: GameStore,
  ui: UiHooks,
): () => void {
  const disposers: (() => void)[] = [];
  const buttons = new Map<TabId, HTMLButtonElement>();
  const bodies = new Map<TabId, HTMLElement>();
  const tabBar = h('div', { class: 'tab-bar', role: 'tablist' });
  const content = h('div', { class: 'tab-content' });
  for (const tab of TABS) {
    const button = h(
      'button',
      { class: 'tab', role: 'tab', 'data-tab': tab.id, 'data-testid': `tab-${tab.id}`, title: tab.title },
      tab.label,
    );
    const body = h('div', {
      class: `tab-panel tab-panel-${tab.id}`,
      role: 'tabpanel',
      'data-testid': `panel-${tab.id}`,
    });
    buttons.set(tab.id, button);
    bodies.set(tab.id, body);
    tabBar.append(button);
    content.append(body);
  }
  const panels = h('div', { class: 'panels' }, tabBar, content);
  els.sidebar.append(panels);

  let current: TabId = 'inventory';
  const show = (id: TabId): void => {
    current = id;
    for (const [tab, button] of buttons) {
      const on = tab === id;
      button.classList.toggle('active', on);
      button.setAttribute('aria-selected', on ? 'true' : 'false');
      const body = bodies.get(tab);
      if (body) body.hidden = !on;
    }
  };
  const onTabClick = (e: MouseEvent): void => {
    const id = (e.target as Element | null)?.closest('[data-tab]')?.getAttribute('data-tab');
    const tab = TABS.find((t) => t.id === id);
    if (tab) show(tab.id);
  };
  tabBar.addEventListener('click', onTabClick);
  disposers.push(() => tabBar.removeEventListener('click', onTabClick));

  const body = (id: TabId): HTMLElement => {
    const el = bodies.get(id);
    if (!el) throw new Error(`no panel ${id}`);
    return el;
  };
  disposers.push(mountInventory(body('inventory'), store, ui));
  disposers.push(mountEquipment(body('equipment'), store, ui));
  disposers.push(mountSkills(body('skills'), store));
  disposers.push(mountPrayer(body('prayer'), store));
  disposers.push(mountQuests(body('quests'), store));
  disposers.push(mountFriends(body('friends'), store));
  const chat = mountChat(els.chat, store);
  disposers.push(chat.dispose);
  disposers.push(mountMinimap(els.minimap, store));
  disposers.push(mountStatus(els.status, store));

  disposers.push(
    store.local.on('focus', (target) => {
      if (target === 'chat') chat.focus();
      else show(target);
    }),
  );
  // Picking an item for "Use" from elsewhere brings the inventory forward.
  disposers.push(
    store.local.on('selection', (sel) => {
      if (sel && current !== 'inventory') show('inventory');
    }),
  );
  show(current);

  return () => {
    for (const dispose of disposers.reverse()) dispose();
    panels.remove();
    els.chat.replaceChildren();
    els.minimap.replaceChildren();
    els.status.replaceChildren();
  };
}
