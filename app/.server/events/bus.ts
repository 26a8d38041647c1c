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

/**
 * Carries events between the instances of one installation (PostgreSQL LISTEN/NOTIFY in
 * `pg-transport.ts`). Every message sent, including this instance's own, comes back to
 * `receive`: the bus drops its own echoes, and the echo is what a probe waits for.
 */
export interface EventTransport {
  readonly name: string;
  /** True while messages from other instances can arrive (false while reconnecting). */
  readonly listening: boolean;
  /** Connects and listens; rejects if the first connection fails. Later drops reconnect by themselves. */
  start(receive: (message: string) => void): Promise<void>;
  send(message: string): Promise<void>;
  close(): Promise<void>;
}

/** What travels between instances: an event with its publisher's id, or a probe. */
type WireMessage = { origin: string; id: string; event: PortalEvent } | { origin: string; probe: string };

export interface EventBusOptions {
  transport?: EventTransport;
  /** Where a failed send or a malformed message is reported (the bus never throws at publishers). */
  onError?: (error: unknown, message: string) => void;
}

/**
 * The event bus. Events are delivered in this process at once and, with a transport, sent to the
 * other instances, which deliver them under the same id: a browser that reconnects to another
 * instance behind the load balancer resumes from its Last-Event-ID there too.
 */
export class EventBus {
  readonly #emitter = new EventEmitter();
  /** Distinguishes this process's ids from an earlier run's, whose sequence restarted. */
  readonly #boot = randomBytes(4).toString("hex");
  #sequence = 0;
  readonly #recent: SequencedEvent[] = [];
  readonly #transport: EventTransport | undefined;
  readonly #onError: (error: unknown, message: string) => void;
  readonly #probes = new Map<string, () => void>();
  #sending: Promise<void> = Promise.resolve();
  #closing: Promise<void> | undefined;

  constructor(options: EventBusOptions = {}) {
    // Every open SSE connection is a listener; the default limit of 10 would warn.
    this.#emitter.setMaxListeners(0);
    this.#transport = options.transport;
    this.#onError = options.onError ?? (() => {});
  }

  /** Starts the transport (if any); resolves once this instance hears the others. */
  async start(): Promise<void> {
    await this.#transport?.start((message) => this.#receive(message));
  }

  get closed(): boolean {
    return this.#closing !== undefined;
  }

  /** "in-process", or the transport's name and whether it is listening right now. */
  get mode(): { transport: string; listening: boolean } {
    return this.#transport
      ? { transport: this.#transport.name, listening: this.#transport.listening }
      : { transport: "in-process", listening: true };
  }

  /** How many subscriptions are open (one per live-update stream, plus in-process listeners). */
  get subscriberCount(): number {
    return this.#emitter.listenerCount("event");
  }

  publish(event: PortalEvent): void {
    if (this.closed) return;
    const id = `${this.#boot}-${++this.#sequence}`;
    this.#deliver({ id, event });
    if (this.#transport) this.#send({ origin: this.#boot, id, event });
  }

  /**
   * Sends a probe through the transport and resolves with the round trip in ms once it comes
   * back (in-process: at once). Proves that other instances would hear this one.
   */
  probe(timeoutMs: number): Promise<number> {
    const started = performance.now();
    if (!this.#transport) return Promise.resolve(0);
    const id = randomBytes(8).toString("hex");
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#probes.delete(id);
        reject(new Error(`The probe did not come back through ${this.#transport?.name} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.#probes.set(id, () => {
        clearTimeout(timer);
        resolve(performance.now() - started);
      });
      this.#send({ origin: this.#boot, probe: id });
    });
  }

  /** Returns the unsubscribe function. Subscribing to a closed bus calls onClose at once. */
  subscribe(subscription: Subscription | ((event: PortalEvent) => void)): () => void {
    const { onEvent, onClose } =
      typeof subscription === "function" ? { onEvent: (e: SequencedEvent) => subscription(e.event), onClose: undefined } : subscription;
    if (this.closed) {
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
   * The events delivered after `lastId`, when it is one of the recent ids (this instance's or
   * another's); otherwise none (an unknown id cannot be resumed from).
   */
  since(lastId: string | null): SequencedEvent[] {
    if (!lastId) return [];
    const index = this.#recent.findIndex((e) => e.id === lastId);
    return index === -1 ? [] : this.#recent.slice(index + 1);
  }

  /** Ends every subscription (open event streams end at once), then the transport; idempotent. */
  close(): Promise<void> {
    if (this.#closing) return this.#closing;
    this.#emitter.emit("close");
    this.#emitter.removeAllListeners();
    this.#recent.length = 0;
    // Events already published still go out to the other instances before the transport closes.
    const transport = this.#transport;
    this.#closing = transport ? this.#sending.then(() => transport.close()) : Promise.resolve();
    return this.#closing;
  }

  #deliver(sequenced: SequencedEvent): void {
    this.#recent.push(sequenced);
    if (this.#recent.length > REPLAY_SIZE) this.#recent.shift();
    this.#emitter.emit("event", sequenced);
  }

  /** One send at a time, so the other instances receive this one's events in the order published. */
  #send(message: WireMessage): void {
    const transport = this.#transport;
    if (!transport) return;
    this.#sending = this.#sending
      .then(() => transport.send(JSON.stringify(message)))
      .catch((error: unknown) => this.#onError(error, "could not send a live event to the other instances"));
  }

  #receive(raw: string): void {
    if (this.closed) return;
    let message: WireMessage;
    try {
      message = JSON.parse(raw) as WireMessage;
    } catch (error) {
      this.#onError(error, "ignored a malformed live event");
      return;
    }
    if (!isWireMessage(message)) {
      this.#onError(new Error(raw.slice(0, 200)), "ignored a malformed live event");
      return;
    }
    if ("probe" in message) {
      if (message.origin === this.#boot) this.#probes.get(message.probe)?.();
      this.#probes.delete(message.probe);
      return;
    }
    // Our own events were delivered when published; an id seen before is a duplicate.
    if (message.origin === this.#boot || this.#recent.some((e) => e.id === message.id)) return;
    this.#deliver({ id: message.id, event: message.event });
  }
}

const AUDIENCES: readonly string[] = ["public", "staff"] satisfies Audience[];

function isWireMessage(value: unknown): value is WireMessage {
  if (typeof value !== "object" || value === null) return false;
  const m = value as Record<string, unknown>;
  if (typeof m.origin !== "string") return false;
  if (typeof m.probe === "string") return true;
  const event = m.event as Record<string, unknown> | null | undefined;
  return (
    typeof m.id === "string" &&
    typeof event === "object" &&
    event !== null &&
    typeof event.type === "string" &&
    AUDIENCES.includes(event.audience as string) &&
    typeof event.data === "object"
  );
}
