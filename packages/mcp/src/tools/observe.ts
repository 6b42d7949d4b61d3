import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { dist, run } from '../results';
import type { GameSession } from '../session';
import { here, inventoryView, nearbyEntities, nearbyItems, nearbyObjects } from '../view';

const READ_ONLY = { readOnlyHint: true, openWorldHint: true } as const;
const limit = (max: number, def: number) =>
  z
    .number()
    .int()
    .min(1)
    .max(max)
    .default(def)
    .describe(`How many to list at most (1-${max}, default ${def}).`);

/** Registers the tools that only observe: they never change the world. */
export function registerObserveTools(server: McpServer, s: GameSession, log: (msg: string) => void): void {
  const world = s.bot.world;

  server.registerTool(
    'get_status',
    {
      title: 'Status and position',
      description:
        'Your character now: tile position (x, z; the world is a grid, 1 tile per step), area, health, combat level, coins, free inventory slots, run energy, whether you are moving, and what is open (bank, shop, dialogue, trade, trade requests). Call it first and after actions.',
      annotations: READ_ONLY,
    },
    () =>
      run(log, async () => {
        const p = world.player;
        if (!p) throw new Error('no player state yet');
        const area = s.content.places.areaAt(p.position.x, p.position.z);
        const m = s.memory;
        return {
          name: p.name,
          playerId: p.id,
          tick: s.client.tick,
          tickMs: s.client.welcome?.tickMs ?? 600,
          position: { x: p.position.x, z: p.position.z },
          moving: p.position.moving,
          running: p.position.running,
          runEnergy: Math.floor(p.position.runEnergy / 100),
          area: area
            ? {
                id: area.id,
                name: area.name,
                safeZone: area.safeZone,
                pvp: s.content.areaDetails.get(area.id)?.pvp ?? false,
              }
            : null,
          health: p.health,
          maxHealth: p.maxHealth,
          combatLevel: p.combatLevel,
          coins: p.coins,
          freeSlots: world.freeSlots,
          questPoints: p.questPoints,
          prayerPoints: p.prayer.points,
          homeTeleportCooldownTicks: p.homeTeleportCooldownTicks,
          open: {
            bank: world.bank !== undefined,
            shop: world.shop?.name ?? null,
            dialogue: m.dialogue
              ? { npcId: m.dialogue.npcId, npcName: m.dialogue.npcName, awaiting: m.dialogue.awaiting }
              : null,
            trade: m.trade ? { tradeId: m.trade.tradeId } : null,
          },
          tradeRequests: [...m.tradeRequests.values()].map((t) => ({
            tradeId: t.tradeId,
            fromPlayerId: t.fromPlayerId,
            fromPlayerName: t.fromPlayerName,
          })),
        };
      }),
  );

  server.registerTool(
    'get_surroundings',
    {
      title: 'Surroundings',
      description:
        'The lay of the land around you: the area you are in (name, description, safe zone, PvP), neighbouring areas with their direction, water and buildings nearby, and a count of nearby objects by kind. Use get_nearby for the objects, NPCs, players and ground items themselves.',
      inputSchema: {
        radius: z
          .number()
          .int()
          .min(1)
          .max(64)
          .default(24)
          .describe('How far to look, in tiles (default 24).'),
      },
      annotations: READ_ONLY,
    },
    ({ radius }) =>
      run(log, async () => {
        const from = here(s);
        const area = s.content.places.areaAt(from.x, from.z);
        const detail = area ? s.content.areaDetails.get(area.id) : undefined;
        const box = {
          minX: from.x - radius,
          minZ: from.z - radius,
          maxX: from.x + radius,
          maxZ: from.z + radius,
        };
        const overlaps = (b: typeof box) =>
          b.minX <= box.maxX && b.maxX >= box.minX && b.minZ <= box.maxZ && b.maxZ >= box.minZ;
        const water = [...s.content.areaDetails.values()]
          .flatMap((d) => d.water)
          .filter(overlaps)
          .slice(0, 10);
        const buildings = [...s.content.areaDetails.values()]
          .flatMap((d) => d.buildings)
          .filter((b) => dist(b, from) <= radius)
          .sort((a, b) => dist(a, from) - dist(b, from))
          .slice(0, 10);
        const neighbours = s.content.places.areas
          .filter((a) => a.id !== area?.id && overlaps(a.bounds))
          .map((a) => {
            const cx = (a.bounds.minX + a.bounds.maxX) / 2;
            const cz = (a.bounds.minZ + a.bounds.maxZ) / 2;
            return { id: a.id, name: a.name, direction: direction(cx - from.x, cz - from.z) };
          });
        const objects: Record<string, number> = {};
        for (const o of nearbyObjects(s, radius)) objects[o.name] = (objects[o.name] ?? 0) + 1;
        return {
          position: from,
          area: area
            ? {
                id: area.id,
                name: area.name,
                description: detail?.description ?? null,
                biome: detail?.biome ?? null,
                safeZone: area.safeZone,
                pvp: detail?.pvp ?? false,
                bounds: area.bounds,
              }
            : null,
          neighbouringAreas: neighbours,
          water,
          buildings,
          objectCounts: objects,
          note: 'x grows to the east, z to the south; walk with `walk`, at most 200 tiles at a time.',
        };
      }),
  );

  server.registerTool(
    'get_nearby',
    {
      title: 'Nearby entities, objects and items',
      description:
        'What is near you, nearest first, each with its id and the actions `interact` accepts on it (`make` on a station: use the make tool): NPCs and players in view (within 15 tiles), world objects (trees, rocks, fishing spots, bank booths, ranges, altars) and items on the ground. Filter by kind and by name.',
      inputSchema: {
        kind: z
          .enum(['all', 'npcs', 'players', 'objects', 'items'])
          .default('all')
          .describe('What to list (default all).'),
        name: z
          .string()
          .max(64)
          .optional()
          .describe('Only those whose name or id contains this (case-insensitive).'),
        radius: z.number().int().min(1).max(64).default(20).describe('How far, in tiles (default 20).'),
        limit: limit(50, 15),
      },
      annotations: READ_ONLY,
    },
    ({ kind, name, radius, limit: max }) =>
      run(log, async () => {
        const match = (...texts: (string | undefined)[]) =>
          name === undefined || texts.some((t) => t?.toLowerCase().includes(name.toLowerCase()));
        const entities = nearbyEntities(s, radius).filter((e) => match(e.name, e.npcId, e.id));
        const out: Record<string, unknown> = { position: here(s) };
        if (kind === 'all' || kind === 'npcs')
          out['npcs'] = entities.filter((e) => e.kind === 'npc').slice(0, max);
        if (kind === 'all' || kind === 'players')
          out['players'] = entities.filter((e) => e.kind === 'player').slice(0, max);
        if (kind === 'all' || kind === 'objects')
          out['objects'] = nearbyObjects(s, radius)
            .filter((o) => match(o.name, o.defId, o.id))
            .slice(0, max);
        if (kind === 'all' || kind === 'items')
          out['groundItems'] = nearbyItems(s, radius)
            .filter((g) => match(g.name, g.itemId))
            .slice(0, max);
        return out;
      }),
  );

  server.registerTool(
    'get_inventory',
    {
      title: 'Inventory',
      description:
        'What you carry: the 28 inventory slots in use (slot, item id, name, quantity), free slots, and the coins in your pouch.',
      annotations: READ_ONLY,
    },
    () =>
      run(log, async () => ({
        items: inventoryView(s),
        freeSlots: world.freeSlots,
        coins: world.player?.coins ?? 0,
      })),
  );

  server.registerTool(
    'get_equipment',
    {
      title: 'Equipment',
      description:
        'What you wear, by equipment slot (weapon, shield, head, body, legs, hands, feet, cape, neck, ring, ammo).',
      annotations: READ_ONLY,
    },
    () =>
      run(log, async () => ({
        equipment: (world.player?.equipment ?? []).map((e) => ({
          slot: e.slot,
          itemId: e.itemId,
          name: s.content.itemName(e.itemId),
          quantity: e.quantity,
        })),
        combat: world.player?.combat ?? null,
      })),
  );

  server.registerTool(
    'get_skills',
    {
      title: 'Skills',
      description: 'Every skill with its level and experience, the total level and the combat level.',
      annotations: READ_ONLY,
    },
    () =>
      run(log, async () => {
        const skills = Object.entries(world.player?.skills ?? {})
          .map(([skill, v]) => ({ skill, level: v.level, xp: v.xp }))
          .sort((a, b) => a.skill.localeCompare(b.skill));
        return {
          skills,
          totalLevel: skills.reduce((n, v) => n + v.level, 0),
          combatLevel: world.player?.combatLevel ?? 0,
        };
      }),
  );

  server.registerTool(
    'get_chat',
    {
      title: 'Recent chat and events',
      description:
        'The latest chat lines heard (public, private, system notices), oldest first, and the latest notable game events (level-ups, activities ending, deaths, trades, quests).',
      inputSchema: { limit: limit(100, 20) },
      annotations: READ_ONLY,
    },
    ({ limit: max }) =>
      run(log, async () => ({
        tick: s.client.tick,
        messages: s.memory.chat.slice(-max),
        events: s.memory.events.slice(-max),
      })),
  );

  server.registerTool(
    'get_quests',
    {
      title: 'Quest journal',
      description:
        'Your quest journal: each quest with its status (not_started, in_progress, completed), current stage, what to do now, progress, and the NPC who starts it; and your quest points.',
      inputSchema: {
        status: z
          .enum(['all', 'not_started', 'in_progress', 'completed'])
          .default('all')
          .describe('Only quests of this status (default all).'),
      },
      annotations: READ_ONLY,
    },
    ({ status }) =>
      run(log, async () => {
        await s.client.request('quest:requestJournal', {});
        const journal = s.memory.journal;
        return {
          questPoints: journal?.questPoints ?? 0,
          quests: s.memory.quests.filter((q) => status === 'all' || q.status === status),
        };
      }),
  );
}

/** A compass direction of a vector in tile space (x east, z south). */
function direction(dx: number, dz: number): string {
  if (Math.abs(dx) < 1 && Math.abs(dz) < 1) return 'here';
  const ns = dz < -Math.abs(dx) / 2 ? 'north' : dz > Math.abs(dx) / 2 ? 'south' : '';
  const ew = dx > Math.abs(dz) / 2 ? 'east' : dx < -Math.abs(dz) / 2 ? 'west' : '';
  return `${ns}${ns && ew ? '-' : ''}${ew}` || 'here';
}
