type Handler = (...args: unknown[]) => void;

/**
 * A fake Socket.IO client socket for tests: the app subscribes with on/off as it would on the real
 * one; the test plays the server with `serverEmit` and the connection with `connect`/`disconnect`.
 * Install it with `vi.mock('socket.io-client', () => ({ io: () => fakeSocket }))`.
 */
let connections = 0;

export class FakeSocket {
  connected = false;
  /** As Socket.IO's: a new one for each connection, none while disconnected. */
  id: string | undefined = undefined;
  readonly emitted: { event: string; args: unknown[] }[] = [];
  private handlers = new Map<string, Set<Handler>>();

  on(event: string, handler: Handler): this {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(handler);
    return this;
  }

  off(event: string, handler?: Handler): this {
    if (handler) this.handlers.get(event)?.delete(handler);
    else this.handlers.delete(event);
    return this;
  }

  /** Client -> server. */
  emit(event: string, ...args: unknown[]): this {
    this.emitted.push({ event, args });
    return this;
  }

  disconnect(): this {
    this.connected = false;
    this.id = undefined;
    this.fire('disconnect', 'io client disconnect');
    return this;
  }

  /** Server -> client. */
  serverEmit(event: string, payload: unknown): void {
    this.fire(event, payload);
  }

  connect(): void {
    this.connected = true;
    connections += 1;
    this.id = `fake-connection-${connections}`;
    this.fire('connect');
  }

  listenerCount(event: string): number {
    return this.handlers.get(event)?.size ?? 0;
  }

  private fire(event: string, ...args: unknown[]): void {
    for (const handler of [...(this.handlers.get(event) ?? [])]) handler(...args);
  }
}
