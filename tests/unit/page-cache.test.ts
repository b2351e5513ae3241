import { gunzipSync, brotliDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { createPageCache, encodedBody, withNonce, withoutNonce } from "~/services/page-cache.server";

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

  it("keeps a page with scripts only when told any anonymous 200 may be shared", async () => {
    const cache = createPageCache({ ttlMs: 10_000, maxEntries: 5 });
    expect(await cache.store("/varaa", page("x", {}))).toBeNull();
    expect(await cache.store("/varaa", page("x", {}), { anyAnonymous: true })).not.toBeNull();
    expect(await cache.store("/varaa?b", page("x", {}, 400), { anyAnonymous: true })).toBeNull();
    expect(await cache.store("/varaa?c", page("x", { "Set-Cookie": "a=1" }), { anyAnonymous: true })).toBeNull();
  });

  it("stores a page without its nonce and gives each answer its own", () => {
    const rendered = Buffer.from('<script nonce="abc123">1</script><link nonce="abc123"/><p>nonce="abc"</p>');
    const stored = withoutNonce(rendered, "abc123");
    expect(stored.toString()).not.toContain("abc123");
    expect(withNonce(stored, "zzz").toString()).toBe('<script nonce="zzz">1</script><link nonce="zzz"/><p>nonce="abc"</p>');
    expect(withNonce(stored, "abc123").equals(rendered)).toBe(true);
  });
});
