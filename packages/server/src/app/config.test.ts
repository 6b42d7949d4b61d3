import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, PRODUCTION_REQUIRED, publicEnv } from './config';

const prodEnv = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://u:p@db.internal:5432/game',
  JWT_SECRET: 'x'.repeat(40),
  ADMIN_CODE: 'admin-code-123',
  PUBLIC_IDP_APP_ID: 'app-123',
  IDP_APP_SECRET: 'idp-secret-value',
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('loadConfig', () => {
  it('applies every default of the specification', () => {
    const { config, warnings } = loadConfig({});
    expect(warnings).toEqual([]);
    expect(config).toMatchObject({
      env: 'development',
      port: 5555,
      worldDir: 'world',
      databaseUrl: undefined,
      useLocalPostgres: false,
      idp: undefined,
      publicCdnUrl: 'http://localhost:8080',
      publicApiUrl: 'http://localhost:5555',
      publicWsUrl: 'ws://localhost:5555/ws',
      agentApiUrl: 'http://localhost:4001',
      agentPort: 4001,
      skipManifests: false,
      saveIntervalSeconds: 60,
      rateLimitEnabled: true,
      voice: undefined,
      anonymousTokenTtlSeconds: 2_592_000,
    });
  });

  it('takes the anonymous token lifetime from ANONYMOUS_TOKEN_TTL_SECONDS', () => {
    expect(loadConfig({ ANONYMOUS_TOKEN_TTL_SECONDS: '86400' }).config.anonymousTokenTtlSeconds).toBe(86_400);
  });

  it('derives public URLs from PORT', () => {
    const { config } = loadConfig({ PORT: '7000' });
    expect(config.publicApiUrl).toBe('http://localhost:7000');
    expect(config.publicWsUrl).toBe('ws://localhost:7000/ws');
  });

  it.each([
    ['PORT', 'abc', 'PORT must be an integer'],
    ['PORT', '70000', 'PORT must be an integer'],
    ['NODE_ENV', 'staging', 'NODE_ENV must be one of'],
    ['SAVE_INTERVAL', '-5', 'SAVE_INTERVAL must be a whole number'],
    ['SAVE_INTERVAL', '0', 'SAVE_INTERVAL must be between'],
    ['DATABASE_URL', 'mysql://x', 'DATABASE_URL must be a URL'],
    ['PUBLIC_WS_URL', 'http://x/ws', 'PUBLIC_WS_URL must be a URL (ws: or wss:)'],
    ['DISABLE_RATE_LIMIT', 'maybe', 'DISABLE_RATE_LIMIT must be true or false'],
    ['WS_COMPRESSION', 'gzip', 'WS_COMPRESSION must be true or false'],
    ['WS_CONNECTIONS_PER_ADDRESS', '-1', 'WS_CONNECTIONS_PER_ADDRESS must be a whole number'],
    ['WS_CONNECTIONS_PER_ADDRESS', '2.5', 'WS_CONNECTIONS_PER_ADDRESS must be a whole number'],
    ['WS_CONNECTIONS_PER_ADDRESS', '1000001', 'must be between 0 (no cap) and 1000000'],
    ['AGENT_PORT', '4.5', 'AGENT_PORT must be an integer'],
    ['AGENT_RUNTIME_SECRET', 'too-short', 'AGENT_RUNTIME_SECRET must be at least 32 characters'],
    ['ANONYMOUS_TOKEN_TTL_SECONDS', '1.5', 'must be a whole number of seconds'],
    ['ANONYMOUS_TOKEN_TTL_SECONDS', '59', 'must be between 3600 (one hour) and 31536000 (365 days)'],
    ['ANONYMOUS_TOKEN_TTL_SECONDS', '31536001', 'must be between 3600'],
  ])('rejects %s=%s with a clear message', (name, value, message) => {
    const problems = problemsOf({ [name]: value });
    expect(problems.some((p) => p.startsWith(`${name}:`) && p.includes(message))).toBe(true);
  });

  it('reports every bad value at once', () => {
    const problems = problemsOf({ PORT: 'abc', SAVE_INTERVAL: 'x', NODE_ENV: 'nope' });
    expect(problems).toHaveLength(3);
  });

  it('production refuses to start and lists every missing required value', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    expect(problems).toHaveLength(1);
    for (const name of PRODUCTION_REQUIRED) expect(problems[0]).toContain(name);
  });

  it('production lists only the values still missing', () => {
    const { JWT_SECRET: _j, ADMIN_CODE: _a, ...partial } = prodEnv;
    const problems = problemsOf(partial);
    expect(problems[0]).toContain('JWT_SECRET, ADMIN_CODE');
    expect(problems[0]).not.toContain('DATABASE_URL');
  });

  it('production ignores DISABLE_RATE_LIMIT and USE_LOCAL_POSTGRES with warnings', () => {
    const { config, warnings } = loadConfig({
      ...prodEnv,
      DISABLE_RATE_LIMIT: 'true',
      USE_LOCAL_POSTGRES: 'true',
    });
    expect(config.rateLimitEnabled).toBe(true);
    expect(config.useLocalPostgres).toBe(false);
    expect(warnings).toEqual([
      'DISABLE_RATE_LIMIT is ignored in production',
      'USE_LOCAL_POSTGRES is ignored in production',
    ]);
  });

  it('accepts WebSocket compression only with WS_COMPRESSION=true', () => {
    expect(loadConfig({}).config.wsCompression).toBe(false);
    expect(loadConfig({ WS_COMPRESSION: 'false' }).config.wsCompression).toBe(false);
    expect(loadConfig({ WS_COMPRESSION: 'true' }).config.wsCompression).toBe(true);
  });

  it('caps the WebSocket connections per address at WS_CONNECTIONS_PER_ADDRESS (64 by default, 0 no cap)', () => {
    expect(loadConfig({}).config.wsConnectionsPerAddress).toBe(64);
    expect(loadConfig({ WS_CONNECTIONS_PER_ADDRESS: '200' }).config.wsConnectionsPerAddress).toBe(200);
    expect(loadConfig({ WS_CONNECTIONS_PER_ADDRESS: '0' }).config.wsConnectionsPerAddress).toBe(0);
  });

  it('scans the views on a worker thread from VIEW_THREAD_FROM players (1000 by default, 0 never)', () => {
    expect(loadConfig({}).config.world.viewThreadFrom).toBe(1000);
    expect(loadConfig({ VIEW_THREAD_FROM: '0' }).config.world.viewThreadFrom).toBe(0);
    expect(loadConfig({ VIEW_THREAD_FROM: '2500' }).config.world.viewThreadFrom).toBe(2500);
    for (const bad of ['-1', '1.5', 'many'])
      expect(problemsOf({ VIEW_THREAD_FROM: bad }).join(' ')).toMatch(/VIEW_THREAD_FROM/);
  });

  it('development honours DISABLE_RATE_LIMIT and USE_LOCAL_POSTGRES', () => {
    const { config } = loadConfig({ DISABLE_RATE_LIMIT: 'true', USE_LOCAL_POSTGRES: 'true' });
    expect(config.rateLimitEnabled).toBe(false);
    expect(config.useLocalPostgres).toBe(true);
  });

  it('adds the extra origins from PUBLIC_APP_URL, CLIENT_URL, AGENT_URL and AGENT_API_URL', () => {
    const { config } = loadConfig({
      PUBLIC_APP_URL: 'https://play.example.org/',
      CLIENT_URL: 'https://client.example.org',
      AGENT_URL: 'https://agents.example.org',
      AGENT_API_URL: 'https://agent-api.example.org',
    });
    expect(config.extraOrigins).toEqual([
      'https://play.example.org',
      'https://client.example.org',
      'https://agents.example.org',
      'https://agent-api.example.org',
    ]);
  });

  it('enables voice only when all three voice values are set', () => {
    const { config, warnings } = loadConfig({
      VOICE_API_KEY: 'k',
      VOICE_API_SECRET: 's',
      VOICE_URL: 'wss://voice.example.org/',
    });
    expect(config.voice).toEqual({ apiKey: 'k', apiSecret: 's', url: 'wss://voice.example.org' });
    expect(warnings).toEqual([]);
  });

  it.each([
    [{ VOICE_URL: 'wss://v.example.org' }, 'VOICE_URL', 'VOICE_API_KEY, VOICE_API_SECRET'],
    [
      { VOICE_API_KEY: 'k', VOICE_API_SECRET: 'voice-secret-value' },
      'VOICE_API_KEY, VOICE_API_SECRET',
      'VOICE_URL',
    ],
    [
      { VOICE_API_SECRET: 'voice-secret-value', VOICE_URL: 'wss://v.example.org' },
      'VOICE_API_SECRET, VOICE_URL',
      'VOICE_API_KEY',
    ],
  ])('refuses a partial voice set %o, naming what is missing', (env, set, missing) => {
    const problems = problemsOf(env);
    expect(problems).toEqual([
      `voice chat needs VOICE_API_KEY, VOICE_API_SECRET and VOICE_URL together (or none): ${set} set but ${missing} missing`,
    ]);
    expect(problems.join('\n')).not.toContain('voice-secret-value');
  });

  it.each(['http://voice.example.org', 'https://voice.example.org', 'ws://localhost:7880'])(
    'accepts VOICE_URL=%s',
    (value) => {
      const { config } = loadConfig({ VOICE_API_KEY: 'k', VOICE_API_SECRET: 's', VOICE_URL: value });
      expect(config.voice?.url).toBe(value);
    },
  );

  it.each(['ftp://voice.example.org', 'voice.example.org', 'not a url'])('rejects VOICE_URL=%s', (value) => {
    const problems = problemsOf({ VOICE_API_KEY: 'k', VOICE_API_SECRET: 's', VOICE_URL: value });
    expect(problems).toEqual(['VOICE_URL: VOICE_URL must be a URL (ws: or wss: or http: or https:)']);
  });

  it('wants a voice secret of at least 32 characters in production, without quoting it', () => {
    const voice = { VOICE_API_KEY: 'k', VOICE_URL: 'wss://v.example.org' };
    const problems = problemsOf({ ...prodEnv, ...voice, VOICE_API_SECRET: 'short-voice-secret' });
    expect(problems).toEqual(['VOICE_API_SECRET must be at least 32 characters in production']);
    const long = 'v'.repeat(32);
    expect(loadConfig({ ...prodEnv, ...voice, VOICE_API_SECRET: long }).config.voice?.apiSecret).toBe(long);
  });

  it('requires a way to verify identity-provider tokens', () => {
    expect(problemsOf({ PUBLIC_IDP_APP_ID: 'app' })[0]).toContain('IDP_JWKS_URL');
  });

  it('parses FAILPOINTS as a list of fail point names', () => {
    expect(loadConfig({}).config.failpoints).toEqual([]);
    const { config, warnings } = loadConfig({
      FAILPOINTS: ' death:afterCommit, trade:beforeCommit,,death:afterCommit ',
    });
    expect(config.failpoints).toEqual(['death:afterCommit', 'trade:beforeCommit']);
    expect(warnings).toEqual([]);
  });

  it.each(['death', 'death:commit', 'Death:afterCommit', 'death:afterCommit;rm', 'pick-up:beforeCommit'])(
    'rejects FAILPOINTS=%s, naming the bad value',
    (value) => {
      const problems = problemsOf({ FAILPOINTS: `reclaim:beforeCommit,${value}` });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^FAILPOINTS: FAILPOINTS must be comma-separated/);
      expect(problems[0]).toContain(`not ${value}`);
    },
  );

  it('production ignores FAILPOINTS with a warning', () => {
    const { config, warnings } = loadConfig({ ...prodEnv, FAILPOINTS: 'death:afterCommit' });
    expect(config.failpoints).toEqual([]);
    expect(warnings).toEqual(['FAILPOINTS is ignored in production']);
  });

  it('treats CI as SKIP_ASSETS', () => {
    expect(loadConfig({ CI: 'true' }).config.skipAssets).toBe(true);
    expect(loadConfig({ SKIP_ASSETS: '1' }).config.skipAssets).toBe(true);
    expect(loadConfig({}).config.skipAssets).toBe(false);
  });

  it('trusts no proxy unless TRUST_PROXY names one, in every environment', () => {
    expect(loadConfig({}).config.trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).config.trustProxy).toBe(false);
    expect(loadConfig(prodEnv).config.trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).config.trustProxy).toBe(2);
    expect(
      loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, 192.168.1.7 ,fd00::/8,::1,loopback' }).config.trustProxy,
    ).toEqual(['10.0.0.0/8', '192.168.1.7', 'fd00::/8', '::1', 'loopback']);
  });

  it.each([
    ['true', 'TRUST_PROXY must be a hop count or a comma-separated list'],
    ['*', 'TRUST_PROXY must be a hop count or a comma-separated list'],
    ['0', 'TRUST_PROXY as a hop count must be between 1 and 10'],
    ['11', 'TRUST_PROXY as a hop count must be between 1 and 10'],
    ['10.0.0.0/33', 'not 10.0.0.0/33'],
    ['10.0.0.1, proxy.internal', 'not proxy.internal'],
    ['fd00::/129', 'not fd00::/129'],
    ['10.0.0.0/8/1', 'not 10.0.0.0/8/1'],
    [',', 'TRUST_PROXY must be a hop count'],
  ])('refuses TRUST_PROXY=%s', (value, message) => {
    const problems = problemsOf({ TRUST_PROXY: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(message);
  });

  it('reads the shutdown deadline, 10 s by default, between 1 s and 10 min', () => {
    expect(loadConfig({}).config.shutdownTimeoutMs).toBe(10_000);
    expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: '2500' }).config.shutdownTimeoutMs).toBe(2_500);
    for (const bad of ['999', '600001', '5s', '-1'])
      expect(problemsOf({ SHUTDOWN_TIMEOUT_MS: bad }), bad).toEqual([
        expect.stringMatching(/^SHUTDOWN_TIMEOUT_MS: .*SHUTDOWN_TIMEOUT_MS must be/),
      ]);
  });
});

describe('publicEnv', () => {
  it('exposes only PUBLIC_* values and never a secret', () => {
    const { config } = loadConfig({
      ...prodEnv,
      VOICE_API_KEY: 'voice-api-key',
      VOICE_API_SECRET: 'voice-api-secret-0123456789abcdef',
      VOICE_URL: 'wss://v.example.org',
    });
    const values = publicEnv(config);
    for (const key of Object.keys(values)) expect(key.startsWith('PUBLIC_')).toBe(true);
    const text = JSON.stringify(values);
    for (const secret of [
      prodEnv.JWT_SECRET,
      prodEnv.ADMIN_CODE,
      prodEnv.IDP_APP_SECRET,
      'voice-api-secret',
      'voice-api-key',
      prodEnv.DATABASE_URL,
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(values.PUBLIC_IDP_APP_ID).toBe('app-123');
    expect(values.PUBLIC_VOICE_URL).toBe('wss://v.example.org');
  });

  it('leaves PUBLIC_VOICE_URL out when voice chat is not configured', () => {
    expect(publicEnv(loadConfig({}).config)).not.toHaveProperty('PUBLIC_VOICE_URL');
  });
});
