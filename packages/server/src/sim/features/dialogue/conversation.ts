/**
 * Conversations with NPCs (npcs.json `dialogue`). `talk` walks next to the NPC (interaction/),
 * then opens its tree at the first entry whose conditions all hold (else at `start`). Each node
 * shown is a `dialogue:node` with the responses whose conditions hold now; the player answers with
 * `dialogue:choose` (a response: its effects and those of the node it leads to, in one
 * transaction) or `dialogue:continue` (a node without responses goes to `next`, or ends).
 *
 * An open conversation is an interface (the `INTERFACE` slot, kind `dialogue`, with the node it
 * is at): walking away, an activity, a fight or death closes it (bank/interface.ts), and trading
 * is refused meanwhile.
 */
import type { Rid } from '@tilerealm/protocol';
import type { Dialogue, DialogueNode } from '../../../content/schemas/dialogue';
import type { Npc } from '../../core/npc';
import type { Player } from '../../core/player';
import { fail, type Outcome } from '../../core/registry';
import type { World } from '../../core/world';
import { interact } from '../interaction/interaction';
import { atNpc } from '../interaction/targets';
import { closeInterface, closeReason, openInterface, INTERFACE } from '../bank/interface';
import { chebyshev } from '../combat/combatants';
import { PlayerTx } from '../quests/tx';
import { allHold } from './conditions';
import { planEffects } from './effects';
import { isDying } from '../death/state';

const nodeIndex = new WeakMap<Dialogue, Map<string, DialogueNode>>();

/** A node of a dialogue by id (indexed once per dialogue). */
function nodeOf(dialogue: Dialogue, id: string): DialogueNode | undefined {
  let m = nodeIndex.get(dialogue);
  if (!m) {
    m = new Map(dialogue.nodes.map((n) => [n.id, n]));
    nodeIndex.set(dialogue, m);
  }
  return m.get(id);
}

/** The responses of `node` offered to `p` now, by their index in the node. */
function offered(world: World, p: Player, node: DialogueNode): Array<{ index: number; text: string }> {
  return (node.responses ?? []).flatMap((r, index) =>
    allHold(world, p, r.conditions) ? [{ index, text: r.text }] : [],
  );
}

/** Shows `node`: the conversation is (still) open and at it, and the client hears what the NPC says. */
function show(world: World, p: Player, n: Npc, node: DialogueNode): void {
  const options = offered(world, p, node);
  openInterface(world, p, { kind: 'dialogue', npcId: n.id, nodeId: node.id, x: p.x, z: p.z });
  world.send(p.id, 'dialogue:node', {
    tick: world.tick,
    npcId: n.id,
    npcName: n.name,
    nodeId: node.id,
    text: node.text,
    options,
    awaiting: options.length > 0 ? 'choice' : typeof node.next === 'string' ? 'continue' : 'end',
  });
}

const answered = (n: Npc, nodeId: string | null): Outcome => ({ ok: true, result: { npcId: n.id, nodeId } });

/**
 * After a transaction committed: a teleport ends the conversation, a bank or shop took its place,
 * no next node ends it; otherwise the next node is shown.
 */
function proceed(world: World, p: Player, n: Npc, tx: PlayerTx, next: DialogueNode | undefined): Outcome {
  const talking = INTERFACE.of(p).open?.kind === 'dialogue';
  if (tx.opensInterface) return answered(n, null);
  if (tx.teleported || !next) {
    if (talking) closeInterface(world, p, 'ended');
    return answered(n, null);
  }
  show(world, p, n, next);
  return answered(n, next.id);
}

/** Runs `effects` of an answer (and of the node it leads to) all together, then moves on. */
function step(
  world: World,
  p: Player,
  n: Npc,
  effects: DialogueNode['effects'],
  next: DialogueNode | undefined,
): Outcome {
  const tx = new PlayerTx(world, p);
  const planned = planEffects(world, tx, effects);
  if (!planned.ok) return planned;
  if (next && !tx.opensInterface && !tx.teleported) {
    const shown = planEffects(world, tx, next.effects);
    if (!shown.ok) return shown;
  }
  tx.commit();
  return proceed(world, p, n, tx, next);
}

