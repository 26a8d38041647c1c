import { randomUUID } from "node:crypto";
import { Validator } from "@seriousme/openapi-schema-validator";
import Ajv2020 from "ajv/dist/2020.js";
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CCCM_DOCUMENTS, seedCccmDocuments } from "../../../tests/support/cccm-documents";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { type HttpApp, startHttpApp, startVite } from "../../../tests/support/http";
import { exampleHref, type OpenApiParameter } from "./api-page";

/**
 * The public API's description over HTTP (issue 15 item 3, decision 0035): /api/openapi.json is a
 * valid OpenAPI 3.1 document, every example in it is answered by the server as it says (status,
 * content type, headers, a body of the documented schema, and the very body of the example), and
 * the endpoints never give a draft or an unpublished dashboard.
 */

interface MediaType {
  schema: { $ref: string };
  examples?: Record<string, { value: unknown }>;
}
interface Operation {
  operationId: string;
  parameters?: OpenApiParameter[];
  responses: Record<string, { headers?: Record<string, unknown>; content: { "application/json": MediaType } }>;
}
interface Document {
  openapi: string;
  paths: Record<string, { get: Operation }>;
  components: { schemas: Record<string, unknown> };
}

const DRAFT = CCCM_DOCUMENTS.find((d) => d.published === false)!;

let vite: ViteDevServer;
beforeAll(async () => {
  vite = await startVite();
});
afterAll(async () => vite.close());

