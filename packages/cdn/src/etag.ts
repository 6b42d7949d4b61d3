import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Stats } from 'node:fs';

/**
 * Strong, content-derived entity tags.
 *
 * The default tag of the static-file layer is weak and built from size + mtime, so a fresh
 * checkout or a second CDN replica would announce a "change" for identical bytes. Hashing the
 * content makes the tag stable across machines and deploys, which is what the game server's
 * manifest sync compares. Hashes are memoised per (path, size, mtime) so a file is read once
 * per change.
 */
export class EtagCache {
  private readonly entries = new Map<string, { size: number; mtimeMs: number; etag: string }>();

  constructor(private readonly maxEntries = 10_000) {}

  /** The quoted strong ETag of the file at `absolutePath`, whose current stat is `stat`. */
  async etagFor(absolutePath: string, stat: Stats): Promise<string> {
    const hit = this.entries.get(absolutePath);
    if (hit && hit.size === stat.size && hit.mtimeMs === stat.mtimeMs) return hit.etag;
    const etag = `"${await hashFile(absolutePath)}"`;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(absolutePath, { size: stat.size, mtimeMs: stat.mtimeMs, etag });
    return etag;
  }
}

async function hashFile(absolutePath: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(absolutePath)) {
    hash.update(chunk as Buffer);
  }
  return hash.digest('base64url').slice(0, 32);
}

/**
 * RFC 9110 weak comparison for If-None-Match: `*` matches anything, and `W/"x"` matches `"x"`
 * (clients and intermediaries may weaken a strong tag, e.g. after compressing the body).
 */
export function ifNoneMatchSatisfied(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const trimmed = header.trim();
  if (trimmed === '*') return true;
  const opaque = stripWeak(etag);
  return trimmed
    .split(',')
    .map((token) => stripWeak(token.trim()))
    .some((token) => token === opaque);
}

function stripWeak(tag: string): string {
  return tag.startsWith('W/') ? tag.slice(2) : tag;
}
