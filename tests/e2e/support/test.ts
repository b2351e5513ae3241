import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test as base, type Page } from "@playwright/test";

/**
 * Fails the test with a readable list if axe finds any WCAG 2.x A/AA violation on the page, or if
 * the page is wider than its viewport (a phone would scroll sideways: WCAG 1.4.10 reflow).
 */
export async function expectNoAxeViolations(page: Page) {
  // A page reached by a click may still be streaming in: its URL and its first headings are there,
  // its main content not yet (seen in CI: a scan of the header alone). Read it once it is whole.
  await page.waitForLoadState("load");
  await expectFitsViewport(page);
  const html = scriptless(await page.content());
  if (await alreadyScanned(html, page)) return;
  // axe waits on timers, and a context with JavaScript disabled never fires them, so the scan
  // would hang. Such a page is scanned as a copy: its current DOM, scripts removed, served at the
  // same URL (so the same CSS applies) in a context where axe can run. In the js-off project that
  // is known beforehand, so the second-long probe is skipped.
  const scriptsOff = base.info().project.use.javaScriptEnabled === false;
  const target = !scriptsOff && (await timersRun(page)) ? page : await scriptlessCopy(page, html);
  try {
    await scan(target);
  } finally {
    if (target !== page) await target.context().close();
  }
}

/**
 * axe gives the same answer for the same markup, stylesheet and viewport, and it is the slowest
 * step of the suite (1–5 s a page on the CI machine; three quarters of a js-off walk's browser CPU,
 * measured with and without it). So a page whose markup, with volatile values (hidden tokens,
 * digits, the words of texts and labels) evened out, was already scanned at this
 * viewport in this run by any worker is not scanned again: the same booking step reached by
 * several tests, or an order page showing another order, costs one scan. (A page with JavaScript
 * carries `class="js"` and is scanned apart from its scriptless twin, whose CSS may differ.)
 * AXE_SCAN_ALL=1 scans every call.
 */
async function alreadyScanned(html: string, page: Page): Promise<boolean> {
  if (process.env.AXE_SCAN_ALL === "1") return false;
  const dir = path.join(process.env.E2E_DATA_DIR ?? os.tmpdir(), "axe-scanned");
  const viewport = page.viewportSize();
  const skeleton = html
    .replace(/<input\b[^>]*type="hidden"[^>]*>/gi, "<input type=hidden>")
    // What axe checks of text is whether there is any (empty headings, nameless links and buttons)
    // and how it is styled (contrast, by class), never what it says: a name, a service or a typed
    // value becomes "x", while empty stays empty.
    .replace(/>([^<]*\S[^<]*)</g, ">x<")
    .replace(/\b(aria-label|alt|title|placeholder|value|content)="[^"]*\S[^"]*"/g, '$1="x"')
    .replace(/\d/g, "0");
  const key = crypto.createHash("sha256").update(`${viewport?.width}x${viewport?.height}\n${skeleton}`).digest("hex");
  fs.mkdirSync(dir, { recursive: true });
  try {
    // Claimed before scanning: the first caller scans; a failing scan fails that test, whose
    // markup is then fixed for every caller.
    fs.writeFileSync(path.join(dir, key), "", { flag: "wx" });
    return false;
  } catch {
    return true;
  }
}

function scriptless(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "").replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, "");
}

/**
 * Nothing on the page reaches past the right edge of the screen, and nothing is cut off inside a
 * box that scrolls sideways (a price table in an overflow-x-auto wrapper kept the page narrow while
 * its last column was out of sight). A box that scrolls sideways on purpose says so with
 * `data-scrolls-sideways` (the back office's wide lists on a narrow desktop).
 */
export async function expectFitsViewport(page: Page) {
  const { scrollWidth, viewport, outside, clipped } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const name = (element: Element, detail: string) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}.${[...element.classList].slice(0, 4).join(".")} (${detail})`;
    const onPurpose = (element: Element) => element.closest("[data-scrolls-sideways]") !== null;
    const elements = [...document.querySelectorAll("body *")].filter((element) => !onPurpose(element));
    // Inside a box that clips or scrolls, an element's overhang is that box's: it is judged below.
    const insideClippingBox = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== "visible") return true;
      }
      return false;
    };
    const outside = elements
      .filter((element) => element.getBoundingClientRect().right > width + 0.5 && !insideClippingBox(element))
      .slice(0, 5)
      .map((element) => name(element, `right edge at ${Math.round(element.getBoundingClientRect().right)} px`));
    const clipped = elements
      .filter((element) => ["auto", "scroll"].includes(getComputedStyle(element).overflowX) && element.scrollWidth > element.clientWidth + 1)
      .slice(0, 5)
      .map((element) => name(element, `${element.scrollWidth} px of content in ${element.clientWidth} px`));
    return { scrollWidth: document.documentElement.scrollWidth, viewport: width, outside, clipped };
  });
  expect(scrollWidth, `${page.url()} is ${scrollWidth} px wide on a ${viewport} px screen: ${outside.join(", ")}`).toBeLessThanOrEqual(viewport);
  expect(outside, `${page.url()}: elements past the right edge of a ${viewport} px screen`).toEqual([]);
  expect(clipped, `${page.url()}: boxes whose content is cut off sideways on a ${viewport} px screen`).toEqual([]);
}

async function scan(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    // Only violations are read: axe skips collecting every passing node (faster on big pages).
    .options({ resultTypes: ["violations"] })
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(" ")).join("\n    ")}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

async function timersRun(page: Page): Promise<boolean> {
  const fired = page.evaluate(() => new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 0)));
  const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 1_000));
  return Promise.race([fired.catch(() => false), timeout]);
}

async function scriptlessCopy(page: Page, html: string): Promise<Page> {
  const url = new URL(page.url());
  url.hash = "";
  const browser = page.context().browser();
  if (!browser) throw new Error("expectNoAxeViolations: the page has no browser to open a copy in");
  // Explicitly on: under Playwright Test, browser.newContext() inherits the project's options.
  const context = await browser.newContext({ javaScriptEnabled: true, viewport: page.viewportSize() });
  const copy = await context.newPage();
  await copy.route(
    (candidate) => candidate.href === url.href,
    (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }),
  );
  await copy.goto(url.href);
  return copy;
}

export const test = base.extend<{ jsEnabled: boolean; serverClockPutBack: void }>({
  jsEnabled: async ({ javaScriptEnabled }, use) => {
    await use(javaScriptEnabled !== false);
  },
  // A clock test (@kello) that fails half-way must not leave the server's clock moved for the tests
  // after it: its own page may be closed by then, so the clock is put back over a request of its own.
  serverClockPutBack: [
    async ({ playwright, baseURL }, use, testInfo) => {
      await use();
      if (!testInfo.tags.includes("@kello")) return;
      const request = await playwright.request.newContext({ baseURL });
      try {
        const response = await request.post("/dev/kello", { form: { palauta: "1" } });
        expect(response.ok(), "the server's clock was put back").toBe(true);
      } finally {
        await request.dispose();
      }
    },
    { auto: true },
  ],
});

export { expect };
