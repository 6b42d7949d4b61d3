import './icons.css';

/**
 * Item icons: the one place the UI gets an item's picture from. The icons are SVGs generated for
 * every item by scripts/generate-icons.ts and served by the asset CDN at `/icons/<itemId>.svg`.
 * An icon that cannot load removes itself, so the slot falls back to the item's name alone.
 */

let base = '';

/** Sets the CDN the icons come from (the session's `cdnUrl`); call once before drawing slots. */
export function configureItemIcons(cdnUrl: string): void {
  base = cdnUrl.replace(/\/+$/, '');
}

/** The icon's address for an item id (ids are manifest ids; anything else is encoded). */
export function itemIconUrl(itemId: string, cdnUrl: string = base): string {
  return `${cdnUrl.replace(/\/+$/, '')}/icons/${encodeURIComponent(itemId)}.svg`;
}

/**
 * An `<img>` of the item's icon, for any slot (inventory, equipment, bank, shop, trade): placed at
 * the top of its slot, or `inline` (20 px, in the flow of a row such as a trade offer line).
 */
export function itemIcon(itemId: string, opts: { inline?: boolean } = {}): HTMLImageElement {
  const img = document.createElement('img');
  img.className = opts.inline ? 'item-icon inline' : 'item-icon';
  img.alt = '';
  img.draggable = false;
  img.decoding = 'async';
  img.setAttribute('aria-hidden', 'true');
  img.setAttribute('data-icon', itemId);
  img.addEventListener('error', () => img.remove(), { once: true });
  img.src = itemIconUrl(itemId);
  return img;
}
