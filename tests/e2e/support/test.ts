import AxeBuilder from "@axe-core/playwright";
import { expect, test as base, type Page } from "@playwright/test";

/**
 * Fails the test with a readable list if axe finds any WCAG 2.x A/AA violation on the page, or if
 * the page is wider than its viewport (a phone would scroll sideways: WCAG 1.4.10 reflow).
 */
export async function expectNoAxeViolations(page: Page) {
  await expectFitsViewport(page);
  // axe waits on timers, and a context with JavaScript disabled never fires them, so the scan
  // would hang. Such a page is scanned as a copy: its current DOM, scripts removed, served at the
  // same URL (so the same CSS applies) in a context where axe can run.
  const target = (await timersRun(page)) ? page : await scriptlessCopy(page);
  try {
    await scan(target);
  } finally {
    if (target !== page) await target.context().close();
  }
}

/** Nothing on the page reaches past the right edge of the screen. */
export async function expectFitsViewport(page: Page) {
  const { scrollWidth, viewport, culprits } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // Name the widest offenders so that a failure says what to fix.
    const wide = [...document.querySelectorAll("body *")]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}.${[...element.classList].slice(0, 4).join(".")} (${Math.round(element.getBoundingClientRect().right)} px)`);
    return { scrollWidth: document.documentElement.scrollWidth, viewport: width, culprits: wide };
  });
  expect(scrollWidth, `${page.url()} is ${scrollWidth} px wide on a ${viewport} px screen: ${culprits.join(", ")}`).toBeLessThanOrEqual(viewport);
}

async function scan(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
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

async function scriptlessCopy(page: Page): Promise<Page> {
  const html = (await page.content())
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "")
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, "");
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

export const test = base.extend<{ jsEnabled: boolean }>({
  jsEnabled: async ({ javaScriptEnabled }, use) => {
    await use(javaScriptEnabled !== false);
  },
});

export { expect };
