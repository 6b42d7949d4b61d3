import { CLOSE_CODES, type Rid } from '@tilerealm/protocol';
import type { Player } from '../../core/player';
import { fail, type Outcome } from '../../core/registry';
import type { World } from '../../core/world';
import { queueHit } from '../combat/hits';
import { isDying } from '../death/state';
import { runSystemUpdateCommand } from '../maintenance/system-update';

interface AdminCommand {
  usage: string;
  help: string;
  run(world: World, admin: Player, args: string[], rid: Rid | undefined): Outcome;
}

const int = (s: string | undefined) => (s !== undefined && /^-?\d{1,6}$/.test(s) ? Number(s) : undefined);

function findByName(world: World, name: string): Player | undefined {
  const lower = name.toLowerCase();
  for (const p of world.players.values()) if (p.name.toLowerCase() === lower) return p;
  return undefined;
}

/** Commands available after `/admin <ADMIN_CODE>` (see docs/admin.md). */
export const ADMIN_COMMANDS: Record<string, AdminCommand> = {
  tele: {
    usage: '/tele <x> <z> [player name]',
    help: 'teleport yourself (or a player) to a walkable tile',
    run(world, admin, args) {
      const x = int(args[0]);
      const z = int(args[1]);
      if (x === undefined || z === undefined)
        return fail('invalid_command', 'usage: /tele <x> <z> [player name]');
      const target = args.length > 2 ? findByName(world, args.slice(2).join(' ')) : admin;
      if (!target) return fail('invalid_command', `no player named ${args.slice(2).join(' ')} is online`);
      if (!world.map.isWalkable(x, z)) return fail('invalid_command', `tile ${x},${z} is not walkable`);
      target.path = [];
      target.x = x;
      target.z = z;
      world.spatial.set(target.idx, x, z);
      return { ok: true, result: { player: target.name, x, z } };
    },
  },
  hit: {
    usage: '/hit <damage> [player name]',
    help: 'deal damage (life points) to yourself or a player, as a hit from no one (testing deaths)',
    run(world, admin, args) {
      const damage = int(args[0]);
      if (damage === undefined || damage < 0)
        return fail('invalid_command', 'usage: /hit <damage> [player name]');
      const target = args.length > 1 ? findByName(world, args.slice(1).join(' ')) : admin;
      if (!target) return fail('invalid_command', `no player named ${args.slice(1).join(' ')} is online`);
      if (isDying(target)) return fail('invalid_command', `${target.name} is already dying`);
      queueHit(world, {
        landsAt: world.tick,
        attacker: null,
        target,
        hit: true,
        damage,
        damageType: 'typeless',
      });
      return { ok: true, result: { player: target.name, damage } };
    },
  },
  kick: {
    usage: '/kick <player name>',
    help: 'disconnect a player (on any world)',
    run(world, admin, args, rid) {
      const name = args.join(' ');
      const target = findByName(world, name);
      if (!target) {
        if (name.trim().length === 0) return fail('invalid_command', 'usage: /kick <player name>');
        // Perhaps on another world: the host asks there and answers the request.
        world.effect({ type: 'remoteKick', name: name.trim(), adminId: admin.id, rid });
        return { ok: true, deferred: true };
      }
      world.effect({
        type: 'disconnect',
        playerId: target.id,
        code: CLOSE_CODES.kicked,
        reason: 'kicked by an administrator',
      });
      return { ok: true, result: { kicked: target.name } };
    },
  },
  broadcast: {
    usage: '/broadcast <message>',
    help: 'send a message to every player (on every world)',
    run(world, admin, args) {
      const message = args.join(' ').trim();
      if (message.length === 0) return fail('invalid_command', 'usage: /broadcast <message>');
      for (const p of world.players.values()) {
        world.send(p.id, 'chat:message', { tick: world.tick, channel: 'broadcast', from: null, message });
      }
      world.effect({ type: 'broadcast', message, adminId: admin.id });
      return { ok: true };
    },
  },
  update: {
    usage: '/update <seconds> | /update cancel',
    help: 'count down to a system update (every player is told), then restart the server; or cancel it',
    run(world, _admin, args) {
      return runSystemUpdateCommand(world, args);
    },
  },
  players: {
    usage: '/players',
    help: 'how many players are online',
    run(world, admin) {
      world.send(admin.id, 'chat:message', {
        tick: world.tick,
        channel: 'system',
        from: null,
        message: `${world.players.size} player(s) online`,
      });
      return { ok: true, result: { online: world.players.size } };
    },
  },
  help: {
    usage: '/help',
    help: 'list the admin commands',
    run(world, admin) {
      const lines = Object.values(ADMIN_COMMANDS).map((c) => `${c.usage}: ${c.help}`);
      world.send(admin.id, 'chat:message', {
        tick: world.tick,
        channel: 'system',
        from: null,
        message: lines.join(' | '),
      });
      return { ok: true };
    },
  },
};

/** Runs a `/command` typed in chat. `/admin` itself is handled by the transport (it holds the code). */
export function runCommand(world: World, player: Player, text: string, rid: Rid | undefined): Outcome {
  const [name = '', ...args] = text.slice(1).split(' ');
  const command = ADMIN_COMMANDS[name.toLowerCase()];
  if (!command) return fail('unknown_command', `unknown command /${name}`);
  if (!player.isAdmin) return fail('not_admin', `/${name} needs admin rights: enter /admin <code> first`);
  return command.run(world, player, args, rid);
}
