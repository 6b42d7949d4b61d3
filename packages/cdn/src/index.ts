/**
 * Companion asset CDN: manifests, models, music and world assets with strong ETags,
 * per-area Cache-Control and a /health probe.
 */
export { buildCdn } from './app';
export type { CdnOptions } from './app';
export {
  ASSET_CACHE_CONTROL,
  CDN_AREAS,
  MANIFEST_CACHE_CONTROL,
  NOT_FOUND_CACHE_CONTROL,
  isAllowedPath,
} from './areas';
export type { CdnArea } from './areas';
export { CDN_CONFIG_VARIABLES, loadCdnConfig } from './config';
export type { CdnConfig } from './config';
export { errorBody } from './errors';
export type { CdnErrorBody } from './errors';
