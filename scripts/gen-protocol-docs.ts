/**
 * Generates docs/protocol.md from packages/protocol (`npm run docs:protocol`): the connection
 * rules, then every client and server event with a field table derived from its zod schema
 * (through `z.toJSONSchema`) and its example, then the error and close code tables. The output
 * depends only on the protocol package, so it is deterministic; `--check` rewrites nothing and
 * exits 1 when the committed file is stale (run by `npm test`).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { z } from 'zod';
import {
  CLOSE_CODES,
  clientEvents,
  GAME_ERROR_CODES,
  MSGPACK_SUBPROTOCOL,
  PROTOCOL_VERSION,
  serverEvents,
  TRADE_ERROR_CODES,
} from '@tilerealm/protocol';
import { DIRECT_REPLIES } from '@tilerealm/sdk';

type Json = z.core.JSONSchema._JSONSchema;
type JsonObject = z.core.JSONSchema.JSONSchema;
interface Row {
  field: string;
  type: string;
  required: boolean;
  constraints: string;
  description: string;
}
interface EventDoc {
  description?: string;
  schema: z.ZodType;
  example?: unknown;
}

const OUT = fileURLToPath(new URL('../docs/protocol.md', import.meta.url));
const ERRORS_SOURCE = fileURLToPath(new URL('../packages/protocol/src/errors.ts', import.meta.url));
const SAFE = Number.MAX_SAFE_INTEGER;

const code = (v: unknown): string => `\`${typeof v === 'string' ? v : JSON.stringify(v)}\``;
const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function members(node: JsonObject): JsonObject[] | undefined {
  return node.oneOf ?? node.anyOf;
}

/** A short type label: `integer`, `string[]`, `object \| null`, `record<string, object>`, `[integer, number]`. */
function typeLabel(node: Json): string {
  if (typeof node === 'boolean') return node ? 'any' : 'never';
  if (node.$ref !== undefined) return node.$ref.replace(/^#\/\$defs\//, '');
  if (node.const !== undefined) return JSON.stringify(node.const);
  const union = members(node);
  if (union) return [...new Set(union.map(typeLabel))].join(' | ');
  if (Array.isArray(node.type)) return node.type.join(' | ');
  if (node.type === 'array') {
    if (node.prefixItems) return `[${node.prefixItems.map(typeLabel).join(', ')}]`;
    if (node.items === undefined || Array.isArray(node.items)) return 'array';
    const inner = typeLabel(node.items);
    return inner.includes(' ') ? `(${inner})[]` : `${inner}[]`;
  }
  if (node.type === 'object' && !node.properties && typeof node.additionalProperties === 'object') {
    return `record<string, ${typeLabel(node.additionalProperties)}>`;
  }
  return node.type ?? 'any';
}

function range(min: number | undefined, max: number | undefined, what: string): string | undefined {
  const lo = min !== undefined && min > -SAFE ? min : undefined;
  const hi = max !== undefined && max < SAFE ? max : undefined;
  if (lo !== undefined && hi !== undefined) return `${what}${lo} to ${hi}`;
  if (lo !== undefined) return `${what}≥ ${lo}`;
  if (hi !== undefined) return `${what}≤ ${hi}`;
  return undefined;
}

/** The checks a node carries beyond its type: bounds, lengths, enums, patterns, closed objects. */
function constraintsOf(node: Json): string[] {
  if (typeof node === 'boolean') return [];
  const union = members(node);
  if (union) {
    return union.flatMap((m) => {
      const inner = constraintsOf(m);
      return inner.length > 0 ? [`${typeLabel(m)}: ${inner.join(', ')}`] : [];
    });
  }
  const out = [
    range(node.minimum, node.maximum, ''),
    range(node.minLength, node.maxLength, 'length '),
    range(node.minItems, node.maxItems, 'items '),
  ].filter((s): s is string => s !== undefined);
  if (typeof node.exclusiveMinimum === 'number') out.push(`> ${node.exclusiveMinimum}`);
  if (typeof node.exclusiveMaximum === 'number') out.push(`< ${node.exclusiveMaximum}`);
  if (node.enum) out.push(`one of ${node.enum.map(code).join(', ')}`);
  if (node.pattern !== undefined) out.push(`pattern ${code(node.pattern)}`);
  if (node.format !== undefined) out.push(`format ${node.format}`);
  if (node.type === 'object' && node.additionalProperties === false) out.push('no other fields');
  return out;
}

/** The object whose fields a node's children are: itself, its array items, record values or non-null member. */
function childObject(node: JsonObject): { object: JsonObject; suffix: string } | undefined {
  if (node.properties) return { object: node, suffix: '' };
  if (node.type === 'array' && typeof node.items === 'object' && !Array.isArray(node.items)) {
    const inner = childObject(node.items);
    return inner && { object: inner.object, suffix: `[]${inner.suffix}` };
  }
  if (node.type === 'object' && typeof node.additionalProperties === 'object') {
    const inner = childObject(node.additionalProperties);
    return inner && { object: inner.object, suffix: `.<key>${inner.suffix}` };
  }
  const objects = (members(node) ?? []).filter((m) => m.properties);
  const only = objects[0];
  return objects.length === 1 && only ? childObject(only) : undefined;
}

function fieldRows(object: JsonObject, prefix: string, rows: Row[]): Row[] {
  const required = new Set(object.required ?? []);
  for (const [name, prop] of Object.entries(object.properties ?? {})) {
    const field = `${prefix}${name}`;
    rows.push({
      field,
      type: typeLabel(prop),
      required: required.has(name),
      constraints: constraintsOf(prop).join('; '),
      description: typeof prop === 'object' ? (prop.description ?? '') : '',
    });
    const child = typeof prop === 'object' ? childObject(prop) : undefined;
    if (child && child.object !== object) fieldRows(child.object, `${field}${child.suffix}.`, rows);
  }
  return rows;
}

function table(rows: Row[]): string[] {
  if (rows.length === 0) return ['No fields: send `{}`.'];
  const described = rows.some((r) => r.description !== '');
  const head = ['Field', 'Type', 'Required', 'Constraints', ...(described ? ['Description'] : [])];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const r of rows) {
    const cells = [code(r.field), code(r.type), r.required ? 'yes' : 'no', r.constraints];
    if (described) cells.push(r.description);
    lines.push(`| ${cells.map(cell).join(' | ')} |`);
  }
  return lines;
}

