import { gunzipSync, brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { createPageCache, encodedBody } from "~/services/page-cache.server";

const page = (body: string, headers: Record<string, string> = { "Cache-Control": "public, max-age=60", ETag: '"t"' }, status = 200) =>
  new Response(body, { status, headers });

describe("the server's copy of content pages", () => {
  it("keeps a public page for its time to live, then renders again", async () => {
    let clock = 0;
    const cache = createPageCache({ ttlMs: 10_000, maxEntries: 5, now: () => clock });
    const entry = await cache.store("/", page("<p>etusivu</p>"));
    expect(entry?.etag).toBe('"t"');
    expect(cache.get("/")?.body.toString()).toBe("<p>etusivu</p>");
    clock = 9_999;
    expect(cache.get("/")).toBeDefined();
    clock = 10_000;
    expect(cache.get("/")).toBeUndefined();
  });

  it("never keeps a private page, an error, or one that sets a cookie", async () => {
    const cache = createPageCache({ ttlMs: 10_000, maxEntries: 5 });
    expect(await cache.store("/a", page("x", { "Cache-Control": "private, no-cache" }))).toBeNull();
    expect(await cache.store("/b", page("x", { "Cache-Control": "public, max-age=60" }, 500))).toBeNull();
    expect(await cache.store("/c", page("x", { "Cache-Control": "public, max-age=60", "Set-Cookie": "a=1" }))).toBeNull();
    expect(cache.get("/a") ?? cache.get("/b") ?? cache.get("/c")).toBeUndefined();
  });

  it("holds at most maxEntries addresses, dropping the oldest", async () => {
    const cache = createPageCache({ ttlMs: 10_000, maxEntries: 2 });
    await cache.store("/?a", page("a"));
    await cache.store("/?b", page("b"));
    await cache.store("/?c", page("c"));
    expect(cache.get("/?a")).toBeUndefined();
    expect(cache.get("/?b")).toBeDefined();
    expect(cache.get("/?c")).toBeDefined();
  });

  it("compresses a copy once per encoding, to the same bytes", async () => {
    const cache = createPageCache({ ttlMs: 10_000, maxEntries: 2 });
    const entry = (await cache.store("/", page("<p>hei</p>".repeat(500))))!;
    const br = encodedBody(entry, "br");
    expect(encodedBody(entry, "br")).toBe(br);
    expect(brotliDecompressSync(br).toString()).toBe(entry.body.toString());
    expect(gunzipSync(encodedBody(entry, "gzip")).toString()).toBe(entry.body.toString());
    expect(encodedBody(entry, "identity")).toBe(entry.body);
    expect(br.length).toBeLessThan(entry.body.length / 10);
  });
});
