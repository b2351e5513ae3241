import { describe, expect, it } from "vitest";
import { FORM_BODY_LIMIT_BYTES, UPLOAD_BODY_LIMIT_BYTES, refuseRequest } from "~/services/request-limits.server";

// Requests refused before their body is read (issue 12 findings 5 and 9).

const post = (path: string, contentType: string | null, length: number | null, extra: Partial<Parameters<typeof refuseRequest>[0]> = {}) =>
  refuseRequest({ method: "POST", path, contentType, contentLength: length === null ? null : String(length), chunked: false, ...extra });

describe("refuseRequest", () => {
  it("lets ordinary form posts and page loads through", () => {
    expect(post("/varaus/yhteystiedot", "application/x-www-form-urlencoded", 2_000)).toBeNull();
    expect(post("/rekisteroidy-kaveriksi", "multipart/form-data", 5_500_000)).toBeNull();
    // A form with no fields: the browser still names its encoding.
    expect(post("/auth/kirjaudu-ulos", "application/x-www-form-urlencoded", 0)).toBeNull();
    expect(refuseRequest({ method: "GET", path: "/", contentType: null, contentLength: null, chunked: false })).toBeNull();
    expect(post("/api/stripe/webhook", "application/json", 40_000)).toBeNull();
  });

  it("answers 413 in Finnish to a body over the limit of its kind", () => {
    expect(post("/varaus/yhteystiedot", "application/x-www-form-urlencoded", FORM_BODY_LIMIT_BYTES + 1)).toMatchObject({
      status: 413,
      title: "Lähetetyt tiedot olivat liian suuret",
    });
    expect(post("/varaus/yhteystiedot", "multipart/form-data", 50 * 1024 * 1024)?.status).toBe(413);
    expect(post("/rekisteroidy-kaveriksi", "multipart/form-data", UPLOAD_BODY_LIMIT_BYTES + 1)?.text).toContain("enintään 5 Mt");
    expect(post("/api/stripe/webhook", "application/json", 5 * 1024 * 1024)?.status).toBe(413);
  });

  it("refuses a body of unknown length, other methods and non-form encodings on pages", () => {
    expect(post("/auth", "application/x-www-form-urlencoded", null, { chunked: true })?.status).toBe(411);
    for (const method of ["PUT", "DELETE", "PATCH", "TRACE"]) {
      expect(refuseRequest({ method, path: "/auth", contentType: null, contentLength: null, chunked: false })?.status).toBe(405);
    }
    expect(post("/auth", "application/json", 20)?.status).toBe(415);
    expect(post("/auth", "text/plain", 20)?.status).toBe(415);
  });

  it("refuses empty and untyped posts, whose reading made every action answer 500 (issue 31)", () => {
    expect(post("/auth", null, 0)).toMatchObject({ status: 400, title: "Lomakkeen tiedot puuttuvat" });
    expect(post("/auth/kirjaudu-ulos", null, null)?.status).toBe(400);
    expect(post("/backoffice/orders", null, 12)?.status).toBe(415);
    expect(post("/auth", "text/plain", 0)?.status).toBe(415);
    expect(post("/varaa.data", "application/json", 0)?.status).toBe(415);
    expect(post("/rekisteroidy-kaveriksi", "multipart/form-data", 0, { multipartBoundary: false })?.status).toBe(400);
    expect(post("/rekisteroidy-kaveriksi", "multipart/form-data", 200, { multipartBoundary: true })).toBeNull();
    expect(post("/api/stripe/webhook", null, 0)).toBeNull();
  });

  it("takes multipart only where a file is uploaded (a malformed one elsewhere made the action's parser throw)", () => {
    expect(post("/auth", "multipart/form-data", 200)?.status).toBe(415);
    expect(post("/varaus/yhteystiedot", "multipart/form-data", 200)?.status).toBe(415);
    expect(post("/rekisteroidy-kaveriksi", "multipart/form-data", 200)).toBeNull();
    // A helper replaces their photo on the profile page (issue 10).
    expect(post("/portal/profile", "multipart/form-data", 5_500_000)).toBeNull();
    expect(post("/portal/profile.data", "multipart/form-data", UPLOAD_BODY_LIMIT_BYTES + 1)?.status).toBe(413);
    expect(post("/portal/orders/ORD-1", "multipart/form-data", 200)?.status).toBe(415);
  });

  it("treats a page's single-fetch address (what Remix posts to with JavaScript) as the page", () => {
    expect(post("/rekisteroidy-kaveriksi.data", "multipart/form-data", 5_500_000)).toBeNull();
    expect(post("/rekisteroidy-kaveriksi.data", "multipart/form-data", UPLOAD_BODY_LIMIT_BYTES + 1)?.status).toBe(413);
    expect(post("/auth.data", "multipart/form-data", 200)?.status).toBe(415);
    expect(post("/varaus/yhteystiedot.data", "application/x-www-form-urlencoded", FORM_BODY_LIMIT_BYTES + 1)?.status).toBe(413);
  });
});
