import { describe, expect, it } from "vitest";
import { isCrossSite, isCrossSiteRequest } from "~/services/csrf.server";

// Cross-site form posts are refused (Origin / Sec-Fetch-Site), GETs and header-less clients pass.

function post(headers: Record<string, string>, url = "https://arkikaveri.fi/auth?index") {
  return new Request(url, { method: "POST", headers: { Host: "arkikaveri.fi", ...headers } });
}

describe("isCrossSiteRequest", () => {
  it("refuses a POST a browser marks as cross-site", () => {
    expect(isCrossSiteRequest(post({ "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" }))).toBe(true);
  });

  it.each(["same-origin", "same-site", "none"])("allows a POST with Sec-Fetch-Site %s", (site) => {
    expect(isCrossSiteRequest(post({ "Sec-Fetch-Site": site }))).toBe(false);
  });

  it("falls back to Origin for browsers without Sec-Fetch-Site", () => {
    expect(isCrossSiteRequest(post({ Origin: "https://evil.example" }))).toBe(true);
    expect(isCrossSiteRequest(post({ Origin: "https://arkikaveri.fi" }))).toBe(false);
    expect(isCrossSiteRequest(post({ Origin: "null" }))).toBe(true);
    expect(isCrossSiteRequest(post({ Origin: "not a url" }))).toBe(true);
  });

  it("takes Origin 'null' from a no-referrer page only when the browser says it is the same origin", () => {
    expect(isCrossSiteRequest(post({ Origin: "null", "Sec-Fetch-Site": "same-origin" }))).toBe(false);
    expect(isCrossSiteRequest(post({ Origin: "null", "Sec-Fetch-Site": "same-site" }))).toBe(true);
    expect(isCrossSiteRequest(post({ Origin: "null", "Sec-Fetch-Site": "cross-site" }))).toBe(true);
  });

  it("takes Origin 'null' from an older browser (no Sec-Fetch-Site) only on a manage page's own secret address", () => {
    const token = "a".repeat(43);
    expect(isCrossSiteRequest(post({ Origin: "null" }, `https://arkikaveri.fi/hallitse/${token}`))).toBe(false);
    expect(isCrossSiteRequest(post({ Origin: "null" }, `https://arkikaveri.fi/hallitse/${token}/kalenteri`))).toBe(false);
    expect(isCrossSiteRequest(post({ Origin: "null" }, "https://arkikaveri.fi/hallitse/short"))).toBe(true);
    expect(isCrossSiteRequest(post({ Origin: "null" }, `https://arkikaveri.fi/portal/orders/${token}`))).toBe(true);
    expect(isCrossSiteRequest(post({ Origin: "null", "Sec-Fetch-Site": "cross-site" }, `https://arkikaveri.fi/hallitse/${token}`))).toBe(true);
  });

  it("compares the port too", () => {
    const request = new Request("http://localhost:3210/auth", { method: "POST", headers: { Host: "localhost:3210", Origin: "http://localhost:3000" } });
    expect(isCrossSiteRequest(request)).toBe(true);
  });

  it("accepts the forwarded host behind a proxy", () => {
    expect(isCrossSiteRequest(post({ Host: "app:3000", "X-Forwarded-Host": "arkikaveri.fi", Origin: "https://arkikaveri.fi" }))).toBe(false);
  });

  it("refuses a same-site request whose Origin is another host (a sibling subdomain), as Remix would with a 500", () => {
    expect(isCrossSiteRequest(post({ "Sec-Fetch-Site": "same-site", Origin: "https://kampanja.arkikaveri.fi" }))).toBe(true);
    expect(isCrossSiteRequest(post({ "Sec-Fetch-Site": "same-origin", Origin: "https://arkikaveri.fi" }))).toBe(false);
    expect(isCrossSiteRequest(post({ Host: "app:3000", "X-Forwarded-Host": "arkikaveri.fi", Origin: "http://app:3000" }))).toBe(true);
  });

  it("allows requests with neither header (curl, webhooks, tests)", () => {
    expect(isCrossSiteRequest(post({}))).toBe(false);
  });

  it("never blocks reading methods", () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) {
      expect(isCrossSite({ method, secFetchSite: "cross-site", origin: "https://evil.example", host: "arkikaveri.fi" })).toBe(false);
    }
  });

  it("checks every other method", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      expect(isCrossSite({ method, secFetchSite: "cross-site", origin: null, host: "arkikaveri.fi" })).toBe(true);
    }
  });
});
