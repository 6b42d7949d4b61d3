import { ApiError } from '@tilerealm/sdk';
import { describe, expect, it } from 'vitest';
import { friendlyApiError, friendlyError } from '../src/error-text';

describe('friendly API errors (sign-in and character screens)', () => {
  it('explains a refused character name without the raw API text', () => {
    const raw = new ApiError(
      400,
      'validation_failed',
      'body/name: name may contain letters, digits and single spaces, hyphens or underscores between them',
      [],
    );
    const text = friendlyError(raw);
    expect(text).toMatch(/^That name cannot be used\. Names are 1 to 12 letters or digits/);
    expect(text).not.toContain('body/');
    expect(text).not.toContain('validation_failed');
  });

  it('tells a reserved name and a too-long name apart', () => {
    expect(
      friendlyApiError({ status: 400, code: 'validation_failed', message: 'body/name: name is reserved' }),
    ).toBe('That name is reserved. Please choose another.');
    expect(
      friendlyApiError({
        status: 400,
        code: 'validation_failed',
        message: 'body/name: name must be 1 to 12 characters',
      }),
    ).toMatch(/^That name is too long or empty\./);
  });

  it('maps the documented codes to sentences', () => {
    expect(
      friendlyApiError({ status: 409, code: 'name_taken', message: 'the name Bob is already taken' }),
    ).toBe('That name is already taken. Please choose another.');
    expect(friendlyApiError({ status: 409, code: 'character_limit', message: 'x' })).toMatch(
      /most characters/,
    );
    expect(friendlyApiError({ status: 429, code: 'rate_limited', message: 'x' })).toMatch(
      /Too many attempts/,
    );
    expect(friendlyApiError({ status: 0, code: 'network_error', message: 'fetch failed' })).toMatch(
      /Cannot reach the game server/,
    );
  });

  it('never echoes unknown codes or thrown values', () => {
    expect(friendlyApiError({ status: 502, code: 'http_502', message: '<html>Bad gateway</html>' })).toMatch(
      /went wrong on the server/,
    );
    expect(friendlyApiError({ status: 418, code: 'teapot', message: 'short and stout' })).toBe(
      'That did not work. Please try again.',
    );
    expect(friendlyError(new TypeError('x is undefined'))).toBe('Something went wrong. Please try again.');
    expect(friendlyError('boom')).toBe('Something went wrong. Please try again.');
  });
});
