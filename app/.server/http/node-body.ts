import { Readable } from "node:stream";

/**
 * Responses the HTTP layer (server/request-handler.ts) writes without reading their web body:
 * their body is a Node stream, or bytes already in memory. `takeBody` hands either out once.
 *
 * Responses whose body is a Node stream (stored files: file-response.ts), for the HTTP layer to
 * pipe straight into the socket (server/request-handler.ts, decision 0027). Through a web stream
 * a 50 MB file left at 222-240 MB/s where piping it reached 503-585: every chunk was turned into
 * a web stream chunk and back.
 *
 * The Response still has a real body, made from the stream only if someone reads it (a test, a
 * handler that is not ours): whoever takes the Node stream never starts it, whoever reads the
 * body gets the same bytes, only slower.
 */
const bodies = new WeakMap<Response, Readable | Uint8Array>();

/**
 * A Response dropped unsent (something threw after the route answered) would hold its file, or
 * its S3 connection, until the process ends: once it is collected, its stream is closed. A
 * stream someone took or started reading is theirs (unregistered: the stream is its own token).
 */
const unsent = new FinalizationRegistry<Readable>((stream) => stream.destroy());

export function nodeBodyResponse(stream: Readable, init: ResponseInit): Response {
  const response = new Response(webBodyOnDemand(stream), init);
  bodies.set(response, stream);
  unsent.register(response, stream, stream);
  return response;
}

/**
 * The Node stream or the bytes behind `response`, handed out once: the taker pipes the stream (or
 * destroys it), or writes the bytes, instead of reading the web body.
 */
export function takeBody(response: Response): Readable | Uint8Array | undefined {
  const body = bodies.get(response);
  if (!body) return undefined;
  bodies.delete(response);
  if (body instanceof Readable) unsent.unregister(body);
  return body;
}

/**
 * A web stream over `stream` that touches it only when first read: Readable.toWeb would start
 * reading (and buffering) the file at once, racing whoever pipes the Node stream instead.
 */
function webBodyOnDemand(stream: Readable): ReadableStream<Uint8Array> {
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!reader) {
          unsent.unregister(stream);
          reader = (Readable.toWeb(stream) as ReadableStream<Uint8Array>).getReader();
        }
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel() {
        stream.destroy();
      },
    },
    // No chunk asked for in advance: pull runs only when someone reads.
    { highWaterMark: 0 },
  );
}

/**
 * Responses whose body is bytes already in memory (a rendered page, decision 0040), for the HTTP
 * layer to write to the socket in one call. Through the Response's web stream they were copied,
 * wrapped in a stream, read back and written (about half a millisecond a list page). The Response
 * keeps its real body for whoever reads it instead (the page cache, a test).
 */
export function bytesResponse(bytes: Buffer<ArrayBuffer>, init: ResponseInit): Response {
  const response = new Response(bytes, init);
  bodies.set(response, bytes);
  return response;
}
