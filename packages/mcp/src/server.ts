import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { GameSession } from './session';
import { registerActTools } from './tools/act';
import { registerEconomyTools } from './tools/economy';
import { registerObserveTools } from './tools/observe';

const INSTRUCTIONS = `You play tilerealm, a tile-based multiplayer RPG (RuneScape-like, 600 ms ticks), as an ordinary player.
Observe with get_status, get_surroundings, get_nearby, get_inventory, get_equipment, get_skills, get_chat, get_quests.
Act with walk, interact, gather, attack, eat, equip, drop, use_item, make, bank, shop, trade, dialogue, chat, stop.
Tiles: x grows east, z grows south. Ids come from get_nearby. A refused action answers isError with the game's
error code (e.g. path_too_far, inventory_full, level_too_low) and changes nothing: read it and try something else.`;

/**
 * A new MCP server exposing the game tools of one session. A McpServer serves one transport, so the
 * HTTP transport creates one per MCP session, all playing the same game session.
 */
export function createMcpServer(session: GameSession, log: (msg: string) => void): McpServer {
  const server = new McpServer({ name: 'tilerealm', version: '0.1.0' }, { instructions: INSTRUCTIONS });
  registerObserveTools(server, session, log);
  registerActTools(server, session, log);
  registerEconomyTools(server, session, log);
  return server;
}
