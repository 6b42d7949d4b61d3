import { CLOSE_CODES } from '@tilerealm/protocol';
import { describe, expect, it } from 'vitest';
import { AUTH_LIMIT, authAttemptKey } from '../http/plugins/rate-limit';
import { Counters } from '../http/plugins/rate-limit-store';
import { AddressLimits, ConnectionSlots, wsTokenRefusalKey } from './address-limits';
import type { Connection } from './connection';

/** The part of a Connection the limits use: its address, and the close it is given. */
function fakeConnection(
  remoteAddress: string,
  agentRuntime = false,
): Connection & { closedWith: number | undefined } {
  const c = {
    remoteAddress,
    agentRuntime,
    closedWith: undefined as number | undefined,
    close(code: number) {
      c.closedWith = code;
    },
  };
  return c as unknown as Connection & { closedWith: number | undefined };
}

describe('ConnectionSlots', () => {
  it('gives an address at most max slots, frees one per release and forgets an address at zero', () => {
    const slots = new ConnectionSlots(2);
    expect([slots.take('a'), slots.take('a'), slots.take('a')]).toEqual([true, true, false]);
    expect(slots.take('b')).toBe(true);
    expect([slots.heldBy('a'), slots.heldBy('b'), slots.addresses]).toEqual([2, 1, 2]);
    slots.release('a');
    expect(slots.take('a')).toBe(true);
    for (const address of ['a', 'a', 'b']) slots.release(address);
    expect([slots.heldBy('a'), slots.heldBy('b'), slots.addresses]).toEqual([0, 0, 0]);
    // A release too many never leaves a negative count behind.
    slots.release('a');
    expect(slots.addresses).toBe(0);
    expect([slots.take('a'), slots.take('a'), slots.take('a')]).toEqual([true, true, false]);
  });

  it('reports the first refusal of an address until it gives a slot back', () => {
    const slots = new ConnectionSlots(1);
    slots.take('a');
    expect([slots.take('a'), slots.firstRefusal('a'), slots.take('a'), slots.firstRefusal('a')]).toEqual([
      false,
      true,
      false,
      false,
    ]);
    slots.release('a');
    slots.take('a');
    expect([slots.take('a'), slots.firstRefusal('a')]).toEqual([false, true]);
  });

  it('counts nothing and refuses nothing with a cap of 0', () => {
    const slots = new ConnectionSlots(0);
    for (let i = 0; i < 100; i++) expect(slots.take('a')).toBe(true);
    expect(slots.addresses).toBe(0);
  });
});

/** Admits a socket whose upgrade carried `secret` as X-Agent-Runtime-Secret, as the route does. */
const admit = (limits: AddressLimits, address: string, secret: string | string[] | undefined) =>
  limits.admit(address, limits.isAgentRuntime(secret));

