/** Equipment slots a worn item can occupy: shared by the wire protocol and the item manifests. */
export const EQUIP_SLOTS = [
  'weapon',
  'shield',
  'head',
  'body',
  'legs',
  'hands',
  'feet',
  'cape',
  'neck',
  'ring',
  'ammo',
] as const;
