import { CLOSE_CODES } from '@tilerealm/protocol';
import { GameClient, RestClient, type ConnectionClosedError } from '@tilerealm/sdk';
import { decodeJwt, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { SESSION_AUDIENCE, SESSION_ISSUER } from '../../src/auth/session-tokens';
import { useRealtimeServer, wsUrl } from './realtime-harness';

const TTL = 7200;

/** Token lifetimes and time claims over the WebSocket, on a server with a non-default anonymous lifetime. */
describe('session tokens over WebSocket', () => {
  const live = useRealtimeServer({ ANONYMOUS_TOKEN_TTL_SECONDS: String(TTL) });

  const lifetime = (token: string | undefined) => {
    const { iat, exp } = decodeJwt(token ?? '');
    return (exp ?? 0) - (iat ?? 0);
  };

  it('issues tokens that live ANONYMOUS_TOKEN_TTL_SECONDS, in session:welcome and over REST', async () => {
    const client = await GameClient.connect({ url: wsUrl(live.server), reconnect: false });
    try {
      expect(lifetime(client.welcome?.token)).toBe(TTL);
    } finally {
      await client.close();
    }
    const rest = await new RestClient(live.server.url).anonymous();
    expect(lifetime(rest.token)).toBe(TTL);
  });

  it('lets the SDK renew a due token through POST /api/auth/refresh before it connects', async () => {
    const { accountId } = await new RestClient(live.server.url).anonymous();
    const now = Math.floor(Date.now() / 1000);
    // Issued TTL - 200 s ago: 200 s of its life left, well inside the last 20%.
    const due = await new SignJWT({ anon: true })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(accountId)
      .setIssuer(SESSION_ISSUER)
      .setAudience(SESSION_AUDIENCE)
      .setIssuedAt(now - (TTL - 200))
      .setExpirationTime(now + 200)
      .sign(new TextEncoder().encode(live.world.env['JWT_SECRET']));
    const client = await GameClient.connect({ url: wsUrl(live.server), token: due, reconnect: false });
    try {
      expect(client.token).not.toBe(due);
      expect(lifetime(client.token)).toBe(TTL);
      expect(decodeJwt(client.token ?? '').sub).toBe(accountId);
      expect(client.welcome?.accountId).toBe(accountId);
    } finally {
      await client.close();
    }
  });

  it.each([
    ['without exp', { iat: 0 }],
    ['without iat', { exp: 600 }],
  ])('closes 4001 on a token of ours %s', async (_label, offsets) => {
    const { accountId } = await new RestClient(live.server.url).anonymous();
    const now = Math.floor(Date.now() / 1000);
    const jwt = new SignJWT({ anon: true })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(accountId)
      .setIssuer(SESSION_ISSUER)
      .setAudience(SESSION_AUDIENCE);
    if ('iat' in offsets) jwt.setIssuedAt(now + offsets.iat);
    if ('exp' in offsets) jwt.setExpirationTime(now + offsets.exp);
    const token = await jwt.sign(new TextEncoder().encode(live.world.env['JWT_SECRET']));
    await expect(
      GameClient.connect({ url: wsUrl(live.server), token, reconnect: false }),
    ).rejects.toMatchObject({ code: CLOSE_CODES.unauthorized } satisfies Partial<ConnectionClosedError>);
  });
});
