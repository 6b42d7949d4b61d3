import { DIALOGUE_ERROR_CODES } from './dialogue-events';
import { PRAYER_ERROR_CODES } from './prayer-events';
import { TELEPORT_ERROR_CODES } from './teleport-events';

/**
 * The catalogue of `error` event codes (`{"event":"error","data":{"code","message","rid"?}}`).
 * An error never changes the world: the request it answers had no effect.
 */
export const GAME_ERROR_CODES = {
  bad_frame: 'the frame is not valid JSON (text) or msgpack (binary on a msgpack connection)',
  bad_envelope: 'the frame is not an envelope {event, data, rid?}',
  unknown_event: 'no client event has this name',
  invalid_payload: 'the payload does not match the event schema; message names the field',
  rate_limited: 'more than 60 messages in one second: messages are dropped until the block ends',
  not_in_world: 'the session has no player in the world yet',
  feature_unavailable: 'the event is part of the protocol but this server does not offer it yet',
  unavailable:
    'a cross-world service (the social bus between worlds) is unreachable: nothing was done, try again shortly',
  path_too_far: 'a movement target more than 200 tiles away',
  no_path: 'no reachable tile towards the target',
  chat_rate_limited: 'too many chat messages: wait before sending more',
  chat_empty: 'the message is empty once control characters are removed',
  not_admin: 'an admin command from a session that has not entered the admin code',
  admin_code_invalid: 'a wrong /admin code (counted by the authentication limit)',
  unknown_command: 'an unknown / command',
  invalid_command: 'a / command with bad arguments',
  invalid_slot: 'a slot number or name outside the container',
  empty_slot: 'the slot holds nothing',
  inventory_full: 'the inventory has no room for the result; nothing changed',
  not_equippable: 'the item cannot be worn',
  level_too_low: 'a skill level below the requirement; message names the skill and level',
  not_usable: 'the item has no use on its own ("nothing interesting happens")',
  eat_delay:
    'ate too recently: the next food may be eaten once the delay of the last one (3 ticks for most food) has passed',
  not_droppable: 'the item cannot be dropped (quest items and untradeable items)',
  tile_full: 'your tile already holds the maximum of 128 ground item piles: move to drop',
  ground_full:
    'the world holds the maximum of 50,000 ground item piles and none of them is public yet: try again later',
  ground_item_gone:
    'no ground item with that id that you can see (picked up, despawned, or not visible to you yet)',
  target_gone: 'no such NPC or player in sight (it died, left, or never existed)',
  not_attackable: 'that NPC cannot be attacked',
  target_out_of_reach: 'the target cannot be reached from here (no path into attack range)',
  pvp_not_allowed: 'players may only attack each other where both stand in a PvP area',
  pvp_level_range: 'the combat levels differ by more than the PvP depth level where the two players stand',
  invalid_style: 'the wielded weapon offers no attack style with that id',
  no_ammo: 'a ranged weapon without ammunition it can fire (wrong or no arrows in the ammo slot)',
  dead: 'you are dying: nothing can be done until you respawn',
  gravestone_gone: 'no gravestone of yours with that id (reclaimed, collapsed, or not yours)',
  object_gone: 'no such object (tree, rock, fishing spot, station, fire) in sight',
  not_near: 'you must stand next to it (the message says what)',
  depleted: 'the resource is depleted: wait for it to grow back',
  no_tool: 'you need a tool for this (the message names it) in your inventory or worn',
  no_bait: 'you need bait for this fishing method',
  unknown_recipe: 'no such recipe, or not made at this station',
  missing_materials: 'you do not have the materials (the message names them)',
  cannot_light_here: 'you cannot light a fire here (a fire or object is already on this tile)',
  interface_not_open: 'the bank or shop is not open',
  bank_full: 'the bank has no free slot for this item',
  not_enough_coins: 'you cannot afford that',
  out_of_stock: 'the shop has none of that left',
  shop_will_not_buy: 'this shop does not buy that item',
  not_tradeable: 'that item cannot be traded or sold',
  player_not_found: 'no character with that name or id',
  player_offline: 'that player is not online (or their connection is down while they reconnect)',
  player_unavailable: 'that player does not accept this from you',
  cannot_target_self: 'you cannot do that to yourself',
  already_friends: 'you are already friends',
  not_friends: 'you are not friends with that player',
  friend_request_exists: 'you already sent that player a friend request and it is still waiting',
  friend_request_not_found: 'no such friend request is waiting',
  friends_list_full: 'a friends list holds at most 200 friends (pending requests sent count too)',
  ignore_list_full: 'an ignore list holds at most 200 players',
  already_ignored:
    'that player is on your ignore list (already added; or take them off it before adding them as a friend)',
  not_ignored: 'that player is not on your ignore list',
  pm_rate_limited: 'too many private messages: wait before sending more',
  spectator_read_only:
    'a spectate session (?spectate=) only watches: it accepts no game input (ping is answered); nothing was done',
  ...DIALOGUE_ERROR_CODES,
  ...PRAYER_ERROR_CODES,
  ...TELEPORT_ERROR_CODES,
  internal_error: 'a bug on the server; logged',
} as const;

