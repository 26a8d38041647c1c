import { AsyncLocalStorage } from "node:async_hooks";
import { perObject } from "../per-object";

/**
 * What the logs need to know about the request being answered, wherever the code is: its id
 * (request-id.ts) and, once a route has resolved the session, the signed-in user's id. The
 * Express layer opens the scope (access-log.ts); `getSession` (auth/guards.ts) notes the user;
 * the access line and the error line (error-log.ts) read it, and the logger (logger.ts) adds the
 * id to every other line written while the request is answered.
 */
export interface RequestScope {
  requestId: string;
  userId: string | null;
}

const storage = new AsyncLocalStorage<RequestScope>();

/** Runs `fn` (the rest of the request's handling) inside `scope`. */
export function runInRequestScope<T>(scope: RequestScope, fn: () => T): T {
  return storage.run(scope, fn);
}

/** The scope of the request being answered, or null outside one (the CLI, background jobs). */
export function currentRequestScope(): RequestScope | null {
  return storage.getStore() ?? null;
}

/** Called where a session is resolved: the request's log lines then name its user. */
export function noteSignedInUser(userId: string): void {
  const scope = storage.getStore();
  if (scope) scope.userId = userId;
}

/**
 * `lookup`, asked once per HTTP request that reads (GET or HEAD): every later call in the same
 * request gets the first call's promise. React Router hands each loader its own copy of the
 * request (it strips its own parameters from the address), so the copies are matched by the
 * request scope they all run in. A request that writes (an action) looks again on each call, and
 * so do the loaders that run after it in the same HTTP request (React Router gives them a GET
 * copy, asked after the action is done); outside a request scope every call looks.
 */
export function oncePerRead<T>(lookup: (request: Request) => Promise<T>): (request: Request) => Promise<T> {
  const shared = perObject((_scope: RequestScope): { value?: Promise<T> } => ({}));
  return (request) => {
    const scope = storage.getStore();
    if (!scope || (request.method !== "GET" && request.method !== "HEAD")) return lookup(request);
    const slot = shared(scope);
    slot.value ??= lookup(request);
    return slot.value;
  };
}
