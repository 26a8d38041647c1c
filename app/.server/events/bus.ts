import { EventEmitter } from "node:events";

/**
 * Things that happened, as the live-update stream and other listeners see
 * them. `audience: "public"` events may be sent to anonymous clients; the
 * sender is responsible for putting only published/public data in them.
 */
export interface PortalEvent {
  type: string;
  audience: "public" | "staff";
  data: Record<string, unknown>;
}

/** In-process event bus. (PostgreSQL LISTEN/NOTIFY fan-out joins in the scale-out work.) */
export class EventBus {
  readonly #emitter = new EventEmitter();

  constructor() {
    // Every open SSE connection is a listener; the default limit of 10 would warn.
    this.#emitter.setMaxListeners(0);
  }

  publish(event: PortalEvent): void {
    this.#emitter.emit("event", event);
  }

  subscribe(listener: (event: PortalEvent) => void): () => void {
    this.#emitter.on("event", listener);
    return () => this.#emitter.off("event", listener);
  }

  close(): void {
    this.#emitter.removeAllListeners();
  }
}