export type GameErrorCode = keyof typeof GAME_ERROR_CODES;

/**
 * WebSocket close codes used by the server (4000-4999 are application codes).
 */
export const CLOSE_CODES = {
  /** Normal closure (the client logged out). */
  normal: 1000,
  /** The server is shutting down. */
  goingAway: 1001,
  /** A frame was larger than the maximum frame size. */
  frameTooLarge: 1009,
  /** Another login for the same character took over this session. */
  replaced: 4000,
  /** The token was missing or invalid, or the character is not the account's. */
  unauthorized: 4001,
  /**
   * Rate limited: the client kept flooding after its temporary block, or, with rate limits on, its
   * address is over a login limit: 10 logins a minute whose token was refused (counted apart from
   * the address's HTTP sign-ins; over it, a login's token is not even read), 10 new anonymous
   * identities a minute, or 20 spectate logins a minute. Retry once the minute is over.
   */
  rateLimited: 4002,
  /** No message or pong within the idle timeout. */
  idleTimeout: 4003,
  /** The previous session's save is still being written: try again shortly. */
  savePending: 4004,
  /** The account has no such character, or it could not be loaded. */
  characterUnavailable: 4005,
  /** Kicked by an administrator. */
  kicked: 4006,
  /**
   * This character's save failed even on its own and was set aside for an operator to inspect:
   * the session ends so no further progress is built on an unsaved state. Logging in again loads
   * the last committed state.
   */
  saveFailed: 4007,
  /**
   * The client stopped reading (or reads too slowly): the bytes waiting to be sent to it passed
   * 1 MiB, or its frames could not be written out for 50 ticks in a row. Handled like a dropped
   * connection: the player stays in the world for the reconnect grace, so reconnecting resumes it.
   */
  tooSlow: 4008,
  /** The database is unreachable, so the login could not be completed: try again shortly. */
  serviceUnavailable: 4009,
  /** A fault on the server while running this character: it was saved (when safe), logged and logged out. */
  serverError: 4010,
  /**
   * The character is logged in on another world (the reason names it: `logged_in_elsewhere: world
   * 2`): its lease is held there until that session logs out and its save commits, or, if that
   * world crashed, until the lease expires. Log in there, or connect with `takeover=1` to log the
   * other session out first. A takeover that world could not be asked for (the cross-world link is
   * down) is refused with this code too, the reason adding `; takeover unavailable: ...`.
   */
  loggedInElsewhere: 4011,
  /** The world holds its capacity of players: choose another from `GET /api/v1/worlds`. */
  worldFull: 4012,
  /**
   * The character is an agent's and its agent is running (the reason starts `agent_running`): only
   * the agent's own session may play it. Stop the agent first, then log in with its `characterId`.
   */
  agentRunning: 4013,
  /**
   * A spectate login (`?spectate=<characterId>`) refused because the character already has 4
   * spectators or the account already spectates with 8 sessions: close a watch view first.
   */
  spectatorLimit: 4014,
  /**
   * The client's address already holds as many WebSocket connections as one address may (64 by
   * default, with rate limits on; the agent runtime's, which carry its secret, are not counted):
   * this one was closed at once, before its login was read. Close another first, or retry later.
   */
  tooManyConnections: 4015,
} as const;
