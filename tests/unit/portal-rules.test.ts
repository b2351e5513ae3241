import { describe, expect, it } from "vitest";
import { canWriteToThread, messageRecipients } from "~/domain/order-messages";
import { ORDER_STATUSES, canCustomerCancel, customerOrderStage } from "~/domain/order-status";
import { CUSTOMER_ORDER_STAGE_LABELS } from "~/messages/statuses";
import { eurosToCents } from "~/schemas/fields";
import { CaregiverProfileSchema, ProfileSchema } from "~/schemas/profile";

// The portal's pure rules (issue 10): where an order stands in the customer's words, when the
// customer may cancel it themselves, who is e-mailed about a message, and the profile forms' rules.

describe("the customer's status words", () => {
  it("says a pending order waits for the helper until the helper accepts it", () => {
    const words = (status: (typeof ORDER_STATUSES)[number], accepted = false) => CUSTOMER_ORDER_STAGE_LABELS[customerOrderStage({ status, accepted })];
    expect(words("pending")).toBe("Odottaa kaverin vahvistusta");
    expect(words("pending", true)).toBe("Vahvistettu");
    expect(words("pending_payment")).toBe("Odottaa maksua");
    expect(words("in_progress", true)).toBe("Käynnissä");
    expect(words("completed", true)).toBe("Valmis");
    expect(words("cancelled", true)).toBe("Peruutettu");
  });
});

describe("a customer's own cancellation", () => {
  const startsAt = new Date("2027-03-10T10:00:00Z");
  it("is open for an upcoming order that waits for payment or the visit", () => {
    const before = new Date(startsAt.getTime() - 60_000);
    expect(canCustomerCancel({ status: "pending", startsAt }, before)).toBe(true);
    expect(canCustomerCancel({ status: "pending_payment", startsAt }, before)).toBe(true);
  });
  it("is closed once the visit has started, and for an order under way, done or cancelled", () => {
    expect(canCustomerCancel({ status: "pending", startsAt }, startsAt)).toBe(false);
    const before = new Date(startsAt.getTime() - 60_000);
    for (const status of ["in_progress", "completed", "cancelled"] as const) expect(canCustomerCancel({ status, startsAt }, before)).toBe(false);
  });
});

describe("messages", () => {
  it("e-mails the other party: staff write to both, nobody hears of a customer's message while no helper is named", () => {
    expect(messageRecipients("customer", true)).toEqual(["caregiver"]);
    expect(messageRecipients("customer", false)).toEqual([]);
    expect(messageRecipients("caregiver", true)).toEqual(["customer"]);
    expect(messageRecipients("staff", true)).toEqual(["customer", "caregiver"]);
    expect(messageRecipients("staff", false)).toEqual(["customer"]);
  });
  it("closes a cancelled order's thread for writing", () => {
    expect(ORDER_STATUSES.filter(canWriteToThread)).toEqual(["pending", "pending_payment", "in_progress", "completed"]);
  });
});

describe("profile forms (spec 001 §5)", () => {
  const errors = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues.map((issue) => issue.message) ?? [];

  it("takes a name of 2–100 letters and an optional Finnish phone number, with the spec's messages", () => {
    expect(ProfileSchema.safeParse({ fullName: "Helmi Äijälä-O'Neil" }).success).toBe(true);
    expect(errors(ProfileSchema.safeParse({ fullName: "H" }))).toEqual(["Nimi liian lyhyt"]);
    expect(errors(ProfileSchema.safeParse({ fullName: "H".repeat(101) }))).toEqual(["Nimi liian pitkä"]);
    expect(errors(ProfileSchema.safeParse({ fullName: "Helmi 2" }))).toEqual(["Nimi sisältää epäkelpoja merkkejä"]);
    expect(ProfileSchema.parse({ fullName: "Helmi", phone: "040 123 4567" }).phone).toBe("0401234567");
    expect(errors(ProfileSchema.safeParse({ fullName: "Helmi", phone: "12345" }))).toEqual([
      "Virheellinen puhelinnumero (esim. +358401234567 tai 0401234567)",
    ]);
  });

  it("takes a helper's bio up to 2000 characters and asks no hourly rate (the price list sets the price)", () => {
    const base = { bio: "Autan mielelläni asioinnissa.", services: ["errands"], languages: ["suomi"] };
    expect(CaregiverProfileSchema.parse({ ...base, hourlyRate: "25,50", serviceCities: ["Espoo", "Espoo"] })).toEqual({
      ...base,
      serviceCities: ["Espoo"],
    });
    const withoutCities = CaregiverProfileSchema.parse(base);
    expect(withoutCities.serviceCities).toEqual([]);
    expect(errors(CaregiverProfileSchema.safeParse({ ...base, bio: "x".repeat(2001) }))).toEqual(["Esittely liian pitkä (max 2000 merkkiä)"]);
    expect(errors(CaregiverProfileSchema.safeParse({ ...base, services: [] }))).toEqual(["Valitse vähintään yksi palvelu"]);
    expect(errors(CaregiverProfileSchema.safeParse({ ...base, languages: [] }))).toEqual(["Valitse vähintään yksi kieli"]);
    expect(errors(CaregiverProfileSchema.safeParse({ ...base, serviceCities: ["Muu"] }))).toEqual(["Valitse kaupungit listasta"]);
  });

  it("reads euros with a comma or a point", () => {
    expect([eurosToCents("40"), eurosToCents("40,5"), eurosToCents("40.50"), eurosToCents("4O")]).toEqual([4000, 4050, 4050, null]);
  });
});
