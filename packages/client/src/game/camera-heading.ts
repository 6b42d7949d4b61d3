/**
 * The camera's heading, shared between the 3D view (which owns the camera) and the minimap (which
 * turns with it and whose compass asks for north). The yaw is the world view's orbit yaw: 0 looks
 * north (towards -z), growing counter-clockwise seen from above. No DOM, no three.js.
 */
export interface Heading {
  yaw: number;
}

type Listener = (yaw: number) => void;

export class CameraHeading {
  private current = 0;
  private northRequested = false;
  private readonly listeners = new Set<Listener>();

  get yaw(): number {
    return this.current;
  }

  /** Asks the view to face north on its next frame (the compass). */
  requestNorth(): void {
    this.northRequested = true;
  }

  /**
   * Called by the view once a frame with its orbit: applies a pending north request (yaw 0),
   * records the heading and tells the listeners when it changed. Returns the orbit to use.
   */
  sync<T extends Heading>(orbit: T): T {
    const next = this.northRequested ? { ...orbit, yaw: 0 } : orbit;
    this.northRequested = false;
    if (next.yaw !== this.current) {
      this.current = next.yaw;
      for (const l of this.listeners) l(next.yaw);
    }
    return next;
  }

  on(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** The running game's camera heading (one game page at a time). */
export const cameraHeading = new CameraHeading();