/** The property every variant of a union fixes with `const` (the discriminator), if any. */
function discriminator(variants: JsonObject[]): string | undefined {
  const first = variants[0]?.properties ?? {};
  return Object.keys(first).find((key) =>
    variants.every((v) => {
      const p = v.properties?.[key];
      return typeof p === 'object' && p.const !== undefined;
    }),
  );
}

/** The payload's field tables. `input` mode: a closed (strict) object shows as `additionalProperties: false`. */
function payloadSection(schema: z.ZodType, direction: 'client' | 'server'): string[] {
  const root: JsonObject = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  const variants = members(root);
  const closed =
    direction === 'client' && (variants ?? [root]).every((v) => v.additionalProperties === false);
  const note = closed ? ['', 'Closed: unknown fields are rejected.'] : [];
  if (!variants) return [...table(fieldRows(root, '', [])), ...note];
  const key = discriminator(variants);
  const out = [`One of ${variants.length} variants${key ? `, told apart by ${code(key)}` : ''}:`];
  variants.forEach((variant, i) => {
    const prop = key ? variant.properties?.[key] : undefined;
    const label =
      typeof prop === 'object' ? `${code(key)} = ${code(JSON.stringify(prop.const))}` : `${i + 1}`;
    out.push('', `**Variant ${label}**`, '', ...table(fieldRows(variant, '', [])));
  });
  return [...out, ...note];
}

