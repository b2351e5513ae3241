import { describe, expect, it } from "vitest";
import { redactUrl } from "~/logger.server";

// The single-use tokens of e-mail links never reach the logs (request lines, Referer, errors).

describe("redactUrl", () => {
  it("hides the token of a confirmation link given as a path", () => {
    expect(redactUrl("/auth/vahvista?token=abc123")).toBe("/auth/vahvista?token=%5Bredacted%5D");
  });

  it("hides the token of an absolute reset link and keeps the other parameters", () => {
    const redacted = redactUrl("https://arkikaveri.fi/auth/uusi-salasana?token=secret&x=1");
    expect(redacted).toBe("https://arkikaveri.fi/auth/uusi-salasana?token=%5Bredacted%5D&x=1");
    expect(redacted).not.toContain("secret");
  });

  it("leaves a URL without secrets exactly as it was", () => {
    expect(redactUrl("/varaa?pvm=2026-12-05&klo=14")).toBe("/varaa?pvm=2026-12-05&klo=14");
    expect(redactUrl("/healthz")).toBe("/healthz");
    expect(redactUrl(undefined)).toBeUndefined();
  });
});
