import { WebSocket } from 'ws';

export interface RawMessage {
  event: string;
  data: Record<string, unknown>;
  rid?: unknown;
}

/** A bare WebSocket client that keeps every frame as sent, for what the SDK hides or never does. */
export interface RawClient {
  ws: WebSocket;
  /** Every frame received: the messages it carried (one, or an array frame's several). */
  frames: RawMessage[][];
  /** Every message received, in order. */
  readonly messages: RawMessage[];
  welcome: Record<string, unknown>;
  closed: Promise<number>;
  send(event: string, data: object, rid?: string | number): void;
  /** The first message received so far or later that matches. */
  waitFor(event: string, pred?: (m: RawMessage) => boolean, timeoutMs?: number): Promise<RawMessage>;
}

/** Connects (`url` may be `ws+unix:` too), optionally with a token, and waits for `session:welcome`. */
export async function rawClient(url: string, token?: string): Promise<RawClient> {
  const ws = new WebSocket(`${url}${token ? `?token=${token}` : ''}`);
  const frames: RawMessage[][] = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (data) => {
    const value: unknown = JSON.parse(data.toString());
    frames.push((Array.isArray(value) ? value : [value]) as RawMessage[]);
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const client: RawClient = {
    ws,
    frames,
    get messages() {
      return frames.flat();
    },
    welcome: {},
    closed,
    send(event, data, rid) {
      ws.send(JSON.stringify(rid === undefined ? { event, data } : { event, data, rid }));
    },
    waitFor(event, pred, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
        const check = () => {
          const found = client.messages.find((m) => m.event === event && (!pred || pred(m)));
          if (found) {
            clearTimeout(timer);
            resolve(found);
          } else waiters.push(check);
        };
        check();
      });
    },
  };
  client.welcome = (await client.waitFor('session:welcome')).data;
  return client;
}
