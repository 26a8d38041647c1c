import { createHash } from "node:crypto";
import { expect } from "@playwright/test";
import { fromBufferPromise } from "yauzl";
import { DEMO_ADMIN, startDemoPortal } from "./support/demo-portal";
import { writePdf } from "./support/pdf";
import { portalSql } from "./support/portal-data";
import { test } from "./support/test";

/**
 * Issue 3: an unpublished document with a unique title never appears in any
 * public page, search result, JSON, event stream, share link or download.
 * The crawler follows every same-origin link, image and frame of the public
 * side, plus searches for the title and the JSON list.
 */
const TITLE = "Canary draft 5b1e93";
const TAG = "canarytag5b1e93";
/** A word only inside the draft's file: search in file contents must not find it either (issue 11). */
const BODY_WORD = "canarybody5b1e93";
const CRAWL_LIMIT = 400;

test("a draft never leaks to anonymous visitors", async ({ browser }) => {
  test.setTimeout(180_000);
  const portal = await startDemoPortal(undefined, { READ_FILES: "true" });
  const events = new AbortController();
  try {
    // The demo's own files wait (a day): the reader takes files in order, and the draft's must not
    // queue behind forty others on a busy machine. Their text is not what this spec crawls for.
    await portalSql(portal, "update jobs set run_at = ? where kind = 'read-file' and status = 'queued'", [
      new Date(Date.now() + 86_400_000).toISOString(),
    ]);
    // An anonymous live-update listener, connected before the draft is created.
    let streamed = "";
    const stream = fetch(`${portal.url}/api/events`, { signal: events.signal })
      .then(async (res) => {
        const reader = res.body!.getReader();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          streamed += new TextDecoder().decode(value);
        }
      })
      .catch(() => {});

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${portal.url}/admin/login`);
    await page.getByLabel("Email").fill(DEMO_ADMIN.email);
    await page.getByLabel("Password", { exact: true }).fill(DEMO_ADMIN.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(`${portal.url}/admin`);
    await page.goto(`${portal.url}/admin/documents`);
    await page.getByLabel(/^File/).setInputFiles(await writePdf("canary.pdf", `${TITLE} ${BODY_WORD}`));
    await page.getByLabel("Title").fill(TITLE);
    await page.getByLabel(/^Tags/).fill(TAG);
    await page.getByLabel("Publish immediately").uncheck();
    await page.getByRole("button", { name: "Upload Document" }).click();
    await expect(page.getByRole("status").getByText("Upload successful")).toBeVisible();
    await context.close();

    // Give the draft a share token too: a token must not open an unpublished document. And put it
    // in a shared folder: its "Download all" ZIP must not hold it either.
    const [{ id }] = (await portalSql<{ id: string }>(portal, "select id from documents where title = ?", [TITLE])) as [{ id: string }];
    await portalSql(portal, "update documents set share_token = ? where id = ?", ["canary-share-token-5b1e93", id]);
    const [folder] = (await portalSql<{ id: string; share_token: string }>(
      portal,
      "select id, share_token from folders where name = 'Safety Audits' and is_public = 1 and share_token is not null",
    )) as [{ id: string; share_token: string }];
    await portalSql(portal, "update documents set folder_id = ? where id = ?", [folder.id, id]);

    // The file is read in the background: its text and thumbnail exist before the crawl starts.
    await expect
      .poll(
        async () =>
          (
            await portalSql<{ status: string; thumbnail_key: string | null }>(
              portal,
              "select status, thumbnail_key from file_contents where document_id = ?",
              [id],
            )
          )[0],
        { timeout: 60_000 },
      )
      .toMatchObject({ status: "done", thumbnail_key: expect.any(String) });

    const forbidden = [TITLE, TAG, id, "canary-share-token-5b1e93", BODY_WORD];
    const seeds = [
      "/",
      "/documents",
      "/reports",
      "/guidelines",
      "/standards",
      "/dashboards",
      "/about",
      `/documents?q=${encodeURIComponent(TITLE)}`,
      `/documents?q=${TAG}`,
      `/documents?q=${BODY_WORD}`,
      `/reports?q=${BODY_WORD}`,
      `/api/public/documents?q=${BODY_WORD}`,
      "/documents?q=canary",
      "/documents?category=Other",
      `/reports?q=canary`,
      `/guidelines?q=canary`,
      `/standards?q=canary`,
      "/api/public/documents",
      `/api/public/documents?q=${TAG}`,
      "/api/public/documents?category=Other",
      // The described API (decision 0035): its page links every example, its document names ids.
      "/api",
      "/api/openapi.json",
      `/api/public/documents/facets?tag=${TAG}`,
      "/api/public/documents/facets",
      `/shared/folder/${folder.share_token}`,
      // What crawlers read (decision 0032): every published document's address is in the sitemap.
      "/robots.txt",
      "/sitemap.xml",
      // Feeds of searches that would find the draft (decision 0034); the plain feeds are found from the pages' heads.
      `/feeds/atom?q=${BODY_WORD}`,
      `/feeds/rss?q=${TAG}`,
      "/feeds/atom?q=canary&category=Other",
    ];
    const queue = [...seeds];
    const seen = new Set<string>();
    while (queue.length && seen.size < CRAWL_LIMIT) {
      const next = queue.shift()!;
      if (seen.has(next)) continue;
      seen.add(next);
      const res = await fetch(`${portal.url}${next}`, { redirect: "manual" });
      const type = res.headers.get("content-type") ?? "";
      if (!/text|json|xml/.test(type)) {
        await res.body?.cancel();
        continue;
      }
      const body = await res.text();
      // A search page repeats its own query in the search box; only what the query did not bring counts.
      const asked = [...new URL(next, portal.url).searchParams.values()].join("\n");
      for (const secret of forbidden) if (!asked.includes(secret)) expect(body, `${next} mentions the draft`).not.toContain(secret);
      // The seeds' searches are the draft's words; a search the crawl reached (the /api page's examples) finds published documents.
      if (seeds.includes(next) && /[?&]q=/.test(next) && type.includes("json"))
        expect(JSON.parse(body), `${next} finds the draft`).toEqual([]);
      // The sitemap's addresses are absolute (its files', when it is an index, too), and so are a feed's links.
      if (type.includes("xml")) {
        for (const [, , text, href] of body.matchAll(/<(loc|link|guid[^>]*)>([^<]+)<\/(?:loc|link|guid)>|\shref="([^"]+)"/g)) {
          const url = new URL((text ?? href)!.replaceAll("&amp;", "&"));
          if (url.origin === portal.url && !seen.has(url.pathname)) queue.push(`${url.pathname}${url.search}`);
        }
        continue;
      }
      if (!type.includes("html")) continue;
      for (const [, link] of body.matchAll(/(?:href|src)="(\/[^"#]*)"/g)) {
        const url = link!.replaceAll("&amp;", "&");
        if (url.startsWith("/admin") || url.startsWith("/assets/") || url.startsWith("//")) continue;
        if (!seen.has(url)) queue.push(url);
      }
    }
    expect(seen.size, "the crawl reached the public side").toBeGreaterThan(60);
    // The feeds are found as a reader finds them: the pages' heads and the Follow link (decision 0034).
    for (const feed of ["/feeds/atom", "/feeds/rss", "/feeds/atom?category=Report", "/feeds/rss?category=Policy"])
      expect(seen.has(feed), `the crawl found ${feed}`).toBe(true);

    for (const direct of [
      `/document/${id}`,
      `/public-document/${id}`,
      `/shared/document/${id}`,
      "/shared/document/canary-share-token-5b1e93",
      `/api/documents/${id}/download`,
      `/api/document/${id}/download/file`,
      `/document/${id}/text`,
      `/document/${id}/text?q=${BODY_WORD}`,
      `/api/documents/${id}/thumbnail`,
      `/api/public/documents/${id}`,
    ]) {
      const res = await fetch(`${portal.url}${direct}`, { redirect: "manual" });
      expect(res.status, direct).toBe(404);
      const body = await res.text();
      for (const secret of forbidden) expect(body, direct).not.toContain(secret);
    }

    // The shared folder's ZIP (a file the crawl does not read): the draft's file is not in it, by name or by bytes.
    const zipPath = `/shared/folder/${folder.share_token}/zip`;
    expect(seen.has(zipPath), "the crawl found the folder's Download all").toBe(true);
    const zipResponse = await fetch(`${portal.url}${zipPath}`);
    expect(zipResponse.status).toBe(200);
    const [{ sha256: draftSha }] = (await portalSql<{ sha256: string }>(portal, "select sha256 from documents where id = ?", [id])) as [
      { sha256: string },
    ];
    const zip = await fromBufferPromise(Buffer.from(await zipResponse.arrayBuffer()), { validateEntrySizes: true });
    const published = await portalSql<{ n: number }>(
      portal,
      "select count(*) as n from documents where folder_id = ? and published = 1 and file_path is not null",
      [folder.id],
    );
    expect(zip.entryCount, "the ZIP holds the folder's published files").toBe(Number(published[0]?.n));
    for await (const entry of zip.eachEntry()) {
      expect(entry.fileName).not.toContain("Canary_draft");
      const hash = createHash("sha256");
      for await (const chunk of await zip.openReadStreamPromise(entry)) hash.update(chunk as Buffer);
      expect(hash.digest("hex"), entry.fileName).not.toBe(draftSha);
    }
    zip.close();

    for (const secret of forbidden) expect(streamed, "the anonymous event stream").not.toContain(secret);
    events.abort();
    await stream;
  } finally {
    events.abort();
    await portal.dispose();
  }
});
