import { type BrowserContext, test as base, expect } from "@playwright/test";

/**
 * The `test` of every spec: Playwright's own, failing any test during which a page broke the
 * Content-Security-Policy (a script without the nonce, a frame of a host the page does not list).
 * Chromium writes each refusal to the page's console; every browser context of the test is
 * watched, the `page` fixture's and those a test opens itself (`browser.newContext()`,
 * `browser.newPage()`).
 */

/**
 * How Chromium words a refusal in the console: "Executing inline script violates the following
 * Content Security Policy directive…", "Framing '…' violates…", older versions "Refused to…".
 */
export const CSP_VIOLATION = /Content Security Policy|Refused to (execute|load|frame|apply|connect|evaluate|create)/;

type Watch = (context: BrowserContext) => void;

export const test = base.extend<{ contentSecurityViolations: Watch }>({
  contentSecurityViolations: [
    async ({ browser }, use) => {
      const violations: string[] = [];
      const watched = new WeakSet<BrowserContext>();
      const watch: Watch = (context) => {
        if (watched.has(context)) return;
        watched.add(context);
        context.on("console", (message) => {
          if (CSP_VIOLATION.test(message.text())) violations.push(`${message.location().url || "(page)"}: ${message.text()}`);
        });
        context.on("weberror", (error) => {
          const text = String(error.error()?.message ?? error.error());
          if (CSP_VIOLATION.test(text)) violations.push(`${error.page()?.url() ?? "(page)"}: ${text}`);
        });
      };
      // browser.newPage() opens its context through newContext too.
      const newContext = browser.newContext;
      browser.newContext = async (...args) => {
        const context = await newContext.apply(browser, args);
        watch(context);
        return context;
      };
      try {
        await use(watch);
      } finally {
        browser.newContext = newContext;
      }
      expect(violations, "Content-Security-Policy violations reported in the browser console").toEqual([]);
    },
    { auto: true },
  ],
  context: async ({ context, contentSecurityViolations }, use) => {
    contentSecurityViolations(context);
    await use(context);
  },
});
