/**
 * Draws one item icon as a small SVG (32 x 32 view box, flat colours with a dark outline, in the
 * spirit of classic inventory sprites) from an item's shape and material colour. Pure string
 * building: the same item always gives the same bytes.
 */
import type { ItemShape } from '../../packages/client/src/items/palette';

const OUTLINE = '#1c1710';
const WOOD = '#8a5a2e';
const LEATHER = '#7a4a26';

/** Darker / lighter variants of a `#rrggbb` colour (factor < 1 darkens, > 1 lightens). */
export function shade(hex: string, factor: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const ch = (v: number): string =>
    Math.max(0, Math.min(255, Math.round(factor <= 1 ? v * factor : v + (255 - v) * (factor - 1))))
      .toString(16)
      .padStart(2, '0');
  return `#${ch((n >> 16) & 255)}${ch((n >> 8) & 255)}${ch(n & 255)}`;
}

const poly = (pts: string, fill: string): string =>
  `<polygon points="${pts}" fill="${fill}" stroke="${OUTLINE}" stroke-width="1" stroke-linejoin="round"/>`;
const rect = (x: number, y: number, w: number, h: number, fill: string, r = 0): string =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="${fill}" stroke="${OUTLINE}" stroke-width="1"/>`;
const circle = (cx: number, cy: number, r: number, fill: string): string =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" stroke="${OUTLINE}" stroke-width="1"/>`;
const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string): string =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}" stroke="${OUTLINE}" stroke-width="1"/>`;
const line = (x1: number, y1: number, x2: number, y2: number, colour: string, w = 2): string =>
  `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${colour}" stroke-width="${w}" stroke-linecap="round"/>`;
const path = (d: string, fill: string): string =>
  `<path d="${d}" fill="${fill}" stroke="${OUTLINE}" stroke-width="1" stroke-linejoin="round"/>`;

/** A diagonal blade from the lower left hilt to the upper right tip, `len` long. */
function blade(c: string, len: number, width: number, curved = false): string {
  const tx = Math.round(11 + len * 0.75);
  const ty = Math.round(21 - len * 0.75);
  const hilt = `${line(6, 26, 11, 21, WOOD, 3)}${line(8, 17, 15, 24, shade(c, 0.7), 2.5)}`;
  const edge = curved
    ? path(`M10 20 Q${tx - 8} ${ty} ${tx} ${ty} Q${tx - 4} ${ty + 8} ${11 + width} ${22 + width} Z`, c)
    : poly(`${11 - width},${21 - width} ${tx},${ty} ${11 + width},${21 + width}`, c);
  return edge + hilt;
}

function haft(): string {
  return line(8, 28, 22, 6, WOOD, 3);
}