/** Opens the conversation with `n` at its first entry whose conditions hold (else at `start`). */
function open(world: World, p: Player, n: Npc): Outcome {
  const dialogue = n.def.dialogue;
  if (!dialogue) return fail('no_dialogue', `${n.name} has nothing to say`);
  const entry = dialogue.entries?.find((e) => allHold(world, p, e.conditions))?.node ?? dialogue.start;
  const node = nodeOf(dialogue, entry);
  if (!node) return fail('no_dialogue', `${n.name} has nothing to say`);
  return step(world, p, n, undefined, node);
}

/**
 * `player:action` `talk`: walks next to an NPC with dialogue in sight, then opens the conversation
 * (the ack `{ npcId, nodeId }` comes once it opened).
 */
export function requestTalk(world: World, p: Player, npcId: string, rid: Rid | undefined): Outcome {
  if (isDying(p)) return fail('dead', 'you are dying');
  const n = world.npcs.get(npcId);
  if (!n?.alive || chebyshev(p.x, p.z, n.x, n.z) > world.settings.viewDistance)
    return fail('target_gone', 'there is no such NPC in sight');
  if (!n.def.dialogue) return fail('no_dialogue', `${n.name} has nothing to say`);
  const opens = { kind: 'dialogue' as const, npcId, nodeId: '', x: p.x, z: p.z };
  return interact(
    world,
    p,
    { ...atNpc(npcId, n.name), opens, arrive: (w, player) => open(w, player, n) },
    rid,
  );
}

/** The open conversation (its NPC and node), after closing one that may no longer stay open. */
function current(world: World, p: Player): { n: Npc; dialogue: Dialogue; node: DialogueNode } | Outcome {
  const reason = closeReason(p);
  if (reason) closeInterface(world, p, reason);
  const at = INTERFACE.of(p).open;
  if (at?.kind !== 'dialogue')
    return fail('dialogue_not_open', 'you are not talking to anyone: talk to an NPC first');
  const n = world.npcs.get(at.npcId);
  const dialogue = n?.alive ? n.def.dialogue : undefined;
  const node = dialogue ? nodeOf(dialogue, at.nodeId) : undefined;
  if (!n || !dialogue || !node) {
    closeInterface(world, p, 'gone');
    return fail('target_gone', 'the one you were talking to is gone');
  }
  return { n, dialogue, node };
}

/** `dialogue:choose`: answers with the response at `index`, if it is offered now. */
export function choose(world: World, p: Player, index: number): Outcome {
  const c = current(world, p);
  if ('ok' in c) return c;
  const response = c.node.responses?.[index];
  if (!c.node.responses)
    return fail('invalid_option', `${c.n.name} waits for you to continue: there is nothing to choose`);
  if (!response || !allHold(world, p, response.conditions))
    return fail('invalid_option', `option ${index} is not offered here`);
  const next = response.next === null ? undefined : nodeOf(c.dialogue, response.next);
  return step(world, p, c.n, response.effects, next);
}

/** `dialogue:continue`: goes on from a node without responses, or ends the conversation at its end. */
export function continueDialogue(world: World, p: Player): Outcome {
  const c = current(world, p);
  if ('ok' in c) return c;
  if (offered(world, p, c.node).length > 0)
    return fail('invalid_option', `${c.n.name} waits for your answer: choose one of the options`);
  const next = typeof c.node.next === 'string' ? nodeOf(c.dialogue, c.node.next) : undefined;
  if (!next) {
    closeInterface(world, p, 'ended');
    return answered(c.n, null);
  }
  return step(world, p, c.n, undefined, next);
}
