import type { EntryContext } from "react-router";

/**
 * Makes a hydrated page renderable in one synchronous pass (decision 0040).
 *
 * React Router writes a page's hydration data (its loaders' data, encoded as they resolve) through
 * `<StreamTransfer>`: a component that reads the next piece of `serverHandoffStream` and suspends
 * until it arrives, so the page had to be streamed. Here the whole stream is read first, and its
 * text put where `StreamTransfer` looks before reading (`renderMeta.streamCache`, by piece number,
 * a settled promise carrying its `result`): the first piece holds all of it, the second says it is
 * done. The page then renders without suspending, with the same data in one script instead of
 * several.
 *
 * `renderMeta` is part of React Router's typed entry context (`EntryContext`); that
 * `StreamTransfer` reads its cache before the stream is what this relies on (React Router 7.18),
 * and every hydrated page in the browser tests shows whether it still does.
 */
export async function settleHandoff(context: EntryContext): Promise<void> {
  const stream = context.serverHandoffStream;
  if (!stream || !context.renderMeta) return;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  text += decoder.decode();
  // Unlocked, so that <ServerRouter> can take its reader (it reads nothing from it: the cache answers).
  reader.releaseLock();
  const settled = (result: { done: boolean; value: string }) => Object.assign(Promise.resolve(), { result });
  context.renderMeta.streamCache = { 0: settled({ done: false, value: text }), 1: settled({ done: true, value: "" }) };
}