/** SVG elements of one shape in colour `c` (no `<svg>` wrapper). */
export function shapeElements(shape: ItemShape, c: string): string {
  const dark = shade(c, 0.65);
  const light = shade(c, 1.35);
  switch (shape) {
    case 'dagger':
      return blade(c, 12, 2);
    case 'sword':
      return blade(c, 17, 2);
    case 'longsword':
      return blade(c, 21, 2);
    case 'greatsword':
      return blade(c, 24, 3);
    case 'scimitar':
      return blade(c, 19, 3, true);
    case 'mace':
      return haft() + circle(21, 8, 5, c) + circle(21, 8, 2, light);
    case 'warhammer':
      return haft() + rect(14, 4, 14, 7, c, 1);
    case 'battleaxe':
      return haft() + path('M18 3 Q30 6 27 17 Q22 12 16 12 Z', c) + path('M18 9 Q10 4 12 2 Z', dark);
    case 'axe':
      return haft() + path('M18 5 Q28 5 26 15 Q22 11 17 11 Z', c);
    case 'pickaxe':
      return haft() + path('M6 9 Q18 0 29 10 Q18 5 6 9 Z', c);
    case 'bow':
      return path('M10 3 Q28 16 10 29 L11 27 Q25 16 11 5 Z', c) + line(10, 4, 10, 28, '#e8e0c8', 1);
    case 'arrow':
      return (
        line(6, 26, 24, 8, WOOD, 2) + poly('24,8 20,8 26,4 26,10', c) + poly('6,26 4,22 9,24 8,29', '#eeeeee')
      );
    case 'helm':
      return path('M6 22 Q6 6 16 6 Q26 6 26 22 Z', c) + rect(6, 20, 20, 4, dark);
    case 'full_helm':
      return path('M6 27 L6 14 Q6 5 16 5 Q26 5 26 14 L26 27 Z', c) + rect(10, 14, 12, 2, OUTLINE);
    case 'hood':
      return path('M5 28 Q4 6 16 5 Q28 6 27 28 L22 28 Q22 13 16 13 Q10 13 10 28 Z', c);
    case 'hat':
      return rect(8, 20, 16, 6, c, 1) + path('M8 21 Q4 8 12 9 Q16 3 20 9 Q28 8 24 21 Z', c);
    case 'body':
      return (
        path('M9 5 L23 5 L29 11 L26 16 L23 13 L23 28 L9 28 L9 13 L6 16 L3 11 Z', c) +
        line(16, 8, 16, 26, dark, 1)
      );
    case 'legs':
      return path('M8 4 L24 4 L26 29 L18 29 L16 13 L14 29 L6 29 Z', c);
    case 'shield':
      return rect(6, 5, 20, 22, c, 3) + circle(16, 16, 3, light);
    case 'kiteshield':
      return path('M5 5 L27 5 L27 14 Q27 24 16 30 Q5 24 5 14 Z', c) + line(16, 8, 16, 25, light, 2);
    case 'cape':
      return path('M10 3 L22 3 L27 29 L5 29 Z', c) + rect(9, 2, 14, 3, shade(c, 0.5));
    case 'gloves':
      return path('M9 28 L9 12 Q9 8 12 8 L12 5 L21 5 L23 11 L23 28 Z', c) + rect(8, 23, 16, 5, dark);
    case 'boots':
      return path('M7 4 L15 4 L15 20 L27 22 L27 28 L7 28 Z', c);
    case 'amulet':
      return path('M8 4 Q16 22 24 4', 'none') + circle(16, 22, 5, c) + circle(16, 22, 2, light);
    case 'ring':
      return circle(16, 18, 8, 'none') + circle(16, 18, 6, 'none') + circle(16, 10, 3, c);
    case 'ore':
      return (
        path('M4 22 L8 9 L18 5 L28 12 L27 25 L14 28 Z', '#6e655a') +
        poly('10,14 15,11 17,16 12,18', c) +
        poly('19,18 24,16 23,22', c) +
        poly('14,22 17,21 17,25', c)
      );
    case 'bar':
      return (
        poly('4,22 10,12 28,12 22,22', c) +
        poly('4,22 22,22 22,26 4,26', dark) +
        poly('22,22 28,12 28,16 22,26', dark)
      );
    case 'logs':
      return (
        rect(3, 15, 22, 9, WOOD, 4) +
        ellipse(25, 19.5, 3, 4.5, c) +
        rect(7, 7, 22, 9, WOOD, 4) +
        ellipse(29, 11.5, 2.5, 4.5, c)
      );
    case 'gem':
      return (
        poly('8,12 12,6 20,6 24,12 16,27', c) +
        poly('8,12 24,12 16,27', dark) +
        poly('12,6 16,12 20,6', light)
      );
    case 'fish':
      return (
        path('M4 16 Q14 6 24 16 Q14 26 4 16 Z', c) +
        poly('23,16 29,10 29,22', dark) +
        circle(9, 14, 1, OUTLINE)
      );
    case 'meat':
      return path('M6 20 Q4 8 16 7 Q27 7 26 18 Q24 27 12 26 Z', c) + circle(22, 21, 2.5, '#f0ead8');
    case 'bread':
      return (
        path('M4 22 Q4 8 16 8 Q28 8 28 22 Z', c) +
        line(11, 12, 13, 18, dark, 1) +
        line(19, 12, 21, 18, dark, 1)
      );
    case 'cheese':
      return poly('4,24 28,24 28,14 4,20', c) + circle(12, 21, 1.5, dark) + circle(22, 19, 2, dark);
    case 'apple':
      return circle(16, 18, 10, c) + line(16, 8, 18, 3, WOOD, 2) + ellipse(21, 6, 3, 1.5, '#3e9a3a');
    case 'pie':
      return ellipse(16, 19, 13, 7, c) + ellipse(16, 17, 11, 5, light);
    case 'coins':
      return ellipse(12, 22, 8, 4, c) + ellipse(18, 17, 8, 4, c) + ellipse(14, 11, 8, 4, light);
    case 'feather':
      return path('M6 28 Q8 10 26 4 Q22 20 6 28 Z', '#f4f4ee') + line(6, 28, 22, 8, '#b0a890', 1);
    case 'bait':
      return path('M8 24 Q6 14 14 12 Q22 10 24 18', 'none') + circle(10, 22, 2, c) + circle(18, 12, 2, c);
    case 'ashes':
      return path('M4 26 Q10 14 16 14 Q22 14 28 26 Z', '#8a8a86') + circle(14, 20, 1, '#5a5a56');
    case 'nest':
      return (
        ellipse(16, 20, 12, 7, WOOD) + ellipse(13, 16, 3, 4, '#e8e6d6') + ellipse(19, 16, 3, 4, '#dfe8f0')
      );
    case 'bones':
      return (
        line(7, 25, 25, 7, '#e8e2cc', 4) +
        circle(6, 23, 3, '#e8e2cc') +
        circle(9, 27, 3, '#e8e2cc') +
        circle(23, 5, 3, '#e8e2cc') +
        circle(27, 9, 3, '#e8e2cc')
      );
    case 'banner':
      return line(8, 3, 8, 30, WOOD, 2) + path('M9 4 L26 6 L22 12 L26 18 L9 17 Z', c);
    case 'scroll':
      return (
        rect(6, 6, 20, 20, '#ece0b8', 2) +
        line(10, 12, 22, 12, '#7a6a4a', 1) +
        line(10, 16, 22, 16, '#7a6a4a', 1) +
        line(10, 20, 18, 20, '#7a6a4a', 1)
      );
    case 'sigil':
      return poly('16,3 27,9 27,21 16,29 5,21 5,9', c) + circle(16, 16, 5, light);
    case 'hide':
      return (
        path('M5 8 L27 6 L29 26 L20 22 L12 28 L4 24 Z', '#c8b898') +
        circle(12, 13, 3, '#3a2a1a') +
        circle(21, 18, 4, '#3a2a1a')
      );
    case 'hammer':
      return haft() + rect(15, 3, 12, 7, '#8c8c8c', 1);
    case 'tinderbox':
      return rect(5, 10, 22, 14, '#8c7a5a', 2) + rect(5, 10, 22, 4, '#6a5a40', 2);
    case 'net':
      return (
        circle(16, 16, 11, 'none') +
        line(8, 8, 24, 24, '#c8b890', 1) +
        line(24, 8, 8, 24, '#c8b890', 1) +
        line(5, 16, 27, 16, '#c8b890', 1) +
        line(16, 5, 16, 27, '#c8b890', 1)
      );
    case 'rod':
      return (
        line(5, 29, 27, 3, WOOD, 2) + path('M27 3 Q30 14 24 24', 'none') + circle(24, 25, 1.5, '#c0c0c0')
      );
    case 'pot':
      return (
        rect(5, 9, 22, 17, '#9a7a4a', 3) +
        line(5, 15, 27, 15, OUTLINE, 1) +
        line(5, 21, 27, 21, OUTLINE, 1) +
        line(16, 9, 16, 26, OUTLINE, 1)
      );
    case 'harpoon':
      return (
        line(6, 27, 24, 9, WOOD, 2) + poly('22,7 29,3 26,11', '#a0a4a8') + line(24, 9, 20, 7, '#a0a4a8', 1.5)
      );
    case 'bag':
      return (
        path('M8 12 Q6 28 16 28 Q26 28 24 12 Z', LEATHER) +
        rect(12, 6, 8, 6, shade(LEATHER, 0.7), 1) +
        circle(16, 19, 3, c)
      );
  }
}

/** The whole SVG document of an icon. */
export function iconSvg(shape: ItemShape, colour: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32">` +
    shapeElements(shape, colour) +
    `</svg>\n`
  );
}
