import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { run, ToolError } from '../results';
import type { GameSession } from '../session';
import { timeoutSeconds } from './act';
import { bankView, dialogueView, openBankAt, openShopOf, shopView, talkTo, waitLater } from './interfaces';

const ACT = { readOnlyHint: false, destructiveHint: false, openWorldHint: true } as const;
const id = z.string().min(1).max(64);
const quantity = z.number().int().min(1).max(2_147_483_647);
const ALL = 2_147_483_647;

/** Registers the tools of the bank, shops, trade and NPC dialogue. */
export function registerEconomyTools(server: McpServer, s: GameSession, log: (msg: string) => void): void {
  const world = s.bot.world;
  const actions = s.bot.actions;
  const ms = (seconds: number | undefined) => (seconds === undefined ? s.actionTimeoutMs : seconds * 1000);

  server.registerTool(
    'bank',
    {
      title: 'Bank',
      description:
        'Use the bank. `open` walks to a bank booth, chest or banker (`targetId`, default the nearest) and opens it; `deposit` (an item, `quantity` default all of it), `deposit_all` (everything carried), `withdraw` (an item by id, `quantity` default 1) and `close` need it open; `view` shows it. Answers with the bank contents and your inventory.',
      inputSchema: {
        action: z.enum(['open', 'deposit', 'deposit_all', 'withdraw', 'close', 'view']),
        itemId: z.string().min(1).max(64).optional(),
        quantity: quantity.optional(),
        targetId: id.optional(),
        timeoutSeconds,
      },
      annotations: ACT,
    },
    (a) =>
      run(log, async () => {
        const need = (): string => itemIdFor(a);
        switch (a.action) {
          case 'open':
            return openBankAt(s, a.targetId, ms(a.timeoutSeconds));
          case 'deposit': {
            const item = need();
            const slot = world.slotOf(item);
            if (slot === undefined) throw new ToolError('not_carried', `no ${item} in your inventory`);
            const ack = await actions.deposit(slot, a.quantity ?? ALL);
            return { deposited: ack.result ?? {}, bank: bankView(s), freeSlots: world.freeSlots };
          }
          case 'deposit_all': {
            const ack = await s.client.request('bank:depositAll', { from: 'inventory' });
            return { deposited: ack.result ?? {}, bank: bankView(s), freeSlots: world.freeSlots };
          }
          case 'withdraw': {
            const ack = await actions.withdraw(need(), a.quantity ?? 1);
            return { withdrawn: ack.result ?? {}, freeSlots: world.freeSlots };
          }
          case 'close':
            await actions.closeInterface();
            return { closed: true };
          case 'view':
            return bankView(s);
        }
      }),
  );

  server.registerTool(
    'shop',
    {
      title: 'Shop',
      description:
        'Trade with a shop. `open` walks to a shopkeeper (`npcId`, default the nearest) and opens the shop; `buy` and `sell` an item by id (`quantity` default 1) once it is open; `close`; `view` shows the stock with prices. Answers with the result and your coins.',
      inputSchema: {
        action: z.enum(['open', 'buy', 'sell', 'close', 'view']),
        itemId: z.string().min(1).max(64).optional(),
        quantity: quantity.optional(),
        npcId: id.optional(),
        timeoutSeconds,
      },
      annotations: ACT,
    },
    (a) =>
      run(log, async () => {
        const need = (): string => itemIdFor(a);
        switch (a.action) {
          case 'open':
            return openShopOf(s, a.npcId, ms(a.timeoutSeconds));
          case 'buy': {
            const ack = await actions.buy(need(), a.quantity ?? 1);
            return { bought: ack.result ?? {}, coins: world.player?.coins ?? 0 };
          }
          case 'sell': {
            const ack = await actions.sell(need(), a.quantity ?? 1);
            return { sold: ack.result ?? {}, coins: world.player?.coins ?? 0 };
          }
          case 'close':
            await actions.closeInterface();
            return { closed: true };
          case 'view':
            return shopView(s);
        }
      }),
  );

  server.registerTool(
    'trade',
    {
      title: 'Trade with a player',
      description:
        'Trade items with another player. `request` asks a player within 2 tiles (`playerId`); `respond` answers a request (`tradeId`, `accept`); in an open trade: `offer` an item (`itemId`, `quantity`) or `offer_coins` (`quantity`; asking more than you carry offers all of it, `offered.added` says how many), `accept` the current screen (both players accept screen 1, then screen 2), `cancel`; `status` shows requests and the open trade. `tradeId` defaults to the open trade or the only request.',
      inputSchema: {
        action: z.enum(['request', 'respond', 'offer', 'offer_coins', 'accept', 'cancel', 'status']),
        playerId: id.optional(),
        tradeId: id.optional(),
        accept: z.boolean().optional(),
        itemId: z.string().min(1).max(64).optional(),
        quantity: quantity.optional(),
      },
      annotations: ACT,
    },
    (a) =>
      run(log, async () => {
        const m = s.memory;
        // A ping first: its pong comes after the trade events the server sent before it.
        const status = async () => {
          await s.client.request('ping', {});
          return {
            requests: [...m.tradeRequests.values()],
            trade: m.trade ?? null,
            last: m.lastTrade ?? null,
          };
        };
        const tradeId = (): string => {
          const tid = a.tradeId ?? m.trade?.tradeId ?? onlyOne([...m.tradeRequests.keys()]);
          if (tid === undefined) throw new ToolError('invalid_arguments', 'no open trade: give tradeId');
          return tid;
        };
        switch (a.action) {
          case 'request': {
            if (a.playerId === undefined) throw new ToolError('invalid_arguments', 'request needs playerId');
            const ack = await actions.requestTrade(a.playerId);
            return { requested: ack.result ?? {} };
          }
          case 'respond':
            await actions.respondTrade(tradeId(), a.accept ?? true);
            return status();
          case 'offer': {
            if (a.itemId === undefined) throw new ToolError('invalid_arguments', 'offer needs itemId');
            const ack = await actions.offer(tradeId(), a.itemId, a.quantity ?? 1);
            return { offered: ack.result ?? {}, ...(await status()) };
          }
          case 'offer_coins': {
            const ack = await s.client.request('tradeAddCoins', {
              tradeId: tradeId(),
              quantity: a.quantity ?? 1,
            });
            return { offered: ack.result ?? {}, ...(await status()) };
          }
          case 'accept':
            await actions.acceptTrade(tradeId());
            return status();
          case 'cancel':
            await actions.cancelTrade(tradeId());
            return status();
          case 'status':
            return status();
        }
      }),
  );

  server.registerTool(
    'dialogue',
    {
      title: 'NPC dialogue',
      description:
        '`start` talks to an NPC (`npcId` from get_nearby); `continue` goes on from a line without options; `choose` picks option `index`; `close` ends the conversation; `view` shows the current line. Answers with what the NPC says next and the options, or `open: false` once it ended. Quests start and advance through dialogue.',
      inputSchema: {
        action: z.enum(['start', 'continue', 'choose', 'close', 'view']),
        npcId: id.optional(),
        index: z.number().int().min(0).max(31).optional(),
      },
      annotations: ACT,
    },
    (a) =>
      run(log, async () => {
        const m = s.memory;
        switch (a.action) {
          case 'start':
            if (a.npcId === undefined) throw new ToolError('invalid_arguments', 'start needs npcId');
            return talkTo(s, a.npcId);
          case 'continue':
          case 'choose': {
            const seen = m.dialogueNodes;
            // Awaited only when the ack names a node that has not arrived yet.
            const next = waitLater(s.client.waitFor('dialogue:node', undefined, 10_000));
            const ack =
              a.action === 'continue'
                ? await s.client.request('dialogue:continue', {})
                : await s.client.request('dialogue:choose', { index: requireIndex(a.index) });
            const nodeId = ack.result?.['nodeId'];
            if (typeof nodeId !== 'string') return { open: false, ended: true };
            if (m.dialogueNodes === seen) await next;
            return dialogueView(m.dialogue);
          }
          case 'close':
            await actions.closeInterface();
            return { open: false };
          case 'view':
            return dialogueView(m.dialogue);
        }
      }),
  );
}

function requireIndex(index: number | undefined): number {
  if (index === undefined) throw new ToolError('invalid_arguments', 'choose needs index');
  return index;
}

function onlyOne<T>(list: T[]): T | undefined {
  return list.length === 1 ? list[0] : undefined;
}

/** The item an action names; an action that needs one and has none is a tool error. */
function itemIdFor(a: { action: string; itemId?: string | undefined }): string {
  if (a.itemId === undefined) throw new ToolError('invalid_arguments', `${a.action} needs itemId`);
  return a.itemId;
}
