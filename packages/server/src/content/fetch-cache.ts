/**
 * The local manifest cache: files at the same relative paths as on the CDN, plus
 * `.etags.json` recording, per file, the entity tag, the CDN it came from and the SHA-256 of
 * the bytes written. A tag is only replayed (If-None-Match) while the cached bytes still hash
 * to that value, so a deleted or hand-edited cache file is downloaded again instead of being
 * "confirmed" by a 304.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

export const ETAG_STORE_FILE = '.etags.json';

const etagStoreSchema = z.object({
  version: z.literal(1),
  files: z.record(z.string(), z.object({ etag: z.string(), origin: z.string(), sha256: z.string() })),
});
type EtagStore = z.infer<typeof etagStoreSchema>;
/** What the cache remembers about one file's last download. */
export type EtagEntry = EtagStore['files'][string];

/** A cached file's bytes and their hash. */
export interface CachedFile {
  bytes: Buffer;
  sha256: string;
}

/** Rejects absolute paths, `..`, backslashes and empty segments: names come from code, not users, but stay inside. */
export function assertSafeManifestPath(file: string): void {
  const ok =
    file.length > 0 &&
    !file.includes('\\') &&
    !file.includes('\0') &&
    file.split('/').every((s) => s.length > 0 && s !== '.' && s !== '..') &&
    !path.isAbsolute(file);
  if (!ok) throw new Error(`invalid manifest path "${file}"`);
}

export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** File-system side of the manifest sync. */
export class ManifestCache {
  private store: EtagStore = { version: 1, files: {} };
  private dirty = false;

  constructor(readonly dir: string) {}

  /** Loads `.etags.json`; a missing or corrupt store just means "no tags" (everything is re-downloaded). */
  async load(): Promise<{ corrupt: boolean }> {
    let raw: string;
    try {
      raw = await readFile(this.pathOf(ETAG_STORE_FILE), 'utf8');
    } catch {
      return { corrupt: false };
    }
    try {
      this.store = etagStoreSchema.parse(JSON.parse(raw));
      return { corrupt: false };
    } catch {
      this.store = { version: 1, files: {} };
      return { corrupt: true };
    }
  }

  pathOf(file: string): string {
    return path.join(this.dir, ...file.split('/'));
  }

  async read(file: string): Promise<CachedFile | undefined> {
    try {
      const bytes = await readFile(this.pathOf(file));
      return { bytes, sha256: sha256(bytes) };
    } catch {
      return undefined;
    }
  }

  /** The tag to send for `file` when asking `origin`, if the cached bytes are still the ones it described. */
  async validEtag(file: string, origin: string): Promise<string | undefined> {
    const entry = this.store.files[file];
    if (entry === undefined || entry.origin !== origin) return undefined;
    const cached = await this.read(file);
    return cached?.sha256 === entry.sha256 ? entry.etag : undefined;
  }

  /** Records the tag of bytes now in the cache (or forgets it when the CDN sent none). */
  remember(file: string, etag: string | undefined, origin: string, hash: string): void {
    const previous = this.store.files[file];
    if (etag === undefined) {
      if (previous !== undefined) {
        delete this.store.files[file];
        this.dirty = true;
      }
      return;
    }
    if (previous?.etag === etag && previous.origin === origin && previous.sha256 === hash) return;
    this.store.files[file] = { etag, origin, sha256: hash };
    this.dirty = true;
  }

  forget(file: string): void {
    if (this.store.files[file] === undefined) return;
    delete this.store.files[file];
    this.dirty = true;
  }

  /** Writes via a temporary sibling and rename, so readers never see a half-written manifest. */
  async writeAtomic(file: string, bytes: Buffer): Promise<void> {
    const target = this.pathOf(file);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      await writeFile(temp, bytes);
      await rename(temp, target);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
  }

  /** Moves a cached file aside (the CDN no longer has it); returns the stash path or undefined if absent. */
  async stash(file: string): Promise<string | undefined> {
    const target = this.pathOf(file);
    const aside = `${target}.${randomBytes(4).toString('hex')}.removed`;
    try {
      await rename(target, aside);
      return aside;
    } catch {
      return undefined;
    }
  }

  async unstash(file: string, aside: string): Promise<void> {
    await rename(aside, this.pathOf(file));
  }

  async discard(aside: string): Promise<void> {
    await rm(aside, { force: true });
  }

  async save(): Promise<void> {
    if (!this.dirty) return;
    await mkdir(this.dir, { recursive: true });
    await this.writeAtomic(ETAG_STORE_FILE, Buffer.from(`${JSON.stringify(this.store, null, 2)}\n`));
    this.dirty = false;
  }
}
