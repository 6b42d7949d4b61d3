import type { z } from 'zod';
import { clientEvents, isClientEventName, type ClientMessage } from './client-events';
import { envelopeSchema, type Rid } from './envelope';
import type { GameErrorCode } from './errors';

export type InboundResult =
  | { ok: true; message: ClientMessage; rid: Rid | undefined }
  | { ok: false; code: GameErrorCode; message: string; rid: Rid | undefined };

function describeIssue(issue: z.core.$ZodIssue): string {
  const path = issue.path.length > 0 ? `data.${issue.path.join('.')}` : 'data';
  return `${path}: ${issue.message}`;
}

/** Validates a decoded frame: envelope first, then the event's payload schema. */
export function validateInbound(value: unknown): InboundResult {
  const env = envelopeSchema.safeParse(value);
  if (!env.success) {
    const rid = typeof value === 'object' && value !== null && 'rid' in value ? ridOf(value.rid) : undefined;
    return {
      ok: false,
      code: 'bad_envelope',
      message: 'expected {"event": string, "data": object, "rid"?: id}',
      rid,
    };
  }
  const { event, data, rid } = env.data;
  if (!isClientEventName(event))
    return { ok: false, code: 'unknown_event', message: `unknown event ${event}`, rid };
  const parsed = clientEvents[event].schema.safeParse(data ?? {});
  if (!parsed.success) {
    return {
      ok: false,
      code: 'invalid_payload',
      message: `${event}: ${parsed.error.issues.map(describeIssue).join('; ')}`,
      rid,
    };
  }
  return { ok: true, message: { event, data: parsed.data } as ClientMessage, rid };
}

function ridOf(v: unknown): Rid | undefined {
  if (typeof v === 'string' && v.length > 0 && v.length <= 64) return v;
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return v;
  return undefined;
}
