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
});

test("a sign-in redirect to another site by a control character ends on this site", async ({ page, baseURL }) => {
  await page.goto(`/auth?redirectTo=${encodeURIComponent("/\t/evil.example")}`);
  await page.getByRole("main").getByLabel("Sähköposti").fill("admin@arkikaveri.test");
  await page.getByRole("main").getByLabel("Salasana").fill("Arkikaveri2026");
  await page.getByRole("main").getByRole("button", { name: "Kirjaudu", exact: true }).click();
  await expect(page).toHaveURL(/\/backoffice$/);
  expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
});
