/** Small helpers of the object layer (objects.ts): footprints, placements and fallback colours. */

export function inRect(
  r: { minX: number; minZ: number; maxX: number; maxZ: number },
  t: { x: number; z: number },
): boolean {
  return t.x >= r.minX && t.x <= r.maxX && t.z >= r.minZ && t.z <= r.maxZ;
}

export function rotationOf(p: object): number {
  const r = (p as { rotation?: unknown }).rotation;
  return typeof r === 'number' ? r : 0;
}

const TREE_COLOURS: Record<string, number> = {
  oak_tree: 0x2d5a24,
  willow_tree: 0x5f8a3a,
  maple_tree: 0xa4541f,
  yew_tree: 0x1f4a2f,
  magic_tree: 0x3a6f8f,
};
export function treeColour(defId: string): number {
  return TREE_COLOURS[defId] ?? 0x2f6b2a;
}

const ROCK_COLOURS: Record<string, number> = {
  copper_rock: 0xb87333,
  tin_rock: 0xa8a8a8,
  iron_rock: 0x8a4b3a,
  silver_rock: 0xd0d4d8,
  coal_rock: 0x2e2e2e,
  gold_rock: 0xd4af37,
  mithril_rock: 0x4a5a9a,
  adamantite_rock: 0x3f7a4f,
  runite_rock: 0x4fb0c0,
};
export function rockColour(defId: string): number {
  return ROCK_COLOURS[defId] ?? 0x80796e;
}
