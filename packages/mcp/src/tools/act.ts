import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CHAT_MAX_LENGTH, EQUIP_SLOTS } from '@tilerealm/protocol';
import { DEFAULT_FOOD } from '@tilerealm/sdk';
import { z } from 'zod';
import { run, ToolError } from '../results';
import type { GameSession } from '../session';
import { here, inventoryView, nearbyEntities, nearbyObjects, type NearbyObject } from '../view';
import { gains, snapshot, totalXp, xpDiff } from './gains';
import { gatherAt, objectById } from './objects';
import { openBankAt, openShopOf, talkTo, waitLater } from './interfaces';

const ACT = { readOnlyHint: false, destructiveHint: false, openWorldHint: true } as const;
const id = z.string().min(1).max(64);
const itemId = z.string().min(1).max(64).describe('An item id as get_inventory shows it, e.g. `logs`.');
export const timeoutSeconds = z
  .number()
  .int()
  .min(1)
  .max(3600)
  .optional()
  .describe('Give up waiting after this many seconds (default: the server setting, 120).');

/** Registers the tools that act in the world: each waits for the server's answer or the end of the action. */
export function registerActTools(server: McpServer, s: GameSession, log: (msg: string) => void): void {
  const world = s.bot.world;
  const actions = s.bot.actions;
  const ms = (seconds: number | undefined) => (seconds === undefined ? s.actionTimeoutMs : seconds * 1000);
  /** Gathering and making run until the inventory fills: five times the action timeout by default. */
  const longMs = (seconds: number | undefined) =>
    seconds === undefined ? s.actionTimeoutMs * 5 : seconds * 1000;

  server.registerTool(
    'walk',
    {
      title: 'Walk',
      description:
        'Walk (or run) to a tile; the server finds the path. Answers on arrival with where you stopped (short of the target when it is blocked). At most 200 tiles away per call.',
      inputSchema: {
        x: z.number().int().min(-100_000).max(100_000),
        z: z.number().int().min(-100_000).max(100_000),
        run: z.boolean().optional().describe('Run (uses run energy); default: your current run setting.'),
        timeoutSeconds,
      },
      annotations: ACT,
    },
    (a) =>
      run(log, async () => {
        const from = here(s);
        const reached = await actions.walkTo(a.x, a.z, {
          timeoutMs: ms(a.timeoutSeconds),
          ...(a.run === undefined ? {} : { run: a.run }),
        });
        return { from, reached, arrived: reached.x === a.x && reached.z === a.z };
      }),
  );

  server.registerTool(
    'interact',
    {
      title: 'Interact',
      description:
        "Act on something get_nearby lists, by its id: an NPC (attack, talk, shop, bank), a player (attack), a world object (gather from a tree, rock or fishing spot; bank at a booth; pray at an altar) or a ground item (pickup). Without `action`, the target's first action. Answers with the outcome: the dialogue's first line, the shop's stock, the bank's contents, what was gathered, what was picked up.",
      inputSchema: {
        targetId: id.describe('An id from get_nearby (npcs, players, objects or groundItems).'),
        action: z.enum(['attack', 'talk', 'shop', 'bank', 'gather', 'pray', 'pickup']).optional(),
        timeoutSeconds,
      },
      annotations: ACT,
    },
    (a) =>
      run(log, async () => {
        const timeoutMs = ms(a.timeoutSeconds);
        const entity = nearbyEntities(s, 64).find((e) => e.id === a.targetId);
        if (entity) {
          const action = a.action ?? entity.actions[0];
          if (!action || !entity.actions.includes(action))
            throw new ToolError('invalid_action', `${entity.name} offers ${entity.actions.join(', ')}`);
          if (action === 'attack') {
            const ack = await actions.attack(entity.id);
            return { attacking: entity.name, result: ack.result ?? {} };
          }
          if (action === 'talk') return { dialogue: await talkTo(s, entity.id) };
          if (action === 'shop') return await openShopOf(s, entity.id);
          return await openBankAt(s, entity.id, timeoutMs);
        }
        const item = world.groundItems.get(a.targetId);
        if (item) {
          if (a.action !== undefined && a.action !== 'pickup')
            throw new ToolError('invalid_action', 'a ground item can only be picked up');
          const ack = await s.client.request(
            'player:action',
            { action: 'pickup', groundItemId: item.id },
            { timeoutMs },
          );
          return { pickedUp: ack.result ?? {}, coins: world.player?.coins ?? 0 };
        }
        const object = objectById(s, a.targetId);
        if (!object)
          throw new ToolError(
            'target_not_found',
            `nothing with id ${a.targetId} nearby: call get_nearby for ids`,
          );
        const action = a.action ?? object.actions[0];
        if (!action || !object.actions.includes(action))
          throw new ToolError(
            'invalid_action',
            `${object.name} offers ${object.actions.join(', ') || 'nothing here'} (use make for cooking, smelting and smithing)`,
          );
        if (action === 'gather') return await gatherAt(s, object, undefined, longMs(a.timeoutSeconds));
        if (action === 'bank') return await openBankAt(s, object.id, timeoutMs);
        if (action !== 'pray')
          throw new ToolError(
            'invalid_action',
            `${object.name} is for the make tool: call make with a recipeId and objectId ${object.id}`,
          );
        const ack = await actions.pray(object.id);
        return {
          prayed: object.name,
          result: ack.result ?? {},
          prayerPoints: world.player?.prayer.points ?? 0,
        };
      }),
  );

  server.registerTool(
    'gather',
    {
      title: 'Gather',
      description:
        'Chop a tree, mine a rock or fish at a spot until it stops (inventory full, resource depleted, no tool, level too low): by object id, or the nearest one of a resource kind that is not depleted (e.g. `tree`, `oak_tree`, `copper_rock`, `net_bait_spot`). Walks there first. Answers with why it stopped, the items gained and the experience gained. Needs the tool (axe, pickaxe, net) in your inventory or worn.',
      inputSchema: {
        objectId: id.optional().describe('An object id from get_nearby.'),
        resource: z
          .string()
          .min(1)
          .max(64)
          .optional()
          .describe('Or a resource id (resources.json), e.g. `tree`: the nearest usable one is chosen.'),
        methodId: z
          .string()
          .min(1)
          .max(32)
          .optional()
          .describe('Fishing only: net, bait, lure, cage or harpoon.'),
        timeoutSeconds,
      },
      annotations: ACT,
    },
    (a) =>
      run(log, async () => {
        let object: NearbyObject | undefined;
        if (a.objectId !== undefined) object = objectById(s, a.objectId);
        else if (a.resource !== undefined) {
          const resource = a.resource;
          object = nearbyObjects(s, 200).find((o) => o.defId === resource && !o.depleted);
        } else throw new ToolError('invalid_arguments', 'give objectId or resource');
        if (!object || object.kind !== 'resource')
          throw new ToolError(
            'target_not_found',
            'no such resource nearby (get_nearby kind=objects lists them)',
          );
        return await gatherAt(s, object, a.methodId, longMs(a.timeoutSeconds));
      }),
  );

  server.registerTool(
    'attack',
    {
      title: 'Attack',
      description:
        'Attack an NPC (or a player where PvP is allowed) by id, or the nearest attackable NPC whose name contains `name`. By default waits until the target dies or the fight ends, and answers with the outcome, your health and the experience gained; `wait: false` answers once the attack started.',
      inputSchema: {
        targetId: id.optional().describe('An NPC or player id from get_nearby.'),
        name: z.string().min(1).max(64).optional().describe('Or part of an NPC name, e.g. `chicken`.'),
        wait: z.boolean().default(true),
        timeoutSeconds,
      },
      annotations: { ...ACT, destructiveHint: true },
    },
    (a) =>
      run(log, async () => {
        const name = a.name?.toLowerCase();
        const target = nearbyEntities(s, 64).find((e) =>
          a.targetId !== undefined
            ? e.id === a.targetId
            : name !== undefined &&
              e.actions.includes('attack') &&
              e.kind === 'npc' &&
              e.name.toLowerCase().includes(name),
        );
        if (!target) throw new ToolError('target_not_found', 'no such target in view (get_nearby kind=npcs)');
        const xpBefore = totalXp(s);
        if (!a.wait) {
          await actions.attack(target.id);
          return { attacking: target.name, targetId: target.id };
        }
        const died = await actions.fight(target.id, { timeoutMs: ms(a.timeoutSeconds) });
        return {
          target: target.name,
          targetDied: died,
          health: world.player?.health ?? 0,
          maxHealth: world.player?.maxHealth ?? 0,
          xpGained: xpDiff(xpBefore, totalXp(s)),
        };
      }),
  );

  server.registerTool(
    'eat',
    {
      title: 'Eat',
      description:
        'Eat food from your inventory (the named item, else the first food carried) to heal. Answers with what was eaten, how much it healed and your health after it.',
      inputSchema: { itemId: itemId.optional() },
      annotations: ACT,
    },
    (a) =>
      run(log, async () => {
        if (a.itemId !== undefined && world.slotOf(a.itemId) === undefined)
          throw new ToolError('not_carried', `no ${a.itemId} in your inventory`);
        if (a.itemId === undefined && world.slotOf(...DEFAULT_FOOD) === undefined)
          throw new ToolError('not_carried', 'no food in your inventory');
        const before = world.player?.health ?? 0;
        const ack = await actions.eat(a.itemId === undefined ? undefined : [a.itemId]);
        // The ack tells the health after eating; the player's stats follow later in the tick.
        const health = ack.result?.['health'];
        return {
          result: ack.result ?? {},
          healthBefore: before,
          health: typeof health === 'number' ? health : (world.player?.health ?? 0),
        };
      }),
  );

  server.registerTool(
    'equip',
    {
      title: 'Equip or unequip',
      description:
        'Wear an item from your inventory (`itemId`; what is in its slot goes back to the inventory), or take off what is worn in an equipment slot (`unequipSlot`). Answers with your equipment.',
      inputSchema: {
        itemId: itemId.optional(),
        unequipSlot: z.enum(EQUIP_SLOTS).optional(),
      },
      annotations: ACT,
    },
    (a) =>
      run(log, async () => {
        if (a.itemId !== undefined) {
          const slot = world.slotOf(a.itemId);
          if (slot === undefined) throw new ToolError('not_carried', `no ${a.itemId} in your inventory`);
          await s.client.request('equipment:equip', { inventorySlot: slot });
        } else if (a.unequipSlot !== undefined) {
          await s.client.request('equipment:unequip', { slot: a.unequipSlot });
        } else throw new ToolError('invalid_arguments', 'give itemId or unequipSlot');
        return { equipment: world.player?.equipment ?? [], inventory: inventoryView(s) };
      }),
  );

  server.registerTool(
    'drop',
    {
      title: 'Drop',
      description:
        'Drop an item from your inventory onto your tile (it can be picked up again with interact).',
      inputSchema: {
        itemId,
        quantity: z.number().int().min(1).max(2_147_483_647).optional().describe('Default: the whole slot.'),
      },
      annotations: { ...ACT, destructiveHint: true },
    },
    (a) =>
      run(log, async () => {
        const slot = world.slotOf(a.itemId);
        if (slot === undefined) throw new ToolError('not_carried', `no ${a.itemId} in your inventory`);
        const ack = await s.client.request(
          'inventory:drop',
          a.quantity === undefined ? { slot } : { slot, quantity: a.quantity },
        );
        return { dropped: ack.result ?? {} };
      }),
  );

  server.registerTool(
    'use_item',
    {
      title: 'Use an item',
      description:
        'Use an inventory item: alone (bury bones, eat), on another item (`onItemId`: a tinderbox on logs lights a fire on your tile) or on an object (`onObjectId`: raw food on a fire or range cooks all of it, an ore on a furnace smelts what the carried ores allow). Lighting, cooking and smelting answer when they stop, with why and the items and experience gained.',
      inputSchema: { itemId, onItemId: itemId.optional(), onObjectId: id.optional(), timeoutSeconds },
      annotations: ACT,
    },
    (a) =>
      run(log, async () => {
        if (a.onItemId !== undefined && a.onObjectId !== undefined)
          throw new ToolError('invalid_arguments', 'give onItemId or onObjectId, not both');
        const slot = world.slotOf(a.itemId);
        if (slot === undefined) throw new ToolError('not_carried', `no ${a.itemId} in your inventory`);
        const target =
          a.onItemId === undefined
            ? undefined
            : world.player?.inventory.find((i) => i.itemId === a.onItemId && i.slot !== slot)?.slot;
        if (a.onItemId !== undefined && target === undefined)
          throw new ToolError('not_carried', `no ${a.onItemId} in your inventory`);
        // On an object the server starts a make (cooking, smelting); on an item, lighting a fire.
        const activity =
          a.onObjectId !== undefined ? 'make' : a.onItemId !== undefined ? 'firemaking' : undefined;
        const before = snapshot(s);
        // A make or fire already under way stops as `replaced` when this one starts: not ours.
        const stopped =
          activity === undefined
            ? undefined
            : waitLater(
                s.client.waitFor(
                  'activity:stopped',
                  (e) => e.activity === activity && e.reason !== 'replaced',
                  longMs(a.timeoutSeconds),
                ),
              );
        const ack = await s.client.request('inventory:use', {
          slot,
          ...(target === undefined ? {} : { targetSlot: target }),
          ...(a.onObjectId === undefined ? {} : { targetId: a.onObjectId }),
        });
        const reason = stopped === undefined ? undefined : (await stopped).reason;
        const gained = await gains(s, before);
        return {
          result: ack.result ?? {},
          ...(reason === undefined ? {} : { stopped: reason, ...gained }),
          inventory: inventoryView(s),
        };
      }),
  );

  server.registerTool(
    'make',
    {
      title: 'Make',
      description:
        'Cook, smelt or smith at a station (range, fire, furnace, anvil; an object id from get_nearby): `quantity` of a recipe (e.g. `cook_shrimps`, `smelt_bronze_bar`), one every few ticks. Answers when it stops, with why and the items and experience gained.',
      inputSchema: {
        recipeId: z.string().min(1).max(64),
        objectId: id,
        quantity: z.number().int().min(1).max(28).default(1),
        timeoutSeconds,
      },
      annotations: ACT,
    },
    (a) =>
      run(log, async () => {
        const before = snapshot(s);
        const reason = await actions.make(a.recipeId, a.objectId, a.quantity, {
          timeoutMs: longMs(a.timeoutSeconds),
        });
        return { stopped: reason, ...(await gains(s, before)) };
      }),
  );

  server.registerTool(
    'chat',
    {
      title: 'Say',
      description: 'Say something in public chat (players within hearing range see it), or run a / command.',
      inputSchema: { message: z.string().min(1).max(CHAT_MAX_LENGTH) },
      annotations: ACT,
    },
    (a) =>
      run(log, async () => {
        await actions.say(a.message);
        return { said: a.message };
      }),
  );

  server.registerTool(
    'stop',
    {
      title: 'Stop',
      description: 'Stop walking, fighting and any activity.',
      annotations: ACT,
    },
    () =>
      run(log, async () => {
        await actions.stop();
        return { stopped: true, position: here(s) };
      }),
  );
}
