/**
 * The bytes a player's frames take on the wire with permessage-deflate as the server accepts it
 * (WS_COMPRESSION=true; packages/server/src/transport/ws/compression.ts), without sockets: one raw-deflate stream per
 * player kept from frame to frame, flushed per frame as the WebSocket library does (the 4-byte
 * sync-flush tail is not sent), frames under the threshold sent as they are, and the WebSocket
 * frame header counted. The compression runs on libuv's thread pool, as it does in the server.
 */
import { constants, createDeflateRaw, type DeflateRaw } from 'node:zlib';
import { PER_MESSAGE_DEFLATE } from '../packages/server/src/transport/ws/compression';

/** A server frame's header: 2 bytes up to 125 payload bytes, 4 up to 65,535, else 10. */
const header = (payload: number) => (payload < 126 ? 2 : payload < 65_536 ? 4 : 10);

export class DeflateMeter {
  private readonly streams = new Map<string, DeflateRaw>();
  private readonly pending: Array<Promise<void>> = [];
  /** Wire bytes per player since the meter was made (frames given to `add` with `count`). */
  readonly bytes = new Map<string, number>();

  /** Compresses one frame of `playerId` (every frame must pass, so the stream's context is the client's). */
  add(playerId: string, frame: string | Uint8Array, count: boolean): void {
    const data = typeof frame === 'string' ? Buffer.from(frame) : Buffer.from(frame);
    const tally = (n: number) => {
      if (count) this.bytes.set(playerId, (this.bytes.get(playerId) ?? 0) + n + header(n));
    };
    if (data.length < PER_MESSAGE_DEFLATE.threshold) return tally(data.length);
    let stream = this.streams.get(playerId);
    if (!stream) {
      stream = createDeflateRaw({
        ...PER_MESSAGE_DEFLATE.zlibDeflateOptions,
        windowBits: PER_MESSAGE_DEFLATE.serverMaxWindowBits,
      });
      this.streams.set(playerId, stream);
    }
    const s = stream;
    this.pending.push(
      new Promise<void>((resolve, reject) => {
        let out = 0;
        const onData = (chunk: Buffer) => (out += chunk.length);
        s.on('data', onData);
        s.write(data);
        s.flush(constants.Z_SYNC_FLUSH, () => {
          s.off('data', onData);
          if (out < 4) return reject(new Error('a sync flush without its tail'));
          tally(out - 4);
          resolve();
        });
      }),
    );
  }

  /** Waits for every frame added so far; resolves to the milliseconds it waited. */
  async settle(): Promise<number> {
    const start = performance.now();
    await Promise.all(this.pending.splice(0));
    return performance.now() - start;
  }

  close(): void {
    for (const s of this.streams.values()) s.close();
    this.streams.clear();
  }
}
