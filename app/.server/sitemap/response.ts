/**
 * The answers of /robots.txt, /sitemap.xml and its files. Public for a few minutes: crawlers
 * come back daily, and the anonymous page cache (decision 0029) answers repeats in between.
 */
const HEADERS = { "Cache-Control": "public, max-age=300", "X-Content-Type-Options": "nosniff" };

/** An XML file written while it is read: each chunk is asked for when the client takes the last. */
export function xmlResponse(chunks: AsyncIterable<string>): Response {
  const iterator = chunks[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await iterator.next();
      if (done) controller.close();
      else controller.enqueue(encoder.encode(value));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return new Response(body, { headers: { ...HEADERS, "Content-Type": "application/xml; charset=utf-8" } });
}

export function textResponse(text: string): Response {
  return new Response(text, { headers: { ...HEADERS, "Content-Type": "text/plain; charset=utf-8" } });
}
