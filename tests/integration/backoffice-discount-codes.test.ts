import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db.server";
import { helsinkiToday } from "~/domain/booking-window";
import { previewDiscount } from "~/models/discount-codes.server";
import { action as codesAction, loader as codesLoader } from "~/routes/backoffice.discount-codes";
import { answerOf, contextFor, createTestUser, getRequest, postRequest, sessionCookieFor } from "./support/auth";
import { auditRows } from "./support/backoffice";

// Discount codes in the back office (spec 001 §4, §5 "Discount code creation", §8; issue 14):
// every creation rule with its message, a created code that a customer can use, switching on and
// off, deleting (a used code is switched off instead), each write audited; admins only.

const cookies = { admin: "", moderator: "" };
beforeAll(async () => {
  cookies.admin = await sessionCookieFor(await createTestUser({ email: "admin-koodit@example.fi", role: "admin" }));
  cookies.moderator = await sessionCookieFor(await createTestUser({ email: "mod-koodit@example.fi", role: "moderator" }));
});

const post = (fields: Record<string, string>, who: keyof typeof cookies = "admin") =>
  answerOf(() => codesAction({ request: postRequest("/backoffice/discount-codes", fields, cookies[who]), params: {}, context: contextFor() }));
const load = (query = "", who: keyof typeof cookies = "admin") =>
  answerOf(() => codesLoader({ request: getRequest(`/backoffice/discount-codes${query}`, cookies[who]), params: {}, context: contextFor() }));

const today = () => helsinkiToday(new Date());
const valid = (overrides: Record<string, string> = {}) => ({
  intent: "create",
  code: "syksy25",
  type: "percentage",
  value: "10",
  validFrom: today(),
  validUntil: "2099-12-31",
  isActive: "on",
  ...overrides,
});

async function codeRow(code: string) {
  const db = await getDb();
  return db.selectFrom("discount_codes").selectAll().where("code", "=", code).executeTakeFirst();
}

describe("creating a discount code", () => {
  it.each([
    [{ code: "ab" }, "code", "Koodi liian lyhyt"],
    [{ code: "A".repeat(21) }, "code", "Koodi liian pitkä"],
    [{ code: "ALE-10" }, "code", "Vain isoja kirjaimia ja numeroita"],
    [{ value: "" }, "value", "Arvo on pakollinen"],
    [{ value: "0" }, "value", "Arvo on pakollinen"],
    [{ value: "150" }, "value", "Prosentti voi olla enintään 100"],
    [{ usageLimit: "1,5" }, "usageLimit", "Rajan on oltava positiivinen kokonaisluku"],
    [{ validFrom: "" }, "validFrom", "Valitse alkamispäivä"],
    [{ validUntil: "2000-01-01" }, "validUntil", "Päättymispäivä ei voi olla ennen alkamispäivää"],
  ])("refuses %j with the Finnish message", async (overrides, field, message) => {
    const answer = await post(valid(overrides));
    expect(answer.status).toBe(400);
    expect(answer.data.error[field]).toEqual([message]);
  });

  it("upper-cases the code, stores it, refuses it twice, and a customer can use it", async () => {
    const created = await post(valid({ code: "kevat30", value: "12,5", maxDiscount: "20", usageLimit: "5" }));
    expect(created.status).toBe(302);
    const row = await codeRow("KEVAT30");
    expect(row).toMatchObject({ type: "percentage", percent_bp: 1250, max_discount_cents: 2000, usage_limit: 5, is_active: true });
    expect((await auditRows("discount_code", row!.id)).map((r) => r.action)).toEqual(["discount_code.create"]);

    const again = await post(valid({ code: "KEVAT30" }));
    expect(again.status).toBe(409);
    expect(again.data.error.code).toEqual(["Koodi on jo käytössä"]);

    const preview = await previewDiscount(await getDb(), { code: "kevat30", orderCents: 8000, today: today(), email: null });
    expect(preview).toMatchObject({ ok: true, discountCents: 1000 });
  });

  it("a fixed amount ignores the cap that only a percentage has", async () => {
    await post(valid({ code: "VIITONEN", type: "fixed_amount", value: "5", maxDiscount: "3" }));
    expect(await codeRow("VIITONEN")).toMatchObject({ amount_cents: 500, percent_bp: null, max_discount_cents: null });
  });
});

describe("the list and its actions", () => {
  it("switches a code off and on, deletes an unused one and only switches off a used one", async () => {
    await post(valid({ code: "POISTO1" }));
    await post(valid({ code: "KAYTETTY1" }));
    const unused = (await codeRow("POISTO1"))!;
    const used = (await codeRow("KAYTETTY1"))!;
    // As if a customer had redeemed it once.
    const db = await getDb();
    await db.updateTable("discount_codes").set({ usage_count: 1 }).where("id", "=", used.id).execute();

    await post({ intent: "toggle", id: unused.id, isActive: "false" });
    expect((await codeRow("POISTO1"))?.is_active).toBe(false);
    const page = await load("?haku=poisto1");
    expect(page.data.codes).toEqual([expect.objectContaining({ code: "POISTO1", status: "inactive" })]);
    await post({ intent: "toggle", id: unused.id, isActive: "true" });
    expect((await codeRow("POISTO1"))?.is_active).toBe(true);

    const confirm = await load(`?poista=${used.id}`);
    expect(confirm.data.toDelete).toMatchObject({ code: "KAYTETTY1", used: true });
    await post({ intent: "delete", id: used.id });
    expect(await codeRow("KAYTETTY1")).toMatchObject({ is_active: false });
    await post({ intent: "delete", id: unused.id });
    expect(await codeRow("POISTO1")).toBeUndefined();
    expect((await auditRows("discount_code", unused.id)).map((r) => r.action)).toEqual(["discount_code.create", "discount_code.toggle", "discount_code.toggle", "discount_code.delete"]);
  });

  it("says when there are no codes matching the search, and is for admins only", async () => {
    const none = await load("?haku=eiolemitaan");
    expect(none.data).toMatchObject({ codes: [], search: "eiolemitaan" });
    expect((await load("", "moderator")).status).toBe(403);
    expect((await post(valid({ code: "MODERAATTORI" }), "moderator")).status).toBe(403);
    expect(await codeRow("MODERAATTORI")).toBeUndefined();
  });
});
