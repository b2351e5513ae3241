import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "~/auth/access";

// The sign-in page's redirectTo (issue 12 finding 3): only paths that a browser resolves to this
// site are followed; everything else is refused rather than "cleaned".

describe("safeRedirectPath", () => {
  it.each([
    ["/portal", "/portal"],
    ["/portal/orders?sivu=2#lista", "/portal/orders?sivu=2#lista"],
    ["/backoffice/../portal", "/portal"],
    ["/varaa?palvelu=siivous", "/varaa?palvelu=siivous"],
  ])("follows %s to %s", (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });

  it.each([
    "//evil.example",
    "https://evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/\u0000/evil.example",
    "/\u007f/evil.example",
    "/\\evil.example",
    "/\\/evil.example",
    "/.//evil.example",
    "/auth",
    "/auth?redirectTo=/portal",
    "portal",
    "",
    "/" + "a".repeat(3000),
  ])("refuses %j", (value) => {
    expect(safeRedirectPath(value)).toBeNull();
  });

  it("refuses what is not a string", () => {
    expect(safeRedirectPath(null)).toBeNull();
    expect(safeRedirectPath(["/portal"])).toBeNull();
  });

  it("whatever it returns, a browser resolves to this site", () => {
    const base = "https://arkikaveri.fi";
    for (const value of ["/portal", "/a/../b", "/%2F%2Fevil.example", "/%09/evil.example"]) {
      const path = safeRedirectPath(value);
      if (path !== null) expect(new URL(path, base).origin).toBe(base);
    }
  });
});