function eventSection(name: string, def: EventDoc, direction: 'client' | 'server'): string[] {
  const envelope = { event: name, data: def.example ?? {} };
  const reply: string | undefined =
    direction === 'client'
      ? (Object.entries(DIRECT_REPLIES).find(([k]) => k === name)?.[1] ?? 'ack')
      : undefined;
  return [
    `### ${code(name)}`,
    '',
    `**${direction === 'client' ? 'Client → server' : 'Server → client'}.** ${def.description ?? ''}`.trimEnd(),
    ...(reply ? ['', `Reply to a request with a \`rid\`: ${code(reply)} (or \`error\`).`] : []),
    '',
    ...payloadSection(def.schema, direction),
    '',
    'Example:',
    '',
    '```json',
    JSON.stringify(envelope, null, 2),
    '```',
    '',
  ];
}

/** Close code descriptions: the TSDoc comment above each CLOSE_CODES entry in errors.ts. */
async function closeCodeComments(): Promise<Map<string, string>> {
  const source = await readFile(ERRORS_SOURCE, 'utf8').catch(() => '');
  const block = source.slice(Math.max(0, source.indexOf('CLOSE_CODES')));
  const comments = new Map<string, string>();
  for (const m of block.matchAll(/\/\*\*((?:(?!\*\/)[^])*)\*\/\s*(\w+):\s*\d+/g)) {
    const [, text, key] = m;
    if (text !== undefined && key !== undefined)
      comments.set(
        key,
        text
          .replace(/^\s*\*\s?/gm, '')
          .replace(/\s+/g, ' ')
          .trim(),
      );
  }
  return comments;
}

