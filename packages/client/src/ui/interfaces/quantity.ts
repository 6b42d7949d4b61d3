/** Pure helpers for amounts typed by the player ("X" options, the coin offer box). */

const MAX_QUANTITY = 2_147_483_647;

/**
 * Parses an amount: "25", "1,000", "10k", "2.5m", "1b". Returns undefined for anything that is not a
 * positive whole number once the suffix is applied; caps at the protocol's 2^31-1.
 */
export function parseQuantity(text: string): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([kmb])?\s*$/i.exec(text.replace(/[,_\s](?=\d)/g, ''));
  if (!m || m[1] === undefined) return undefined;
  const factor =
    { k: 1_000, m: 1_000_000, b: 1_000_000_000 }[(m[2] ?? '').toLowerCase() as 'k' | 'm' | 'b'] ?? 1;
  const n = Math.floor(Number(m[1]) * factor);
  if (!Number.isFinite(n) || n < 1) return undefined;
  return Math.min(n, MAX_QUANTITY);
}

/** "1,234,567" */
export function formatCoins(n: number): string {
  return n.toLocaleString('en-US');
}
