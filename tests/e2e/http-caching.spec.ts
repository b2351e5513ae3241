import { expect, test } from "./support/test";

// What the server says about caching and compression, asked over HTTP as a browser or a proxy
// would (issue 15). Content pages are the same for every anonymous visitor: cacheable for a
// minute, revalidated with an ETag, and a conditional request for unchanged bytes costs a 304.

const CONTENT_PAGES = ["/", "/kayttoehdot", "/tietosuoja"];

test.describe("HTTP caching and compression", () => {
  test.skip(({ jsEnabled }) => !jsEnabled, "Server headers: the same whether the browser runs scripts or not");

  for (const path of CONTENT_PAGES) {
    test(`${path} is cacheable for anonymous visitors and answers 304 when unchanged`, async ({ request }) => {
      const first = await request.get(path, { headers: { "Accept-Encoding": "br" } });
      expect(first.status()).toBe(200);
      const headers = first.headers();
      expect(headers["cache-control"]).toBe("public, max-age=60, stale-while-revalidate=600");
      expect(headers["content-encoding"]).toBe("br");
      expect(headers.vary).toMatch(/Cookie/);
      expect(headers.vary).toMatch(/Accept-Encoding/);
      // A content page works as plain HTML: no script at all, so no per-request nonce either.
      expect(await first.text()).not.toMatch(/<script/i);
      const etag = headers.etag;
      expect(etag).toMatch(/^"[\w-]+"$/);

      const again = await request.get(path, { headers: { "If-None-Match": etag } });
      expect(again.status()).toBe(304);
      expect(await again.body()).toHaveLength(0);
      expect(again.headers().etag).toBe(etag);

      // A stale tag (the page changed since) gets the whole page.
      const stale = await request.get(path, { headers: { "If-None-Match": '"vanha"' } });
      expect(stale.status()).toBe(200);
      expect(stale.headers().etag).toBe(etag);
    });
  }

  test("a signed-in visitor's page is never stored, and has no ETag", async ({ request }) => {
    const response = await request.get("/kayttoehdot", { headers: { Cookie: "__session=whatever" } });
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("private, no-cache");
    expect(response.headers().etag).toBeUndefined();
  });

  test("a form's answer on a content page is not cacheable", async ({ request }) => {
    const response = await request.post("/?index", {
      form: { name: "", email: "", message: "" },
      headers: { Origin: new URL(test.info().project.use.baseURL!).origin },
    });
    expect(response.status()).toBe(400);
    expect(response.headers()["cache-control"]).toBe("private, no-cache");
    expect(response.headers().etag).toBeUndefined();
  });

  test("the booking's first step, served from the server's copy, carries each response's own script nonce", async ({ request }) => {
    const nonces = [];
    for (let i = 0; i < 2; i++) {
      const response = await request.get("/varaa");
      expect(response.status()).toBe(200);
      // Browsers may not keep a page with scripts: its nonce is good for one response only.
      expect(response.headers()["cache-control"] ?? "").not.toMatch(/public/);
      expect(response.headers().etag).toBeUndefined();
      const csp = /script-src [^;]*'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
      expect(csp).toBeTruthy();
      const html = await response.text();
      const inPage = [...html.matchAll(/<script[^>]* nonce="([^"]*)"/g)].map((match) => match[1]);
      expect(inPage.length).toBeGreaterThan(0);
      expect(new Set(inPage)).toEqual(new Set([csp]));
      nonces.push(csp);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  test("a page's scripts are preloaded at low priority, so that its style sheet and text come first", async ({ request }) => {
    for (const path of ["/varaa", "/auth", "/rekisteroidy-kaveriksi"]) {
      const html = await (await request.get(path)).text();
      const preloads = html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
      expect(preloads.length, path).toBeGreaterThan(1);
      for (const preload of preloads) expect(preload, path).toContain('fetchpriority="low"');
      expect(html, path).toMatch(/<link rel="stylesheet" href="\/build\/[^"]+\.css"\/>/);
    }
  });

  test("pages and bundles are compressed with gzip or brotli, bundles cached for good", async ({ request }) => {
    const gzip = await request.get("/varaa", { headers: { "Accept-Encoding": "gzip" } });
    expect(gzip.headers()["content-encoding"]).toBe("gzip");
    const html = await gzip.text();
    const scripts = [...html.matchAll(/(?:src|href)="(\/build\/[^"]+\.js)"/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(1);
    for (const script of scripts) {
      const bundle = await request.get(script, { headers: { "Accept-Encoding": "br" } });
      expect(bundle.status()).toBe(200);
      expect(bundle.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
      // Below 1 KB compression saves nothing worth the work.
      if ((await bundle.body()).length >= 1024) {
        expect(bundle.headers()["content-encoding"], script).toBe("br");
        // The build's own brotli copy (its length known), not compressed per request (chunked).
        expect(bundle.headers()["content-length"], script).toMatch(/^\d+$/);
      }
    }
  });
});