describe('AddressLimits', () => {
  it('caps connections only with rate limits on', () => {
    expect(new AddressLimits({ rateLimitEnabled: true, connectionsPerAddress: 3 }).connections.max).toBe(3);
    expect(new AddressLimits({ rateLimitEnabled: false, connectionsPerAddress: 3 }).connections.max).toBe(0);
    expect(new AddressLimits({ connectionsPerAddress: 3 }).connections.max).toBe(0);
  });

  it('closes logins from an address with 4002 once refused tokens used up their limit', async () => {
    const table = new Counters();
    const limits = new AddressLimits({ rateLimitEnabled: true, authAttempts: table });
    for (let i = 0; i < AUTH_LIMIT.max; i++) {
      const c = fakeConnection('1.2.3.4');
      expect(await limits.closeIfOverAuthLimit(c)).toBe(false);
      expect(c.closedWith).toBeUndefined();
      await limits.tokenRefused(fakeConnection('1.2.3.4'));
    }
    const over = fakeConnection('1.2.3.4');
    expect(await limits.closeIfOverAuthLimit(over)).toBe(true);
    expect(over.closedWith).toBe(CLOSE_CODES.rateLimited);
    // Looking does not count; another address has its own budget.
    expect(table.peek(wsTokenRefusalKey('1.2.3.4'), AUTH_LIMIT.timeWindow).current).toBe(AUTH_LIMIT.max);
    expect(await limits.closeIfOverAuthLimit(fakeConnection('5.6.7.8'))).toBe(false);
  });

  it('counts in the same table as the HTTP sign-ins, under a key of its own: neither locks the other', async () => {
    const table = new Counters();
    const limits = new AddressLimits({ rateLimitEnabled: true, authAttempts: table });
    expect(wsTokenRefusalKey('1.2.3.4')).not.toBe(authAttemptKey('1.2.3.4'));
    // What @fastify/rate-limit counts for 3 × 10 requests to /api/auth/* from the address.
    for (let i = 0; i < 3 * AUTH_LIMIT.max; i++) table.incr(authAttemptKey('1.2.3.4'), AUTH_LIMIT.timeWindow);
    const login = fakeConnection('1.2.3.4');
    expect(await limits.closeIfOverAuthLimit(login)).toBe(false);
    expect(login.closedWith).toBeUndefined();
    // And the socket's refused tokens leave the HTTP budget alone.
    for (let i = 0; i < AUTH_LIMIT.max; i++) await limits.tokenRefused(fakeConnection('5.6.7.8'));
    expect(table.peek(authAttemptKey('5.6.7.8'), AUTH_LIMIT.timeWindow).current).toBe(0);
    expect(await limits.closeIfOverAuthLimit(fakeConnection('5.6.7.8'))).toBe(true);
  });

  it("neither closes nor counts the agent runtime's sockets, whatever the address's budget", async () => {
    const table = new Counters();
    const limits = new AddressLimits({ rateLimitEnabled: true, authAttempts: table });
    for (let i = 0; i < AUTH_LIMIT.max; i++) await limits.tokenRefused(fakeConnection('1.2.3.4'));
    const runtime = fakeConnection('1.2.3.4', true);
    expect(await limits.closeIfOverAuthLimit(runtime)).toBe(false);
    expect(runtime.closedWith).toBeUndefined();
    expect(await limits.closeIfOverAuthLimit(fakeConnection('1.2.3.4'))).toBe(true);
    // Its own refused tokens do not count against the address.
    for (let i = 0; i < AUTH_LIMIT.max; i++) await limits.tokenRefused(fakeConnection('5.6.7.8', true));
    expect(table.peek(wsTokenRefusalKey('5.6.7.8'), AUTH_LIMIT.timeWindow).current).toBe(0);
    expect(await limits.closeIfOverAuthLimit(fakeConnection('5.6.7.8'))).toBe(false);
  });

  it('neither counts nor refuses with rate limits off', async () => {
    const table = new Counters();
    const limits = new AddressLimits({ rateLimitEnabled: false, authAttempts: table });
    for (let i = 0; i < 3 * AUTH_LIMIT.max; i++) await limits.tokenRefused(fakeConnection('1.2.3.4'));
    expect(table.peek(wsTokenRefusalKey('1.2.3.4'), AUTH_LIMIT.timeWindow).current).toBe(0);
    expect(await limits.closeIfOverAuthLimit(fakeConnection('1.2.3.4'))).toBe(false);
  });

  it("admits the agent runtime's sockets (the configured secret) without a slot; others are counted", () => {
    const secret = 'runtime-secret-0123456789abcdef-0123456789';
    const limits = new AddressLimits({
      rateLimitEnabled: true,
      connectionsPerAddress: 2,
      agentRuntimeSecret: secret,
    });
    const slots = limits.connections;
    expect([admit(limits, 'a', undefined), admit(limits, 'a', 'wrong'), admit(limits, 'a', '')]).toEqual([
      'taken',
      'taken',
      'refused',
    ]);
    expect(slots.heldBy('a')).toBe(2);
    // The runtime's: as many as it plays, none taking a slot, none refused.
    for (let i = 0; i < 5; i++) expect(admit(limits, 'a', secret)).toBe('exempt');
    expect(slots.heldBy('a')).toBe(2);
    // A header sent twice (an array) or a near miss is not the secret.
    expect(admit(limits, 'a', [secret, secret])).toBe('refused');
    expect(admit(limits, 'a', `${secret}x`)).toBe('refused');
    expect(admit(limits, 'a', secret.slice(1))).toBe('refused');
  });

  it('exempts nothing without a configured secret, and counts nothing without a cap', () => {
    const limits = new AddressLimits({ rateLimitEnabled: true, connectionsPerAddress: 1 });
    expect([admit(limits, 'a', 'anything'), admit(limits, 'a', 'anything')]).toEqual(['taken', 'refused']);
    const off = new AddressLimits({
      rateLimitEnabled: false,
      connectionsPerAddress: 1,
      agentRuntimeSecret: 's',
    });
    expect([admit(off, 'a', undefined), admit(off, 'a', 's'), admit(off, 'a', undefined)]).toEqual([
      'taken',
      'taken',
      'taken',
    ]);
    expect(off.connections.addresses).toBe(0);
  });
});