const INTRO = `# WebSocket protocol

> Generated from \`packages/protocol\` by \`scripts/gen-protocol-docs.ts\`. Do not edit by hand: run
> \`npm run docs:protocol\`. \`npm test\` fails when this file is stale.

Protocol version ${PROTOCOL_VERSION} (announced in \`session:welcome.protocolVersion\`). Players in a browser and AI
agents use the same protocol; \`packages/sdk\` is a typed client for it.

## Connecting

- Endpoint: \`ws://<host>:<port>/ws\` (\`wss://\` behind TLS) on the game server, default port 5555.
- Authentication: a session token (see [auth.md](auth.md)) as \`?token=<jwt>\` (browsers cannot set headers on a
  WebSocket) or as an \`Authorization: Bearer <jwt>\` header. An invalid token closes the connection with 4001; with
  rate limits on, it counts against the refused tokens of the client's address (see Limits below).
- \`?characterId=<id>\` chooses which of the account's characters to play (see close codes 4001 and 4005).
- \`?takeover=1\` (or \`0\`, the default): when another world holds the character (close 4011), ask that world to log it
  out, and enter once its logout save has ended the character's lease (within about 10 s; otherwise close 4011).
- \`?spectate=<characterId>\` (instead of \`characterId\`/\`takeover\`) opens a read-only **spectate session** of one
  of the token's account's characters (an agent's, typically; the agent dashboard's watch view uses it). It takes no
  character lease, session or place in the world and never disturbs the character's own session.
  \`session:welcome\` names the watched character (\`spectating: true\`), \`spectate:status\` says whether it is in this
  world, and while it is the session receives the character's own stream: a full \`player:sync\` first, then the same
  \`world:update\` deltas and events its player gets (not the answers to its requests: \`ack\`, \`pong\`, \`error\`). It
  follows the character across logouts and logins (each login starts with a full \`player:sync\`). Every request but
  \`ping\` is refused with \`spectator_read_only\` and changes nothing. Refusals: no token, an invalid token or an agent's
  token (4001), a character of another account or none (4005), more than 4 spectators of the character or 8 on the
  account (4014), more than 20 spectate logins a minute from one address when rate limits are on (4002).
- Anonymous mode: a connection without a token gets a fresh temporary identity and character, and receives its token in
  \`session:welcome.token\`: reconnect with it to come back as the same player.
- The server's first message is always \`session:welcome\`: wait for it before sending.

## Envelope and frames

Every message, in both directions, is one envelope:

\`\`\`json
{ "event": "player:move", "data": { "x": 5, "z": -3 }, "rid": 7 }
\`\`\`

- A client frame carries exactly one envelope.
- The server sends at most one frame per player per tick, after the tick: everything the tick produced for the
  player, together with the answers and notices that arose since the previous tick (errors for rejected frames,
  social answers, the admin code's answer), in the order they happened. A frame holding one message is that
  envelope alone; a frame holding several is a JSON array of envelopes (a msgpack array on msgpack connections):

  \`\`\`json
  [{ "event": "ack", "data": { "event": "player:move" }, "rid": 7 }, { "event": "world:update", "data": { "tick": 812 } }]
  \`\`\`

  Handle the messages of an array in order, as if each had come in a frame of its own. Two messages do not wait
  for the tick: \`session:welcome\` comes at once, alone, before the player's first tick, and \`session:closing\`
  comes at once right before a close, after anything still queued (in the same frame).
- Text frames carry the envelope (or the array) as JSON. A client that asks for the \`${MSGPACK_SUBPROTOCOL}\` subprotocol
  (\`Sec-WebSocket-Protocol: ${MSGPACK_SUBPROTOCOL}\`) sends and receives the same envelope as msgpack in binary frames
  instead, about two thirds of JSON's bytes; the SDK (and so the browser client) asks for it by default. A binary
  frame on a JSON connection is rejected with \`bad_frame\`.
- Compression: on a server run with \`WS_COMPRESSION=true\` (off by default), a client that offers
  \`permessage-deflate\` (RFC 7692; browsers, the SDK and \`ws\` do by default) gets its frames compressed, with the
  compressor's context kept from frame to frame and a 2 KiB server window (\`server_max_window_bits=11\`): about a
  third of the bytes of JSON frames. A client that offers a smaller server window is then refused at the handshake
  (400): it may connect without offering compression. Frames a client sends compressed are limited to 32 KiB once
  decompressed (1009) ([decisions/0024](decisions/0024-compressed-frames.md)).
- \`rid\` (optional) is a request id chosen by the client: a string of 1 to 64 characters or a non-negative integer.
- A message with a \`rid\` is answered with \`ack {event, result?}\` echoing the rid once the world has applied it (in
  the next tick), or with \`error {code, message, rid}\` instead if it failed. Events with a direct reply (\`pong\` for
  \`ping\`, \`player:sync\` for \`player:requestSync\`) receive that reply, carrying the rid, instead of an \`ack\`.
  When several \`player:move\` requests arrive within one tick, the last one wins; earlier ones are acknowledged with
  \`result.superseded: true\`.
- A message without a \`rid\` gets no \`ack\`; if it fails, the \`error\` carries no rid.
- An \`error\` never changes the world: the request it answers had no effect.

In the field tables below, a nested field (\`a.b\`, \`list[].b\`, \`map.<key>.b\`) is required relative to its parent.
A client payload marked closed rejects unknown fields with \`invalid_payload\`. Clients should ignore unknown fields in
server payloads, which may grow new optional fields within a protocol version.

## Limits and liveness

| Rule | Value | Consequence |
|---|---|---|
| Connections per address | 64 open at once (\`WS_CONNECTIONS_PER_ADDRESS\`), when rate limits are on; the agent runtime's (its secret in the \`X-Agent-Runtime-Secret\` upgrade header) are not counted | the next one is closed with 4015 at once, before its query or token is read; a slot frees when one of them closes |
| Refused tokens per address | 10 a minute when rate limits are on, counted apart from the address's HTTP sign-ins, which never use it up ([auth.md](auth.md#rate-limits)); a valid token never counts | every login from the address is then closed with 4002, its token not read, until its one-minute window ends |
| New identities per address | 10 a minute (logins without a token, anonymous mode), when rate limits are on | close 4002 |
| Messages per connection | 60 per second | \`error rate_limited\`, then messages are dropped during a temporary block; flooding on closes with 4002 |
| Frame size | 32 KiB | close 1009 |
| Heartbeat | the server sends a WebSocket ping every 20 s | browsers and \`ws\` answer with a pong automatically |
| Idle timeout | 60 s without any message or pong | close 4003 |
| Unsent bytes | 1 MiB waiting to be sent to a client that does not read (what its socket still holds plus the next frame) | close 4008, handled like a drop (reconnect grace) |
| Stalled ticks | 50 ticks in a row whose frame found the previous ones still unsent | close 4008, handled like a drop (reconnect grace) |

## Sessions

- One live session per character: a new login takes over, and the old connection receives \`session:closing\` and
  then close 4000. Do not reconnect after 4000: the two clients would take the character from each other.
- While the previous session's save is still being written, a login is refused with close 4004: retry after a short
  delay.
- A reconnect within 30 s of a drop resumes the same in-world player (\`session:welcome.resumed\` is \`true\`).
- A session only receives the answers to its own requests: an \`ack\`, \`error\` or any other reply to a request
  that an earlier connection of the character made (a walk that ends after a takeover) is not sent to the new one.
- Admin rights (\`/admin\`) belong to the session that entered the code; a takeover or a resume starts without them.
- Before closing a connection the server sends \`session:closing {code, reason}\`.

## What an answer means

- An \`ack\` means the world applied the request in that tick. The world is saved write-behind: a
  player's own progress (positions, experience, items gathered, made, eaten, banked or dropped)
  reaches the database with the next save, at most \`SAVE_INTERVAL\` seconds later, at once for a
  bank move, a purchase or sale, a quest step, a death, a drop or a pickup. A crash of the server can
  therefore undo up to \`SAVE_INTERVAL\` of a player's own progress, always as a whole: the character
  comes back exactly as last saved.
- Anything that moves items between two owners (a trade, a purchase or sale, a drop and its pickup by
  another player, a death and the loot or reclaim of its items) is saved with both owners in one
  transaction: a crash never loses or duplicates such items, whatever \`SAVE_INTERVAL\` is.
- \`tradeCompleted\` (and the ack of the acceptance that made the swap) is sent only after the swap
  committed: a trade you were told completed survives any crash.
- While the database is unreachable the world keeps running and saves wait; they commit in order
  once it returns. See docs/reliability.md.
`;

