/** A tiny DOM builder: `h('button', { class: 'x', onclick }, 'Label')`. No framework needed. */
type Attrs = Record<string, string | number | boolean | EventListener | undefined>;
type Child = Node | string | number | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: (Child | Child[])[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    if (typeof value === 'function') el.addEventListener(key.replace(/^on/, ''), value);
    else if (key === 'class') el.className = String(value);
    // Through the CSSOM: a `style` attribute is inline style, which the server's
    // Content-Security-Policy (style-src 'self') refuses.
    else if (key === 'style') el.style.cssText = String(value);
    else if (value === true) el.setAttribute(key, '');
    else el.setAttribute(key, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** Replaces an element's children. */
export function replaceChildren(el: Element, ...children: (Child | Child[])[]): void {
  el.replaceChildren(
    ...children
      .flat()
      .filter((c): c is Node | string | number => c !== null && c !== undefined && c !== false)
      .map((c) => (c instanceof Node ? c : document.createTextNode(String(c)))),
  );
}

/** 1234567 -> "1.2M", 12345 -> "12.3K" (RuneScape-style stack labels). */
export function shortNumber(n: number): string {
  if (n >= 10_000_000) return `${Math.floor(n / 1_000_000)}M`;
  if (n >= 100_000) return `${Math.floor(n / 1_000)}K`;
  return String(n);
}
