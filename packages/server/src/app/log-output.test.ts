import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { BoundedLogOutput } from './log-output';

/**
 * A stream whose reader takes nothing until `release()`, then everything from then on; `takeOne()`
 * lets it take one waiting line.
 */
function stalledStream() {
  const written: string[] = [];
  const held: Array<() => void> = [];
  let flowing = false;
  const stream = new Writable({
    highWaterMark: 1 << 30,
    write(chunk: Buffer, _enc, callback) {
      written.push(chunk.toString());
      if (flowing) callback();
      else held.push(callback);
    },
  });
  return {
    stream,
    written,
    release() {
      flowing = true;
      for (const cb of held.splice(0)) cb();
    },
    takeOne() {
      held.shift()?.();
    },
  };
}

describe('BoundedLogOutput', () => {
  it('never holds more than its bound: it drops and counts lines, then tells how many were lost', async () => {
    const { stream, written, release } = stalledStream();
    const output = new BoundedLogOutput(stream, 100);
    const line = `${'x'.repeat(29)}\n`; // 30 characters
    for (let i = 0; i < 10; i++) output.write(line);
    expect(output.pendingBytes).toBe(90);
    expect(output.dropped).toBe(7);

    release();
    expect(await output.drain(5_000)).toBe(true);
    expect(written).toEqual([line, line, line]);
    output.write('after\n');
    const notice = JSON.parse(written.at(-2) ?? '{}') as { droppedLines?: number; level?: number };
    expect(notice).toMatchObject({ droppedLines: 7, level: 40 });
    expect(written.at(-1)).toBe('after\n');
    output.write('again\n');
    expect(written.at(-1)).toBe('again\n'); // the notice is given once
  });

  it('once it drops, keeps dropping until the reader took half of what waits', () => {
    const { stream, takeOne } = stalledStream();
    const output = new BoundedLogOutput(stream, 100);
    const line = `${'x'.repeat(29)}\n`;
    for (let i = 0; i < 4; i++) output.write(line); // 90 waiting, the 4th dropped
    takeOne(); // 60 waiting: a line would fit, but more than half the bound still waits
    output.write(line);
    expect(output.dropped).toBe(2);
    takeOne(); // 30 waiting
    output.write(line);
    expect(output.dropped).toBe(2);
    expect(output.pendingBytes).toBeGreaterThan(60); // the notice and the line
  });

  it('does not wait past its timeout for a reader that is gone', async () => {
    const { stream } = stalledStream();
    const output = new BoundedLogOutput(stream, 1000);
    output.write('a line\n');
    expect(await output.drain(30)).toBe(false);
  });

  it('counts every line as dropped once the output failed', async () => {
    const stream = new Writable({ write: (_chunk, _enc, callback) => callback(new Error('EPIPE')) });
    const output = new BoundedLogOutput(stream, 1000);
    output.write('first\n');
    await new Promise((resolve) => stream.once('close', resolve));
    output.write('second\n');
    output.write('third\n');
    expect(output.dropped).toBe(2);
    expect(await output.drain(10)).toBe(true);
  });
});
