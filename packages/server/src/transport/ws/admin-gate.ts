import { timingSafeEqual, createHash } from 'node:crypto';
import { AttemptLimiter } from './attempt-limiter';
import type { Rid } from '@tilerealm/protocol';
import type { OutEvent } from '../../sim/core/types';

/** Attempts allowed per player and minute: the specification's authentication limit. */
export const ADMIN_ATTEMPTS_PER_MINUTE = 10;

/**
 * Checks `/admin <code>` against ADMIN_CODE (constant-time), counting attempts with the
 * authentication limit. The code never enters the world, its input log or the logs.
 */
export class AdminGate {
  private readonly limiter = new AttemptLimiter(ADMIN_ATTEMPTS_PER_MINUTE, 60_000);

  constructor(private readonly code: string | undefined) {}

  async check(playerId: string, attempt: string): Promise<boolean> {
    if (!this.limiter.take(playerId) || !this.code) return false;
    const a = createHash('sha256').update(attempt).digest();
    const b = createHash('sha256').update(this.code).digest();
    return timingSafeEqual(a, b);
  }
}

/** What a session is told after its `/admin <code>`: rights granted (and the ack), or a wrong code. */
export function adminAnswer(ok: boolean, tick: number, rid: Rid | undefined): OutEvent[] {
  if (!ok) {
    const data = {
      code: 'admin_code_invalid' as const,
      message: 'wrong admin code',
      ...(rid !== undefined ? { rid } : {}),
    };
    return [rid === undefined ? { event: 'error', data } : { event: 'error', data, rid }];
  }
  const granted: OutEvent = {
    event: 'chat:message',
    data: { tick, channel: 'system', from: null, message: 'admin rights granted for this session' },
  };
  return rid === undefined ? [granted] : [granted, { event: 'ack', data: { event: 'player:chat' }, rid }];
}
