import { h } from '../../dom';
import { formatCoins, parseQuantity } from './quantity';

/**
 * The trade window's coin row: how many coins are free to offer, an amount field (Enter offers;
 * "10k", "1m" work) and the "Offer coins" button. A bad amount marks the field invalid.
 */
export function coinOffer(free: number, addCoins: (quantity: number) => void): HTMLElement {
  const input = h('input', {
    type: 'text',
    inputmode: 'numeric',
    placeholder: 'Coins',
    'aria-label': 'Coins to offer',
    'data-testid': 'trade-coins-input',
  });
  const submit = (): void => {
    const n = parseQuantity(input.value);
    if (n === undefined) {
      input.classList.add('invalid');
      return;
    }
    addCoins(n);
  };
  input.addEventListener('keydown', (e) => {
    // Typing here is not for the game's keyboard shortcuts (Esc is caught before, by escape.ts).
    e.stopPropagation();
    if (e.key === 'Enter') submit();
  });
  return h(
    'div',
    { class: 'trade-coins' },
    h('div', { class: 'muted' }, `Coin pouch: ${formatCoins(free)} free to offer`),
    h(
      'div',
      { class: 'row' },
      input,
      h('button', { 'data-testid': 'trade-coins-add', onclick: submit, disabled: free === 0 }, 'Offer coins'),
    ),
  );
}
