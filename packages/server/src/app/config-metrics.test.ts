import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const PRODUCTION = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://u:p@db.example:5432/game',
  JWT_SECRET: 'j'.repeat(40),
  ADMIN_CODE: 'admin-code-long-enough',
  PUBLIC_IDP_APP_ID: 'app',
  IDP_APP_SECRET: 'idp-secret',
};

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
};

describe('metrics configuration', () => {
  it('leaves /metrics open outside production while no token is set, with no listener', () => {
    expect(loadConfig({}).config.metrics).toEqual({ token: undefined, open: true, listener: undefined });
  });

  it('closes it in production without a token', () => {
    expect(loadConfig(PRODUCTION).config.metrics).toEqual({
      token: undefined,
      open: false,
      listener: undefined,
    });
  });

  it('wants a production token of at least 32 characters', () => {
    expect(problemsOf({ ...PRODUCTION, METRICS_TOKEN: 'short-token' })).toEqual([
      'METRICS_TOKEN must be at least 32 characters in production',
    ]);
    const token = 'm'.repeat(32);
    expect(loadConfig({ ...PRODUCTION, METRICS_TOKEN: token }).config.metrics).toEqual({
      token,
      open: false,
      listener: undefined,
    });
    expect(loadConfig({ METRICS_TOKEN: 'dev-token' }).config.metrics.open).toBe(false);
  });

  it('opens a listener on METRICS_PORT, on 127.0.0.1 unless METRICS_HOST says otherwise', () => {
    expect(loadConfig({ METRICS_PORT: '9464' }).config.metrics.listener).toEqual({
      port: 9464,
      host: '127.0.0.1',
    });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).config.metrics.listener).toEqual({
      port: 9464,
      host: '10.0.0.5',
    });
    expect(loadConfig({ METRICS_HOST: '10.0.0.5' }).warnings).toContain(
      'METRICS_HOST is ignored because METRICS_PORT is not set',
    );
  });

  it('refuses a bad port or token', () => {
    expect(problemsOf({ METRICS_PORT: '70000' })).toEqual([
      'METRICS_PORT: METRICS_PORT must be an integer between 0 and 65535',
    ]);
    expect(problemsOf({ METRICS_TOKEN: 'has a space' })).toEqual([
      'METRICS_TOKEN: METRICS_TOKEN must be printable ASCII without spaces',
    ]);
  });
});
