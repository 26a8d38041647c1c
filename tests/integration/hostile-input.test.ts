import fc from "fast-check";
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/.server/auth/sessions";
import { createDocument } from "~/.server/documents/documents.service";
import { BODY_LIMIT_BYTES } from "~/.server/http/body-limit";
import { createUser } from "~/.server/users/users.service";
import routes from "../../app/routes";
import { createTestApp, type TestApp, testEngines } from "../support/engines";
import { type HttpApp, startHttpApp, startVite } from "../support/http";

/**
 * Issue 12, item 5's property test: generated hostile input (NUL, CR/LF, long strings, broken
 * escapes, odd methods, types and headers) sent to every route of app/routes.ts, as an anonymous
 * visitor and as each role, on both engines. Nothing may answer 5xx, and no body over the limit
 * may be taken by a route that takes no file.
 */

interface Entry {
  path?: string;
  index?: boolean;
  children?: Entry[];
}

/** Every route's path pattern ("admin/documents/:id/edit", "*"), from the route config. */
function routePatterns(entries: Entry[], prefix = ""): string[] {
  return entries.flatMap((e) => {
    const here = e.path ? (prefix ? `${prefix}/${e.path}` : e.path) : prefix;
    return [...(e.path || e.index ? [here] : []), ...routePatterns(e.children ?? [], here)];
  });
}

const PATTERNS = [...new Set(routePatterns(routes as Entry[]))];

const nasty = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "\u0000",
    "a\u0000b",
    "\r\n",
    "%00",
    "%0d%0a",
    "%E0%A4%A",
    "%",
    "..",
    "../../etc/passwd",
    "1e309",
    "-1",
    "99999999999",
    "NaN",
  ),
  fc.constantFrom("'\"<>`", "\u202e\u0645\u0631\u062d\u0628\u0627", "😀".repeat(50), "x".repeat(5000), "[]{}()*^:NEAR"),
);

/** A path of the pattern with every `:param` and `*` replaced by a generated value. */
const pathOf = (pattern: string, values: string[]) => {
  let i = 0;
  const filled = pattern
    .split("/")
    .map((segment) => (segment.startsWith(":") || segment === "*" ? encodeURIComponent(values[i++ % values.length] ?? "") : segment))
    .join("/");
  return `/${filled}`;
};

const request = fc.record({
  pattern: fc.constantFrom(...PATTERNS),
  params: fc.array(nasty, { minLength: 1, maxLength: 3 }),
  query: fc.array(
    fc.tuple(
      fc.constantFrom(
        "q",
        "page",
        "per",
        "sort",
        "category",
        "type",
        "year",
        "tag",
        "partner",
        "from",
        "to",
        "redirectTo",
        "action",
        "email",
        "preview",
        "v",
        "exp",
        "d",
        "sig",
      ),
      nasty,
    ),
    { maxLength: 4 },
  ),
  method: fc.constantFrom("GET", "GET", "POST", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"),
  contentType: fc.constantFrom(
    undefined,
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=zz",
    "application/json",
    "text/plain",
    "multipart/form-data",
  ),
  body: fc.oneof(
    fc.constant(""),
    fc.string({ maxLength: 200 }),
    fc.constantFrom(
      "email=%00&password=%00",
      '--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\n\u0000',
      '{"a":',
      "x=".padEnd(300, "%"),
    ),
  ),
  header: fc.option(
    fc.tuple(
      fc.constantFrom("Range", "If-Range", "Last-Event-ID", "Accept", "Accept-Language", "X-Forwarded-For"),
      // Header values a client can send at all: printable ASCII.
      fc.string({ maxLength: 60 }).map((s) => [...s].filter((c) => c >= " " && c <= "~").join("")),
    ),
    { nil: undefined },
  ),
});

let vite: ViteDevServer;
beforeAll(async () => {
  vite = await startVite();
});
afterAll(async () => vite.close());

for (const engine of testEngines()) {
  describe(`[${engine}] hostile input to every route`, () => {
    let t: TestApp;
    let http: HttpApp;
    const cookies: Record<string, string | null> = { anonymous: null };
    beforeAll(async () => {
      t = await createTestApp(engine);
      for (const role of ["user", "editor", "admin"] as const) {
        const user = await createUser(t.ctx, { email: `${role}@example.org`, password: `${role}-pass-1`, role });
        cookies[role] = `portal_session=${(await createSession(t.ctx, user.id, { ip: "127.0.0.1", userAgent: "vitest" })).token}`;
      }
      await createDocument(t.ctx, {
        title: "Hostile input target",
        description: null,
        category: "Report",
        tags: ["x"],
        published: true,
        folderId: null,
        uploadedBy: null,
        file: null,
      });
      http = await startHttpApp(vite, t.ctx);
    }, 120_000);
    afterAll(async () => {
      await http?.close();
      await t?.cleanup();
    });

    for (const role of ["anonymous", "user", "editor", "admin"]) {
      it(`answers no 5xx to generated requests as ${role}`, { timeout: 120_000 }, async () => {
        await fc.assert(
          fc.asyncProperty(request, async (r) => {
            const query = r.query.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("&");
            const path = pathOf(r.pattern, r.params) + (query ? `?${query}` : "");
            const headers: Record<string, string> = { Origin: http.origin };
            if (cookies[role]) headers.Cookie = cookies[role];
            if (r.contentType) headers["Content-Type"] = r.contentType;
            if (r.header) headers[r.header[0]] = r.header[1];
            const withBody = r.method !== "GET" && r.method !== "OPTIONS";
            // A live-update stream never ends by itself: its status is the answer.
            const controller = new AbortController();
            const res = await http.get(path, {
              method: r.method,
              headers,
              signal: controller.signal,
              ...(withBody ? { body: r.body } : {}),
            });
            if ((res.headers.get("content-type") ?? "").startsWith("text/event-stream")) controller.abort();
            else await res.arrayBuffer();
            expect(res.status, `${r.method} ${path} ${JSON.stringify(headers)} ${JSON.stringify(r.body)}`).toBeLessThan(500);
          }),
          { numRuns: 150, seed: 20261126, endOnFailure: true },
        );
      });
    }

    it("refuses a body over the limit on every route that takes no file, as each role", async () => {
      const big = "x".repeat(BODY_LIMIT_BYTES + 1);
      for (const role of ["anonymous", "admin"]) {
        for (const pattern of PATTERNS) {
          const path = pathOf(pattern, ["abc"]);
          const uploads = /^\/admin\/(documents|documents\/abc\/edit|folders\/(upload|bulk-upload)|dashboards\/(new|abc\/edit))$/;
          if (uploads.test(path)) continue;
          const headers: Record<string, string> = { Origin: http.origin, "Content-Type": "application/x-www-form-urlencoded" };
          if (cookies[role]) headers.Cookie = cookies[role];
          const res = await http.get(path, { method: "POST", headers, body: big });
          await res.arrayBuffer();
          expect(res.status, `${role} ${path}`).toBe(413);
        }
      }
    });
  });
}
