/**
 * The public areas of the asset CDN and the rules each one follows.
 *
 * Every request path is checked against its area before the file system is touched, so the
 * set of servable files is explicit: nothing outside these folders, no dotfiles, no odd names.
 */

/** One folder of the asset root, exposed under `/<name>/`. */
export interface CdnArea {
  /** URL prefix and folder name under the asset root. */
  readonly name: 'manifests' | 'models' | 'audio' | 'world' | 'icons';
  /** Which relative paths (below the folder) may be served. */
  readonly allowed: RegExp;
  /** Cache-Control header sent with every file of the area (and with its 304 answers). */
  readonly cacheControl: string;
}

/**
 * Manifests change with content deploys and the game server revalidates them at startup, so
 * they get the short lifetime the interface requires (300 s) plus `must-revalidate`.
 */
export const MANIFEST_CACHE_CONTROL = 'public, max-age=300, must-revalidate';

/**
 * Models, music and world assets are large, change rarely and are revalidated cheaply by ETag:
 * a day of freshness, then a conditional request. File names are not content-hashed, so they
 * are deliberately not marked `immutable`.
 */
export const ASSET_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=3600';

/** 404s must not be cached: a file added a moment later should be visible at once. */
export const NOT_FOUND_CACHE_CONTROL = 'no-store';

/** A safe path segment: starts with a letter or digit (so no `.`/`..`/dotfiles), no separators. */
const SEGMENT = '[A-Za-z0-9][A-Za-z0-9._-]*';

export const CDN_AREAS: readonly CdnArea[] = [
  {
    name: 'manifests',
    allowed: new RegExp(`^(?:${SEGMENT}/)*${SEGMENT}\\.json$`),
    cacheControl: MANIFEST_CACHE_CONTROL,
  },
  { name: 'models', allowed: new RegExp(`^${SEGMENT}\\.glb$`), cacheControl: ASSET_CACHE_CONTROL },
  {
    name: 'audio',
    allowed: new RegExp(`^music/(?:normal|combat)/${SEGMENT}\\.mp3$`),
    cacheControl: ASSET_CACHE_CONTROL,
  },
  { name: 'icons', allowed: new RegExp(`^${SEGMENT}\\.svg$`), cacheControl: ASSET_CACHE_CONTROL },
  { name: 'world', allowed: new RegExp(`^(?:${SEGMENT}/)*${SEGMENT}$`), cacheControl: ASSET_CACHE_CONTROL },
];

/**
 * Whether `relativePath` (the part after `/<area>/`, already URL-decoded) may be served.
 * Rejects `..`, dotfiles, backslashes, NUL bytes, empty segments and wrong extensions.
 */
export function isAllowedPath(area: CdnArea, relativePath: string): boolean {
  if (relativePath.length === 0 || relativePath.length > 512) return false;
  return area.allowed.test(relativePath);
}