async function generate(): Promise<string> {
  const lines: string[] = [INTRO];
  const sections: Array<[string, Record<string, EventDoc>, 'client' | 'server']> = [
    ['Client events', clientEvents, 'client'],
    ['Server events', serverEvents, 'server'],
  ];
  for (const [title, events, direction] of sections) {
    lines.push(`## ${title}`, '', '| Event | Description |', '|---|---|');
    for (const [name, def] of Object.entries(events))
      lines.push(`| ${code(name)} | ${cell(def.description ?? '')} |`);
    lines.push('');
    for (const [name, def] of Object.entries(events)) lines.push(...eventSection(name, def, direction));
  }
  lines.push(
    '## Error codes',
    '',
    'Carried by the `error` event as `data.code`.',
    '',
    '| Code | Meaning |',
    '|---|---|',
  );
  for (const [name, meaning] of Object.entries(GAME_ERROR_CODES))
    lines.push(`| ${code(name)} | ${cell(meaning)} |`);
  lines.push(
    '',
    '## Trade error codes',
    '',
    'Carried by the `tradeError` event as `data.code`: the answer to a failed trade event (tradeRequest ... tradeCancel, tradeAddCoins, tradeModify).',
    '',
    '| Code | Meaning |',
    '|---|---|',
  );
  for (const [name, meaning] of Object.entries(TRADE_ERROR_CODES))
    lines.push(`| ${code(name)} | ${cell(meaning)} |`);
  const comments = await closeCodeComments();
  lines.push('', '## Close codes', '', '| Code | Name | Meaning |', '|---|---|---|');
  for (const [name, value] of Object.entries(CLOSE_CODES))
    lines.push(`| ${value} | ${code(name)} | ${cell(comments.get(name) ?? '')} |`);
  lines.push('');
  const options = (await resolveConfig(OUT)) ?? {};
  return format(lines.join('\n'), { ...options, parser: 'markdown' });
}

async function main(): Promise<void> {
  const text = await generate();
  if (process.argv.includes('--check')) {
    const current = await readFile(OUT, 'utf8').catch(() => '');
    if (current !== text) {
      console.error('docs/protocol.md is stale: run npm run docs:protocol');
      process.exit(1);
    }
    console.log('docs/protocol.md is up to date');
    return;
  }
  await writeFile(OUT, text);
  console.log(`wrote ${OUT}`);
}

await main();
