/**
 * The ground height formula lives in the protocol package, so the browser client draws exactly the
 * ground the server builds its tile map with (see packages/protocol/src/terrain.ts).
 */
export { HEIGHT_NOISE_CELL, latticeHash, terrainHeight, valueNoise } from '@tilerealm/protocol';
