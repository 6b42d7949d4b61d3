import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

/** Accelerated time (TICK_MS) is for tests and evaluation worlds only (docs/evaluation.md). */

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

describe('evaluation mode and the tick length', () => {
  it('honours TICK_MS in an evaluation world', () => {
    const { config, warnings } = loadConfig({ EVAL_MODE: 'true', TICK_MS: '20' });
    expect(config.tickMs).toBe(20);
    expect(config.evalMode).toBe(true);
    expect(warnings).toEqual([]);
  });

  it('ignores TICK_MS, with a warning, in a development world that is not an evaluation world', () => {
    const { config, warnings } = loadConfig({ TICK_MS: '20' });
    expect(config.tickMs).toBe(600);
    expect(config.evalMode).toBe(false);
    expect(warnings).toEqual(['TICK_MS is ignored outside NODE_ENV=test and EVAL_MODE']);
  });

  it('refuses an evaluation world in production', () => {
    expect(problemsOf({ ...prodEnv, EVAL_MODE: 'true', TICK_MS: '20' })).toEqual([
      'EVAL_MODE is refused with NODE_ENV=production',
    ]);
  });

  it('refuses a short tick in production', () => {
    expect(problemsOf({ ...prodEnv, TICK_MS: '20' })).toEqual([
      'TICK_MS below 600 is refused with NODE_ENV=production',
    ]);
    expect(loadConfig({ ...prodEnv, TICK_MS: '600' }).config.tickMs).toBe(600);
  });

  it('validates EVAL_MODE and the tick length', () => {
    expect(problemsOf({ EVAL_MODE: 'maybe' })).toEqual(['EVAL_MODE: EVAL_MODE must be true or false']);
    expect(problemsOf({ EVAL_MODE: 'true', TICK_MS: '2' })).toEqual([
      'TICK_MS: TICK_MS must be between 5 and 600',
    ]);
  });
});
