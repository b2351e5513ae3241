import { expect, test } from "./support/test";

// What the security review tried against the running server (issue 12), repeated against the
// real Express stack: body limits, methods and encodings, and the sign-in redirect.

test.describe("requests refused before the app reads them", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server behaviour: once is enough");

  test("an oversized form post gets a Finnish 413 page, odd methods 405, JSON 415", async ({ request }) => {
    const big = await request.post("/varaus/yhteystiedot", {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      data: `description=${"a".repeat(300 * 1024)}`,
    });
    expect(big.status()).toBe(413);
    expect(await big.text()).toContain("Lomakkeen tiedot olivat liian pitkät");

    const put = await request.put("/auth", { data: "x" });
    expect(put.status()).toBe(405);
    const json = await request.post("/auth", { headers: { "Content-Type": "application/json" }, data: { email: "a@b.fi" } });
    expect(json.status()).toBe(415);
  });

  test("every public form refuses wrong encodings and garbage with a 4xx, never a 500", async ({ request }) => {
    const forms = ["/?index", "/auth?index", "/auth/unohtunut-salasana", "/auth/uusi-salasana", "/auth/vahvista", "/varaus/yhteystiedot", "/varaa/yhteystiedot", "/varaus/vahvista", "/rekisteroidy-kaveriksi"];
    for (const path of forms) {
      const plain = await request.post(path, { headers: { "Content-Type": "text/plain" }, data: "email=a@b.fi" });
      expect(plain.status(), `${path} text/plain`).toBe(415);
      const broken = await request.post(path, { headers: { "Content-Type": "multipart/form-data; boundary=raja" }, data: "--raja\r\nroskaa" });
      expect(broken.status(), `${path} broken multipart`).toBeGreaterThanOrEqual(400);
      expect(broken.status(), `${path} broken multipart`).toBeLessThan(500);
      const nul = await request.post(path, { form: { email: "a\u0000@b.fi", name: "\u0000", intent: "signin", password: "\u0000" } });
      expect(nul.status(), `${path} NUL`).toBeLessThan(500);
    }
  });

  test("the sixth wrong password for one account from one client gets 429 with Retry-After on the page", async ({ request }) => {
    const form = { intent: "signin", email: "ei-ketaan@arkikaveri.test", password: "Vaarin12345" };
    for (let attempt = 1; attempt <= 5; attempt++) expect((await request.post("/auth?index", { form })).status()).toBe(401);
    const blocked = await request.post("/auth?index", { form });
    expect(blocked.status()).toBe(429);
    expect(Number(blocked.headers()["retry-after"])).toBeGreaterThan(14 * 60);
    expect(await blocked.text()).toContain("Liian monta kirjautumisyritystä");
  });

  test("a post from a sibling site (same-site, another Origin) gets 403, not Remix's 500", async ({ request, baseURL }) => {
    const answer = await request.post("/auth?index", {
      headers: { "Sec-Fetch-Site": "same-site", Origin: "http://kampanja.localhost" },
      form: { intent: "signin", email: "admin@arkikaveri.test", password: "x" },
    });
    expect(answer.status()).toBe(403);
    const own = await request.post("/auth?index", {
      headers: { "Sec-Fetch-Site": "same-origin", Origin: new URL(baseURL!).origin },
      form: { intent: "signin", email: "admin@arkikaveri.test", password: "vaara-salasana" },
    });
    expect(own.status()).toBe(401);
  });
});

test("a sign-in redirect to another site by a control character ends on this site", async ({ page, baseURL }) => {
  await page.goto(`/auth?redirectTo=${encodeURIComponent("/\t/evil.example")}`);
  await page.getByRole("main").getByLabel("Sähköposti").fill("admin@arkikaveri.test");
  await page.getByRole("main").getByLabel("Salasana").fill("Arkikaveri2026");
  await page.getByRole("main").getByRole("button", { name: "Kirjaudu", exact: true }).click();
  await expect(page).toHaveURL(/\/backoffice$/);
  expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
});
