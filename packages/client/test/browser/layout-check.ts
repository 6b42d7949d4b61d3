/**
 * The layout check run inside the page (a script string: this file is type-checked without the
 * DOM library): for one open window, the panes that must not overlap and the controls that must be
 * on screen and clickable.
 */
import type { Page } from 'playwright-core';
import { z } from 'zod';

/** The blocks a window is made of; two of them (neither inside the other) must not overlap. */
const PANES =
  '.iface-head, .iface-body, .iface-col, .iface-grid, .trade-offer, .iface-actions, .trade-coins, .dialogue-answers';
/** What the player clicks or types in. */
const CONTROLS = 'button, input, [role="button"], .iface-item';

const SCRIPT = (testId: string): string => `(() => {
  const problems = [];
  const win = document.querySelector('[data-testid=${JSON.stringify(testId)}]');
  if (!win || win.hidden) return ['the window ' + ${JSON.stringify(testId)} + ' is not open'];
  const vw = window.innerWidth, vh = window.innerHeight;
  const label = (el) => (el.getAttribute('data-testid') || el.className || el.tagName) + ' "' + (el.textContent || '').trim().slice(0, 30) + '"';
  const inside = (r, b) => r.left >= b.left - 0.5 && r.top >= b.top - 0.5 && r.right <= b.right + 0.5 && r.bottom <= b.bottom + 0.5;
  const screen = { left: 0, top: 0, right: vw, bottom: vh };
  if (!inside(win.getBoundingClientRect(), screen)) problems.push('the window is not inside the viewport');
  const panes = [...win.querySelectorAll(${JSON.stringify(PANES)})].filter((p) => !p.closest('.iface-ask') && p.getClientRects().length > 0);
  for (let i = 0; i < panes.length; i++) {
    for (let j = i + 1; j < panes.length; j++) {
      const a = panes[i], b = panes[j];
      if (a.contains(b) || b.contains(a)) continue;
      const ra = a.getBoundingClientRect(), rb = b.getBoundingClientRect();
      const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
      const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
      if (w > 1 && h > 1) problems.push('panes overlap: ' + label(a) + ' and ' + label(b));
    }
  }
  const scroller = (el) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const s = getComputedStyle(p);
      if (/(auto|scroll)/.test(s.overflowY + s.overflowX) && (p.scrollHeight > p.clientHeight + 1 || p.scrollWidth > p.clientWidth + 1)) return p;
    }
    return undefined;
  };
  let count = 0;
  // An open amount box is modal inside its window: then its own controls are the ones to reach.
  const ask = win.querySelector('.iface-ask');
  for (const el of (ask || win).querySelectorAll(${JSON.stringify(CONTROLS)})) {
    if (el.getClientRects().length === 0) continue;
    count++;
    // Reachable: on screen, or brought there by scrolling its own scroll box (with a scrollbar).
    const before = el.getBoundingClientRect();
    const box = scroller(el);
    if (box && !inside(box.getBoundingClientRect(), screen)) problems.push('its scroll box is off screen: ' + label(el));
    el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const r = el.getBoundingClientRect();
    const scrolled = Math.abs(r.top - before.top) + Math.abs(r.left - before.left) > 0.5;
    if (scrolled && (!box || getComputedStyle(box).scrollbarWidth === 'none')) problems.push('reached only by a hidden scroll: ' + label(el));
    if (!inside(r, screen)) { problems.push('off screen: ' + label(el)); continue; }
    if (r.width < 8 || r.height < 8) { problems.push('too small to click: ' + label(el)); continue; }
    const x = Math.min(vw - 1, Math.max(0, r.left + r.width / 2));
    const y = Math.min(vh - 1, Math.max(0, r.top + r.height / 2));
    const hit = document.elementFromPoint(x, y);
    if (!hit || !(el === hit || el.contains(hit))) problems.push('covered by ' + (hit ? label(hit) : 'nothing') + ': ' + label(el));
  }
  if (count === 0) problems.push('no controls found');
  window.scrollTo(0, 0);
  for (const el of win.querySelectorAll('.iface-body')) el.scrollTop = 0;
  for (const el of win.querySelectorAll('.iface-grid, .trade-offer')) el.scrollTop = 0;
  return problems;
})()`;

/** The layout problems of an open window (empty when none). */
export async function layoutProblems(page: Page, testId: string): Promise<string[]> {
  return z.array(z.string()).parse(await page.evaluate(SCRIPT(testId)));
}
