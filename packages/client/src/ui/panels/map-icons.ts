/**
 * The map icons of the minimap and the world map, from the content the client loaded: banks (bank
 * booths and chests), shops (where each store's owner stands), altars and quest starts (where each
 * quest's first NPC stands). Pure: no DOM.
 */
import { z } from 'zod';
import type { Content } from '../../content';

export type MapIconKind = 'bank' | 'shop' | 'altar' | 'quest';

export interface MapIcon {
  kind: MapIconKind;
  x: number;
  z: number;
  /** What the icon stands for ("Bank", the store's name, the quest's name). */
  label: string;
}

/** The glyph and colour each kind is drawn with (the legend shows the same). */
export const ICON_STYLE: Record<MapIconKind, { glyph: string; colour: string; name: string }> = {
  bank: { glyph: '$', colour: '#f2c230', name: 'Bank' },
  shop: { glyph: '⚖', colour: '#8fd0ff', name: 'Shop' },
  altar: { glyph: '✝', colour: '#ffffff', name: 'Altar' },
  quest: { glyph: '!', colour: '#4fe36b', name: 'Quest start' },
};

/** Bank booths closer than this (tiles, on both axes) to one already shown share its icon. */
const BANK_CLUSTER = 4;

const npcSpawns = z.array(z.looseObject({ npcId: z.string(), x: z.number(), z: z.number() }));
const stores = z.object({
  stores: z.array(z.looseObject({ id: z.string(), name: z.string(), ownerNpcId: z.string().optional() })),
});
const quests = z.object({
  quests: z.array(z.looseObject({ id: z.string(), name: z.string(), startNpcId: z.string().optional() })),
});

/** Where each NPC id first spawns (the area manifests' `npcs` lists). */
export function npcSpawnPoints(content: Pick<Content, 'areas'>): Map<string, { x: number; z: number }> {
  const at = new Map<string, { x: number; z: number }>();
  for (const area of content.areas) {
    const parsed = npcSpawns.safeParse((area as { npcs?: unknown }).npcs ?? []);
    if (!parsed.success) continue;
    for (const n of parsed.data) if (!at.has(n.npcId)) at.set(n.npcId, { x: n.x, z: n.z });
  }
  return at;
}

/**
 * Every icon of the world. Stores come from `stores.json` and quests from `quests.json` in
 * `content.raw` (absent or malformed files give no icons of that kind rather than an error: the
 * map still shows the rest).
 */
export function mapIcons(content: Pick<Content, 'areas' | 'raw'>): MapIcon[] {
  const icons: MapIcon[] = [];
  const banks: MapIcon[] = [];
  for (const area of content.areas) {
    for (const st of area.stations ?? []) {
      if (st.stationId === 'bank_booth' || st.stationId === 'bank_chest') {
        const near = banks.some(
          (b) => Math.abs(b.x - st.x) <= BANK_CLUSTER && Math.abs(b.z - st.z) <= BANK_CLUSTER,
        );
        if (!near) banks.push({ kind: 'bank', x: st.x, z: st.z, label: 'Bank' });
      } else if (st.stationId === 'altar') {
        icons.push({ kind: 'altar', x: st.x, z: st.z, label: 'Altar' });
      }
    }
  }
  icons.push(...banks);
  const spawns = npcSpawnPoints(content);
  const storeList = stores.safeParse(content.raw.get('stores.json'));
  for (const s of storeList.success ? storeList.data.stores : []) {
    const at = s.ownerNpcId ? spawns.get(s.ownerNpcId) : undefined;
    if (at) icons.push({ kind: 'shop', x: at.x, z: at.z, label: s.name });
  }
  const questList = quests.safeParse(content.raw.get('quests.json'));
  for (const q of questList.success ? questList.data.quests : []) {
    const at = q.startNpcId ? spawns.get(q.startNpcId) : undefined;
    if (at) icons.push({ kind: 'quest', x: at.x, z: at.z, label: q.name });
  }
  return icons;
}
