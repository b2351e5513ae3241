import { describe, expect, it } from "vitest";
import { contentPageHeaders, settleDocumentCaching, matchesEtag } from "~/services/http-cache.server";

const request = (headers: Record<string, string> = {}, method = "GET") => new Request("http://localhost/", { method, headers });

describe("content page caching", () => {
  it("lets anonymous visitors' pages be stored, never a signed-in visitor's or one with a pending message", () => {
    expect(contentPageHeaders(request())["Cache-Control"]).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
    expect(contentPageHeaders(request({ Cookie: "theme=dark; __session=abc" }))["Cache-Control"]).toBe("private, no-cache");
    expect(contentPageHeaders(request({ Cookie: "__flash=abc" }))["Cache-Control"]).toBe("private, no-cache");
    // A cookie that merely ends in the same letters is not the session.
    expect(contentPageHeaders(request({ Cookie: "x__session=abc" }))["Cache-Control"]).toMatch(/^public/);
    expect(contentPageHeaders(request()).Vary).toBe("Cookie");
  });

  it("stores only a page's successful GET, and makes a form's answer private", () => {
    const publicHeaders = () => new Headers({ "Cache-Control": "public, max-age=60" });
    expect(settleDocumentCaching(request(), 200, publicHeaders())).toBe(true);
    expect(settleDocumentCaching(request({}, "HEAD"), 200, publicHeaders())).toBe(true);
    const answer = publicHeaders();
    expect(settleDocumentCaching(request({}, "POST"), 400, answer)).toBe(false);
    expect(answer.get("Cache-Control")).toBe("private, no-cache");
    const failed = publicHeaders();
    expect(settleDocumentCaching(request(), 500, failed)).toBe(false);
    expect(failed.get("Cache-Control")).toBe("private, no-cache");
    expect(settleDocumentCaching(request(), 200, new Headers())).toBe(false);
  });

  it("compares If-None-Match weakly, in a list, and with *", () => {
    expect(matchesEtag('"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('W/"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('"x", "abc"', '"abc"')).toBe(true);
    expect(matchesEtag("*", '"abc"')).toBe(true);
    expect(matchesEtag('"abd"', '"abc"')).toBe(false);
    expect(matchesEtag(null, '"abc"')).toBe(false);
  });
});
