import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { SessionTokens } from './session-tokens';

const SECRET = 'unit-secret-unit-secret-unit-secret-0123';

describe('SessionTokens', () => {
  it('signs each kind of account with its own lifetime, from the injected clock', async () => {
    let now = Date.UTC(2030, 0, 1);
    const tokens = new SessionTokens(SECRET, { anonymous: 2_592_000, account: 86_400 }, () => now);
    const anon = await tokens.sign({ accountId: 'acc_a', anonymous: true });
    expect(decodeJwt(anon.token)).toMatchObject({ iat: now / 1000, exp: now / 1000 + 2_592_000 });
    expect(anon.expiresAt).toEqual(new Date(now + 2_592_000_000));
    const account = await tokens.sign({ accountId: 'acc_b', anonymous: false });
    expect(decodeJwt(account.token)).toMatchObject({ iat: now / 1000, exp: now / 1000 + 86_400 });

    now += 86_399_000;
    expect(await tokens.verify(account.token)).toEqual({
      ok: true,
      value: { accountId: 'acc_b', anonymous: false },
    });
    now += 1000;
    expect(await tokens.verify(account.token)).toEqual({ ok: false, reason: 'expired' });
    expect((await tokens.verify(anon.token)).ok).toBe(true);
    now = Date.UTC(2030, 0, 1) + 2_592_000_000;
    expect(await tokens.verify(anon.token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a token issued more than a minute in the future (clock skew allowance)', async () => {
    const start = Date.UTC(2030, 0, 1);
    const early = new SessionTokens(SECRET, 3600, () => start + 61_000);
    const late = new SessionTokens(SECRET, 3600, () => start);
    const skewed = await new SessionTokens(SECRET, 3600, () => start + 60_000).sign({
      accountId: 'acc_c',
      anonymous: true,
    });
    expect((await late.verify(skewed.token)).ok).toBe(true);
    const tooEarly = await early.sign({ accountId: 'acc_c', anonymous: true });
    expect(await late.verify(tooEarly.token)).toEqual({ ok: false, reason: 'invalid' });
  });
});
