import { randomBytes } from "node:crypto";
import { EventEmitter } from "node:events";

/**
 * The events of the portal and what each may carry. This is the one list of
 * event names; the live-update stream (GET /api/events) and the browser's
 * LiveUpdates use these types.
 *
 * The audience rule: an event with `audience: "public"` goes to anonymous
 * browsers, so the publisher must only put published/public data in it.
 * - document.published: public, {id, title, category}, only for a document
 *   that is published (at upload or when it becomes published).
 * - document.changed: staff, {id}, for any other change to a document (for
 *   example an unpublished upload). Public only when the document was
 *   published before or after the change, and then still only {id}.
 * - document.removed: {id}; public only if the document was published.
 * - dashboard.changed: {id}; public only if the dashboard is or was public.
 * - folder.changed: {id}; public only if the folder is or was public.
 * - settings.changed: public, {} (the site name, menu or contacts changed;
 *   open public pages reload their chrome, which carries no secret).
 * - test.ping: staff, {id}, the admin test suite's realtime round trip.
 */
export interface PortalEventData {
  "document.published": { id: string; title: string; category: string };
  "document.changed": { id: string };
  "document.removed": { id: string };
  "dashboard.changed": { id: string };
  "folder.changed": { id: string };
  "settings.changed": Record<string, never>;
  "test.ping": { id: string };
}

export type PortalEventType = keyof PortalEventData;
export type Audience = "public" | "staff";

export type PortalEvent = {
  [T in PortalEventType]: { type: T; audience: Audience; data: PortalEventData[T] };
}[PortalEventType];

/** What a browser receives in one SSE message: the type and its data, never the audience. */
export type LiveMessage = {
  [T in PortalEventType]: { type: T; data: PortalEventData[T] };
}[PortalEventType];

/** A published event with its stream id (`<boot>-<sequence>`), so a reconnecting client can resume. */
export interface SequencedEvent {
  id: string;
  event: PortalEvent;
}

export interface Subscription {
  /** Called for every event published after subscribing. */
  onEvent: (event: SequencedEvent) => void;
  /** Called once when the bus closes (server shutdown), so streams can end. */
  onClose?: () => void;
}

/** Enough to cover a reconnect after a short drop of a mobile link. */
const REPLAY_SIZE = 100;

/** In-process event bus. (PostgreSQL LISTEN/NOTIFY fan-out joins in the scale-out work.) */
export class EventBus {
  readonly #emitter = new EventEmitter();
  /** Distinguishes this process's ids from an earlier run's, whose sequence restarted. */
  readonly #boot = randomBytes(4).toString("hex");
  #sequence = 0;
  readonly #recent: SequencedEvent[] = [];
  #closed = false;

  constructor() {
    // Every open SSE connection is a listener; the default limit of 10 would warn.
    this.#emitter.setMaxListeners(0);
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** How many subscriptions are open (one per live-update stream, plus in-process listeners). */
  get subscriberCount(): number {
    return this.#emitter.listenerCount("event");
  }

  publish(event: PortalEvent): void {
    if (this.#closed) return;
    const sequenced = { id: `${this.#boot}-${++this.#sequence}`, event };
    this.#recent.push(sequenced);
    if (this.#recent.length > REPLAY_SIZE) this.#recent.shift();
    this.#emitter.emit("event", sequenced);
  }

  /** Returns the unsubscribe function. Subscribing to a closed bus calls onClose at once. */
  subscribe(subscription: Subscription | ((event: PortalEvent) => void)): () => void {
    const { onEvent, onClose } =
      typeof subscription === "function" ? { onEvent: (e: SequencedEvent) => subscription(e.event), onClose: undefined } : subscription;
    if (this.#closed) {
      onClose?.();
      return () => {};
    }
    const close = () => onClose?.();
    this.#emitter.on("event", onEvent);
    this.#emitter.on("close", close);
    return () => {
      this.#emitter.off("event", onEvent);
      this.#emitter.off("close", close);
    };
  }

  /**
   * The events published after `lastId`, when it is one of this process's
   * recent ids; otherwise none (an unknown id cannot be resumed from).
   */
  since(lastId: string | null): SequencedEvent[] {
    if (!lastId) return [];
    const index = this.#recent.findIndex((e) => e.id === lastId);
    return index === -1 ? [] : this.#recent.slice(index + 1);
  }

  /** Ends every subscription (open event streams end too); idempotent. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#emitter.emit("close");
    this.#emitter.removeAllListeners();
    this.#recent.length = 0;
  }
}
