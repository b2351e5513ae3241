import { type Infer, z } from "./zod";
import { isIsoDate } from "~/domain/booking-window";
import { isValidBusinessId, isValidFinnishIban, normalizeIban } from "~/domain/business-identifiers";
import { priceBandCoverage } from "~/domain/pricing";
import { settingsMessages as m } from "~/messages/settings";
import { emailField, eurosToCents, phoneAsWritten, postalCodeField, textField } from "./fields";

// The platform settings an admin edits (price bands, contact details shown on the landing page,
// company details printed on invoices). The settings model parses stored values with these too,
// so what is saved and what is read follow the same rules.

// ---------------------------------------------------------------- price bands

const hour = z.number({ error: m.bandHour }).int({ error: m.bandHour }).min(0, { error: m.bandHour }).max(23, { error: m.bandHour });

const PriceBandSchema = z
  .object({
    id: z.enum(["day", "evening", "night"], { error: m.bandTwice }),
    fromHour: hour,
    toHour: hour,
    hourlyCents: z.number({ error: m.bandPrice }).int({ error: m.bandPrice }).min(100, { error: m.bandPrice }).max(100_000, { error: m.bandPrice }),
  })
  .refine((band) => band.fromHour <= band.toHour, {
    message: m.bandOrder,
    path: ["toHour"],
  });

export const PriceBandsSchema = z
  .array(PriceBandSchema, { error: m.hoursWithoutPrice([]) })
  .min(1, { error: m.hoursWithoutPrice([]) })
  .max(3, { error: m.bandTwice })
  .superRefine((bands, ctx) => {
    const ids = bands.map((band) => band.id);
    if (new Set(ids).size !== ids.length) {
      ctx.addIssue({ code: "custom", message: m.bandTwice });
    }
    const { uncovered, overlapping } = priceBandCoverage(bands);
    if (uncovered.length) {
      ctx.addIssue({ code: "custom", message: m.hoursWithoutPrice(uncovered) });
    }
    if (overlapping.length) {
      ctx.addIssue({
        code: "custom",
        message: m.hoursWithTwoPrices(overlapping),
      });
    }
  });

// ---------------------------------------------------------------- contact and company

/** The demo company's prepayment register check (a day early in the year the demo data runs in). */
export const DEMO_PREPAYMENT_REGISTER_CHECKED_ON = "2026-01-05";

export const ContactInfoSchema = z.object({
  email: emailField(),
  /** Shown to people as written, e.g. "+358 40 123 4567". */
  phone: phoneAsWritten(),
});

export const CompanyInfoSchema = z.object({
  name: textField(m.companyName).min(2, { error: m.companyName }).max(200, { error: m.companyName }),
  businessId: textField(m.businessId).refine(isValidBusinessId, { error: m.businessId }),
  address: textField(m.address).min(2, { error: m.address }).max(200, { error: m.address }),
  postalCode: postalCodeField(),
  city: textField(m.city).min(2, { error: m.city }).max(100, { error: m.city }),
  iban: textField(m.iban)
    .transform(normalizeIban)
    .refine(isValidFinnishIban, { error: m.iban }),
  bic: textField(m.bic)
    .toUpperCase()
    .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, { error: m.bic }),
  /**
   * The day the company's entry in the prepayment register (ennakkoperintärekisteri) was last
   * checked, printed on the household-deduction statement (decision 0028). Company rows saved
   * before it existed read the demo day.
   */
  prepaymentRegisterCheckedOn: textField(m.prepaymentRegisterCheckedOn)
    .refine((value) => isIsoDate(value), { error: m.prepaymentRegisterCheckedOn })
    .default(DEMO_PREPAYMENT_REGISTER_CHECKED_ON),
});

/** The support address that hears what needs staff (issue 26 item 6). */
export const StaffAlertsSchema = z.object({
  email: emailField(),
});

/** The least time between two visits of one helper (issue 27; docs/decisions/0035), as stored. */
export const TravelTimeSchema = z.object({
  minutes: z.number({ error: m.travelMinutes }).int({ error: m.travelMinutes }).min(0, { error: m.travelMinutes }).max(180, { error: m.travelMinutes }).multipleOf(5, { error: m.travelMinutes }),
});

/** The same as the settings page posts it (a number typed as text). */
export const TravelTimeFormSchema = z.object({
  minutes: z
    .string({ error: m.travelMinutes })
    .trim()
    .regex(/^\d{1,3}$/, { error: m.travelMinutes })
    .transform(Number)
    .refine((value) => value <= 180 && value % 5 === 0, { error: m.travelMinutes }),
});

export type ContactInfo = Infer<typeof ContactInfoSchema>;
export type TravelTime = Infer<typeof TravelTimeSchema>;
export type StaffAlerts = Infer<typeof StaffAlertsSchema>;
export type CompanyInfo = Infer<typeof CompanyInfoSchema>;

// ---------------------------------------------------------------- the admin's form of the price bands

const BAND_IDS = ["day", "evening", "night"] as const;

export { eurosToCents };

/**
 * The price bands as the settings page posts them: `bands[i].fromHour`, `.toHour` and
 * `.hourlyEuros` (euros with a decimal comma). The result goes through PriceBandsSchema, which
 * checks that the bands cover every hour once.
 */
export const PriceBandsFormSchema = z.object({
  bands: z
    .array(
      z.object({
        id: z.enum(BAND_IDS, { error: m.bandTwice }),
        fromHour: hour,
        toHour: hour,
        hourlyEuros: z
          .string({ error: m.bandPrice })
          .refine((value) => {
            const cents = eurosToCents(value);
            return cents !== null && cents >= 100 && cents <= 100_000;
          }, { error: m.bandPrice }),
      }),
    )
    .min(1, { error: m.hoursWithoutPrice([]) })
    .max(3, { error: m.bandTwice }),
});
