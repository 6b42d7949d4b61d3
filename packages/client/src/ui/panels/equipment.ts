import { EQUIP_SLOTS } from '@tilerealm/protocol';
import { itemName } from '../../content';
import { itemIcon } from '../../items/icons';
import { h, replaceChildren, shortNumber } from '../../dom';
import type { GameStore } from '../../game/store';
import type { UiHooks } from '../../ui-hooks';
import { bonusLabel, sumBonuses } from './items-logic';
import { Disposers } from './shared';

type EquipSlot = (typeof EQUIP_SLOTS)[number];

const SLOT_LABEL: Record<EquipSlot, string> = {
  head: 'Head',
  cape: 'Cape',
  neck: 'Neck',
  ammo: 'Ammo',
  weapon: 'Weapon',
  body: 'Body',
  shield: 'Shield',
  legs: 'Legs',
  hands: 'Hands',
  feet: 'Feet',
  ring: 'Ring',
};

/** The RuneScape paper-doll layout: grid rows of slots (null = an empty cell). */
const LAYOUT: (EquipSlot | null)[][] = [
  [null, 'head', null],
  ['cape', 'neck', 'ammo'],
  ['weapon', 'body', 'shield'],
  [null, 'legs', null],
  ['hands', 'feet', 'ring'],
];

/** The equipment tab: worn items (click to take off) and the summed equipment bonuses. */
export function mountEquipment(root: HTMLElement, store: GameStore, ui: UiHooks): () => void {
  const d = new Disposers();
  const content = store.content;
  const cells = new Map<EquipSlot, HTMLButtonElement>();
  const grid = h(
    'div',
    { class: 'equip-grid' },
    LAYOUT.flat().map((slot) => {
      if (!slot) return h('div', { class: 'equip-empty' });
      const cell = h('button', {
        class: 'equip-slot',
        'data-slot': slot,
        'data-testid': `equipment-slot-${slot}`,
      });
      cells.set(slot, cell);
      return cell;
    }),
  );
  const bonuses = h('div', { class: 'equip-bonuses' });
  root.append(h('div', { class: 'panel-equipment' }, grid, h('h4', {}, 'Equipment bonuses'), bonuses));

  const worn = (slot: string): { itemId: string; quantity: number } | undefined =>
    store.world.player?.equipment.find((s) => s.slot === slot);

  const render = (): void => {
    for (const [slot, cell] of cells) {
      const item = worn(slot);
      if (!item) {
        cell.removeAttribute('data-item-id');
        cell.classList.remove('filled');
        cell.title = SLOT_LABEL[slot];
        replaceChildren(cell, h('span', { class: 'equip-label' }, SLOT_LABEL[slot]));
        continue;
      }
      const name = itemName(content, item.itemId);
      cell.setAttribute('data-item-id', item.itemId);
      cell.classList.add('filled');
      cell.title = `Remove ${name}`;
      replaceChildren(
        cell,
        itemIcon(item.itemId),
        item.quantity > 1 ? h('span', { class: 'inv-qty' }, shortNumber(item.quantity)) : null,
        h('span', { class: 'inv-name' }, name),
      );
    }
    const totals = sumBonuses((store.world.player?.equipment ?? []).map((s) => content.items.get(s.itemId)));
    const entries = Object.entries(totals).sort(([a], [b]) => a.localeCompare(b));
    replaceChildren(
      bonuses,
      entries.length === 0
        ? h('div', { class: 'muted' }, 'No bonuses.')
        : entries.map(([key, value]) =>
            h(
              'div',
              { class: 'bonus-row' },
              h('span', {}, bonusLabel(key)),
              h('span', { class: value < 0 ? 'neg' : 'pos' }, value > 0 ? `+${value}` : String(value)),
            ),
          ),
    );
  };

  const slotOf = (e: Event): EquipSlot | undefined => {
    const el = (e.target as Element | null)?.closest('[data-slot]');
    const slot = el?.getAttribute('data-slot');
    return EQUIP_SLOTS.find((s) => s === slot);
  };
  const unequip = (slot: EquipSlot): void => void store.act('equipment:unequip', { slot });

  d.listen(grid, 'click', (e) => {
    const slot = slotOf(e);
    if (slot && worn(slot)) unequip(slot);
  });
  d.listen(grid, 'contextmenu', (e) => {
    const slot = slotOf(e);
    const item = slot ? worn(slot) : undefined;
    if (!slot || !item) return;
    e.preventDefault();
    const name = itemName(content, item.itemId);
    ui.openMenu(e.pageX, e.pageY, [
      { label: 'Remove', target: name, run: () => unequip(slot) },
      {
        label: 'Examine',
        target: name,
        run: () =>
          store.log({ channel: 'game', text: content.items.get(item.itemId)?.examine ?? `It's ${name}.` }),
      },
    ]);
  });

  d.add(store.on('equipment:update', render));
  d.add(store.on('player:sync', render));
  render();
  return () => d.dispose();
}