for (const engine of testEngines()) {
  describe(`[${engine}] the public API and its OpenAPI document`, () => {
    let t: TestApp;
    let http: HttpApp;
    let clock = new Date();
    let ids: Map<string, string>;
    const dashboards = { shown: "", hidden: "" };

    beforeAll(async () => {
      t = await createTestApp(engine, { now: () => clock });
      ids = await seedCccmDocuments(t.ctx, (at) => {
        clock = at;
      });
      const dashboard = (title: string, isPublic: number) => ({
        id: randomUUID(),
        title,
        provider: "REACH",
        type: "site_monitoring",
        is_public: isPublic,
        display_order: 1,
        embed_url: "https://dashboards.example.org/embed/1",
        created_at: clock.toISOString(),
        updated_at: clock.toISOString(),
      });
      const shown = dashboard("Site monitoring Baidoa", 1);
      const hidden = dashboard("Internal dashboard draft", 0);
      await t.ctx.db.kysely.insertInto("dashboards").values([shown, hidden]).execute();
      dashboards.shown = shown.id;
      dashboards.hidden = hidden.id;
      http = await startHttpApp(vite, t.ctx);
    });
    afterAll(async () => {
      await http?.close();
      await t.cleanup();
    });

    const getDocument = async () => {
      const res = await http.get("/api/openapi.json");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      return (await res.json()) as Document;
    };

    it("serves a document that validates against the OpenAPI 3.1 schema", async () => {
      const document = await getDocument();
      expect(document.openapi).toBe("3.1.0");
      const result = await new Validator().validate(document as unknown as Record<string, unknown>);
      expect(result.errors ?? []).toEqual([]);
      expect(result.valid).toBe(true);
      expect(Object.keys(document.paths).sort()).toEqual([
        "/api/openapi.json",
        "/api/public/dashboards",
        "/api/public/dashboards/{id}",
        "/api/public/documents",
        "/api/public/documents/facets",
        "/api/public/documents/{id}",
      ]);
    });

    it("answers every example as the document describes it", async () => {
      const document = await getDocument();
      // The response schemas as the document states them (not the server's own zod schemas).
      const ajv = new Ajv2020({ strict: false, allErrors: true });
      const validatorOf = (schema: { $ref: string }) => ajv.compile({ ...schema, components: document.components });
      let requested = 0;
      for (const [path, { get: op }] of Object.entries(document.paths)) {
        const parameters = op.parameters ?? [];
        // Every parameter example fits the parameter's own schema.
        for (const p of parameters)
          for (const [name, example] of Object.entries(p.examples ?? {})) {
            const validate = ajv.compile(p.schema);
            expect(validate(example.value) ? [] : validate.errors, `${op.operationId} ${p.name} ${name}`).toEqual([]);
          }
        const cases = Object.entries(op.responses).flatMap(([status, response]) => {
          const media = response.content["application/json"];
          const examples = Object.entries(media.examples ?? {});
          // An operation without examples (the document itself) is asked as it is.
          return (examples.length ? examples : [[null, undefined] as const]).map(([name, example]) => ({
            status: Number(status),
            name,
            example,
            response,
            media,
          }));
        });
        for (const { status, name, example, response, media } of cases) {
          if (name === null && status !== 200) continue;
          const href = name === null ? path : exampleHref(path, parameters, name);
          expect(href, op.operationId).not.toContain("{");
          const res = await http.get(href);
          const label = `${op.operationId} ${name ?? ""} ${href}`;
          expect(res.status, label).toBe(status);
          expect(res.headers.get("content-type"), label).toMatch(/^application\/json/);
          for (const header of Object.keys(response.headers ?? {}))
            if (header !== "Link") expect(res.headers.get(header), `${label} ${header}`).not.toBeNull();
          const body: unknown = await res.json();
          const validate = validatorOf(media.schema);
          expect(validate(body) ? [] : validate.errors, label).toEqual([]);
          if (example) expect(body, label).toEqual(example.value);
          requested++;
        }
      }
      // Each single-item endpoint has a found and a not-found example; the lists one or more.
      expect(requested).toBeGreaterThanOrEqual(9);
      const getDoc = document.paths["/api/public/documents/{id}"]!.get;
      expect(Object.keys(getDoc.responses["200"]!.content["application/json"].examples ?? {})).toEqual(["published"]);
      expect(Object.keys(getDoc.responses["404"]!.content["application/json"].examples ?? {})).toEqual(["unknown"]);
    });

    it("reads the list's query through the documented parameters, leniently as before", async () => {
      const res = await http.get("/api/public/documents?per=12&sort=bogus&page=abc&type=exe&tag=Evictions&tag=evictions");
      expect(res.status).toBe(200);
      const body = (await res.json()) as Array<{ tags: string[] }>;
      expect(body.length).toBeGreaterThan(0);
      expect(body.every((d) => d.tags.some((tag) => tag.toLowerCase() === "evictions"))).toBe(true);
      expect(await (await http.get("/api/public/documents?category=Nonsense")).json()).toEqual([]);
    });

    it("never gives a draft or an unpublished dashboard", async () => {
      const draftId = ids.get(DRAFT.title)!;
      const draft = await http.get(`/api/public/documents/${draftId}`);
      expect(draft.status).toBe(404);
      expect(draft.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await draft.json()).toEqual({ error: "not_found", message: "No published document has this id." });
      const list = (await (await http.get(`/api/public/documents?per=100&q=${encodeURIComponent("Kismayo eviction")}`)).json()) as Array<{
        id: string;
      }>;
      expect(list.map((d) => d.id)).not.toContain(draftId);
      // The draft's own tag counts nowhere.
      const facets = (await (await http.get("/api/public/documents/facets?tag=Draft")).json()) as { tags: Array<{ value: string }> };
      expect(facets.tags).toEqual([]);
      const everyFacet = (await (await http.get("/api/public/documents/facets")).json()) as { tags: Array<{ value: string }> };
      expect(everyFacet.tags.map((o) => o.value)).not.toContain("Draft");

      expect((await http.get(`/api/public/dashboards/${dashboards.hidden}`)).status).toBe(404);
      const shown = await http.get(`/api/public/dashboards/${dashboards.shown}`);
      expect(shown.status).toBe(200);
      const all = (await (await http.get("/api/public/dashboards")).json()) as Array<{ id: string }>;
      expect(all.map((d) => d.id)).toEqual([dashboards.shown]);
      // The document's examples name only published items.
      const text = await (await http.get("/api/openapi.json")).text();
      expect(text).not.toContain(draftId);
      expect(text).not.toContain(dashboards.hidden);
    });

    it("renders the page for developers on the server, with the example links", async () => {
      const res = await http.get("/api");
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain("/api/openapi.json");
      // The example requests are links: the newest published document's address among them.
      const document = await getDocument();
      const idParam = document.paths["/api/public/documents/{id}"]!.get.parameters!.find((p) => p.in === "path")!;
      const newest = idParam.examples!.published!.value as string;
      expect([...ids.values()]).toContain(newest);
      expect(html).toContain(`href="/api/public/documents/${newest}"`);
      expect(html).toContain(`/api/public/dashboards/${dashboards.shown}`);
      expect(html).not.toContain(dashboards.hidden);
    });
  });
}
