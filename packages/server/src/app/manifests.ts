import { loadContent, MANIFEST_FILES, missingRequiredManifests, type Content } from '../content/load';
import { syncManifests } from '../content/sync';
import type { Config } from './config';
import { BUNDLED_MANIFESTS_DIR } from './paths';

export interface LoadedContent {
  content: Content;
  /** The directory the content was loaded from (served under /manifests/). */
  dir: string;
}

/**
 * Start-up manifest phase, following the specification's rules: fetch from the CDN into the world's
 * cache (always in production and CI, only when something is missing in development), fall back to
 * the cache, or in development to the production CDN (PRODUCTION_CDN_URL) and then the bundled
 * manifests, and honour SKIP_MANIFESTS. Then validate everything.
 *
 * With SKIP_MANIFESTS the fetch and the required-file check are bypassed: the cache is used when it
 * holds the required files, else the bundled default world.
 */
export async function prepareContent(
  config: Config,
  cacheDir: string,
  log: (msg: string, extra?: object) => void,
): Promise<LoadedContent> {
  let dir = cacheDir;
  if (config.skipManifests) {
    const missing = await missingRequiredManifests(cacheDir);
    dir = missing.length === 0 ? cacheDir : BUNDLED_MANIFESTS_DIR;
    log(`manifests: SKIP_MANIFESTS set, fetch and checks bypassed; loading ${dir}`);
  } else {
    const fetchAlways = config.env === 'production' || config.ci;
    await syncManifests({
      cdnUrl: config.publicCdnUrl,
      // Rule 4 (development): bootstrap from the production CDN when PRODUCTION_CDN_URL names one,
      // else (or when it is down too) from the manifests bundled with the project, which are what
      // the project's CDN serves.
      ...(config.env === 'development'
        ? { fallbackCdnUrl: config.productionCdnUrl, fallbackDir: BUNDLED_MANIFESTS_DIR }
        : {}),
      cacheDir,
      files: MANIFEST_FILES,
      mode: fetchAlways ? 'always' : 'if-missing',
      skip: false,
      isSatisfied: missingRequiredManifests,
      log,
    });
  }
  log('manifests: validating');
  const content = await loadContent(dir);
  log('manifests: loaded', { dir });
  return { content, dir };
}
