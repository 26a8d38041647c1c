import { Readable } from "node:stream";
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEW_DASHBOARD_FIELDS } from "~/lib/dashboard-form";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { type HttpApp, startHttpApp, startVite } from "../../../tests/support/http";
import { createDashboard } from "../dashboards/dashboards.admin";
import { createDocument } from "../documents/documents.service";
import { generateStorageKey } from "../storage";
import { createUser } from "../users/users.service";

/**
 * The Content-Security-Policy over HTTP (issue 12 item 13): scripts only with the nonce of their
 * own response, never 'unsafe-inline'; base-uri 'none'; frame-src listing a dashboard's host on
 * that dashboard's page only, so the header stays small however many dashboards there are.
 */

let vite: ViteDevServer;
beforeAll(async () => {
  vite = await startVite();
});
afterAll(async () => vite.close());

/** The policy's directives by name; fails when a response carries more than one policy. */
function directives(header: string | null): Map<string, string[]> {
  expect(header, "a Content-Security-Policy header").toBeTruthy();
  expect(header, "one policy, not several").not.toContain(",");
  return new Map(
    header!
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );
}

function nonceOf(header: string | null): string {
  const scriptSrc = directives(header).get("script-src") ?? [];
  const nonce = scriptSrc.find((v) => v.startsWith("'nonce-"));
  expect(nonce, `a nonce in script-src: ${scriptSrc.join(" ")}`).toBeTruthy();
  return nonce!.slice("'nonce-".length, -1);
}

const DASHBOARD_COUNT = 250;

for (const engine of testEngines()) {
  describe(`[${engine}] Content-Security-Policy over HTTP`, () => {
    let t: TestApp;
    let http: HttpApp;
    let grafana: string;
    let hidden: string;
    let documentId: string;

    beforeAll(async () => {
      t = await createTestApp(engine);
      const editor = await createUser(t.ctx, { email: "editor@example.org", password: "editor-pass", role: "editor" });
      const create = async (title: string, embed_url: string, is_public = true) => {
        const outcome = await createDashboard(t.ctx, { ...NEW_DASHBOARD_FIELDS, title, embed_url, is_public }, editor);
        if (!outcome.ok) throw new Error(outcome.message);
        return outcome.dashboard.id;
      };
      grafana = await create("Arrivals", "https://grafana.example.org:8443/d/arrivals");
      hidden = await create("Internal board", "https://internal.example.org/board", false);
      // Each on a host of its own: a site-wide frame-src would list every one of them.
      for (let i = 0; i < DASHBOARD_COUNT - 2; i++) await create(`Site ${i}`, `https://dashboards-${i}.example.org/embed/${i}`);

      const key = generateStorageKey({ prefix: "documents", originalName: "minutes.txt" });
      const stored = await t.ctx.storage.put(key, Readable.from([Buffer.from("Camp coordination minutes\n")]));
      const doc = await createDocument(t.ctx, {
        title: "Baidoa Coordination Minutes",
        description: null,
        category: "Report",
        tags: [],
        published: true,
        uploadedBy: editor.id,
        file: { key, originalName: "minutes.txt", ext: "txt", mimeType: "text/plain", size: stored.size, sha256: stored.sha256 },
      });
      documentId = doc.id;
      http = await startHttpApp(vite, t.ctx);
    }, 60_000);
    afterAll(async () => {
      await http?.close();
      await t.cleanup();
    });

    const pages = () => ["/", "/documents", "/dashboards", `/dashboards/${grafana}`, "/about", "/admin/login", "/no-such-page"];

    it("allows scripts only by this response's nonce, with 'strict-dynamic' and never 'unsafe-inline'; base-uri 'none'", async () => {
      for (const path of [...pages(), "/documents.data", "/healthz", "/api/public/documents"]) {
        for (const method of ["GET", "HEAD"]) {
          const res = await http.get(path, { method });
          await res.arrayBuffer();
          const policy = directives(res.headers.get("content-security-policy"));
          const scriptSrc = policy.get("script-src") ?? [];
          expect(scriptSrc, `${method} ${path}`).toContain("'strict-dynamic'");
          expect(scriptSrc, `${method} ${path}`).not.toContain("'unsafe-inline'");
          expect(nonceOf(res.headers.get("content-security-policy")), `${method} ${path}`).toMatch(/^[A-Za-z0-9+/]{22}==$/);
          expect(policy.get("base-uri"), `${method} ${path}`).toEqual(["'none'"]);
          expect(policy.get("object-src"), `${method} ${path}`).toEqual(["'none'"]);
        }
      }
    });

    it("makes a new nonce for every response", async () => {
      const nonces = new Set<string>();
      for (let i = 0; i < 3; i++) {
        for (const path of ["/", "/healthz"]) {
          const res = await http.get(path);
          await res.arrayBuffer();
          nonces.add(nonceOf(res.headers.get("content-security-policy")));
        }
      }
      expect(nonces.size).toBe(6);
    });

    it("puts the header's nonce on every script and module preload of the page", async () => {
      for (const path of pages()) {
        const res = await http.get(path);
        const html = await res.text();
        const nonce = nonceOf(res.headers.get("content-security-policy"));
        const scripts = html.match(/<script\b[^>]*>/g) ?? [];
        // A hydrated page (the admin portal): hydration data, the route modules and scroll
        // restoration at least; a public page: its enhancements' module (decision 0038).
        expect(scripts.length, path).toBeGreaterThanOrEqual(path.startsWith("/admin") ? 2 : 1);
        for (const tag of scripts) expect(tag, path).toContain(` nonce="${nonce}"`);
        const preloads = html.match(/<link\b[^>]*rel="modulepreload"[^>]*>/g) ?? [];
        for (const tag of preloads) expect(tag, path).toContain(` nonce="${nonce}"`);
      }
    });

    it("lets a dashboard's page frame that dashboard's host and no other page frame any dashboard", async () => {
      const frameSrc = async (path: string) => {
        const res = await http.get(path);
        await res.arrayBuffer();
        return directives(res.headers.get("content-security-policy")).get("frame-src");
      };
      expect(await frameSrc(`/dashboards/${grafana}`)).toEqual(["'self'", "https://grafana.example.org:8443"]);
      for (const path of [
        "/",
        "/dashboards",
        "/documents",
        `/document/${documentId}`,
        "/admin/login",
        `/dashboards/${hidden}`,
        "/healthz",
      ]) {
        expect(await frameSrc(path), path).toEqual(["'self'"]);
      }
    });

    it(`keeps every header small with ${DASHBOARD_COUNT} public dashboards`, async () => {
      for (const path of [...pages(), "/healthz"]) {
        const res = await http.get(path);
        await res.arrayBuffer();
        expect(res.headers.get("content-security-policy")!.length, path).toBeLessThan(512);
        let total = 0;
        for (const [name, value] of res.headers) total += name.length + value.length + 4;
        expect(total, path).toBeLessThan(2048);
      }
    });

    it("keeps a file's own sandbox policy and adds the site's to it", async () => {
      const res = await http.get(`/api/documents/${documentId}/download`);
      await res.arrayBuffer();
      const policies = (res.headers.get("content-security-policy") ?? "").split(",").map((p) => p.trim());
      expect(policies[0]).toBe("sandbox");
      expect(policies[1]).toContain("script-src 'self' 'nonce-");
      expect(policies).toHaveLength(2);
    });
  });
}
