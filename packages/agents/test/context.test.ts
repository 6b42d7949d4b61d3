import { describe, expect, it } from 'vitest';
import { logFailure, StepAborted } from '../src/context';
import { handledElsewhere, whenSettled } from '../src/errors';

describe('step helpers for errors', () => {
  it('logFailure logs a failed side action in the activity log, but not an interrupted step', () => {
    const lines: string[] = [];
    const handler = logFailure((m) => lines.push(m), 'closing the window');
    handler(new Error('not connected'));
    handler(new StepAborted());
    handler('a string');
    expect(lines).toEqual([
      'closing the window failed: not connected',
      'closing the window failed: a string',
    ]);
  });

  it('whenSettled resolves after a rejection without hiding it from whoever awaits the promise', async () => {
    const failing = Promise.reject(new Error('boom'));
    await expect(whenSettled(failing)).resolves.toBeUndefined();
    await expect(failing).rejects.toThrow('boom');
  });

  it('handledElsewhere leaves the rejection to whoever awaits the promise', async () => {
    const wait = Promise.reject(new Error('timed out'));
    handledElsewhere(wait);
    await expect(wait).rejects.toThrow('timed out');
  });
});
