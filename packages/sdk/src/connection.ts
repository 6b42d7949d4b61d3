import {
  encodeEnvelope,
  MSGPACK_SUBPROTOCOL,
  type Envelope,
  type ServerPayload,
  type WireFormat,
} from '@tilerealm/protocol';
import { connectionClosedError, NotConnectedError, TimeoutError } from './errors';
import { parseServerFrame, type ServerMessage } from './inbound';
import { OPEN, openSocket, type SocketTarget, type WebSocketCtor, type WebSocketLike } from './transport';

export type Welcome = ServerPayload<'session:welcome'>;

export interface ConnectionCallbacks {
  /** Every validated message, `session:welcome` included, in arrival order. */
  onMessage(message: ServerMessage): void;
  /** A frame that failed to decode or validate; it is not delivered. */
  onInvalid(reason: string, event: string | undefined): void;
  /** The socket closed after `session:welcome` (a close before it rejects `welcome` instead). */
  onDrop(code: number, reason: string): void;
}

/**
 * One WebSocket connection, from the handshake to its close. `welcome` settles with the
 * `session:welcome` payload, or fails with a ConnectionClosedError (the server refused the login;
 * LoggedInElsewhereError or WorldFullError for 4011 and 4012) or a TimeoutError. The GameClient replaces a dropped Connection with a new one on reconnect.
 */
export class Connection {
  readonly welcome: Promise<Welcome>;
  private readonly socket: WebSocketLike;
  private welcomed = false;
  private closed = false;
  private closeWaiters: Array<() => void> = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** The negotiated format: msgpack only if the server accepted the subprotocol. */
  format: WireFormat = 'json';

  constructor(
    ctor: WebSocketCtor,
    target: SocketTarget,
    callbacks: ConnectionCallbacks,
    connectTimeoutMs: number,
  ) {
    let resolveWelcome!: (welcome: Welcome) => void;
    let rejectWelcome!: (err: Error) => void;
    this.welcome = new Promise<Welcome>((resolve, reject) => {
      resolveWelcome = resolve;
      rejectWelcome = reject;
    });
    let timedOut = false;
    this.socket = openSocket(ctor, target, {
      onOpen: () => {
        this.format = this.socket.protocol === MSGPACK_SUBPROTOCOL ? 'msgpack' : 'json';
      },
      onFrame: (raw, isBinary) => {
        // A frame carries one message or several (one tick's), delivered in order.
        for (const result of parseServerFrame(raw, isBinary, this.format)) {
          if (timedOut) return;
          if (!result.ok) {
            callbacks.onInvalid(result.reason, result.event);
            continue;
          }
          if (result.message.event === 'session:welcome' && !this.welcomed) {
            this.welcomed = true;
            clearTimeout(this.timer);
            callbacks.onMessage(result.message);
            resolveWelcome(result.message.data);
            continue;
          }
          callbacks.onMessage(result.message);
        }
      },
      onClose: (code, reason) => {
        clearTimeout(this.timer);
        this.closed = true;
        for (const done of this.closeWaiters.splice(0)) done();
        if (this.welcomed && !timedOut) callbacks.onDrop(code, reason);
        else rejectWelcome(connectionClosedError(code, reason, 'connecting', target.world));
      },
    });
    this.timer = setTimeout(() => {
      timedOut = true;
      rejectWelcome(new TimeoutError('connect', 'session:welcome', connectTimeoutMs));
      this.socket.close(1000, 'no session:welcome in time');
    }, connectTimeoutMs);
  }

  /** True once welcomed and while the socket is open: the only time messages may be sent. */
  get ready(): boolean {
    return this.welcomed && !this.closed && this.socket.readyState === OPEN;
  }

  /** Encodes and sends one envelope in the negotiated format. */
  send(envelope: Envelope): void {
    if (!this.ready) throw new NotConnectedError(envelope.event);
    this.socket.send(encodeEnvelope(envelope, this.format));
  }

  /** Closes the socket; resolves once it is closed. */
  close(code: number, reason: string): Promise<void> {
    if (this.closed) return Promise.resolve();
    const done = new Promise<void>((resolve) => this.closeWaiters.push(resolve));
    this.socket.close(code, reason);
    return done;
  }
}
