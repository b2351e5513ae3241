import { describe, expect, it } from "vitest";
import { nextSteps } from "~/messages/next-steps";

// What the result page and the e-mail say happens next: real deadlines from the order.

const contact = { phone: "09 123 4567", email: "asiakaspalvelu@arkikaveri.fi" };
const now = new Date("2026-11-25T08:00:00Z"); // Wednesday 10.00 in Helsinki

describe("next steps after a booking", () => {
  it("names the chosen helper and the customer as the one contacted", () => {
    const steps = nextSteps(
      { startsAt: new Date("2026-11-27T10:00:00Z"), caregiverName: "Matti Korhonen", bookingFor: "self", recipientName: null, orderNumber: "ORD-100001", reader: "account" },
      contact,
      now,
    );
    expect(steps.helper).toBe("Kaverisi on Matti Korhonen.");
    expect(steps.contact).toBe("Kaveri on yhteydessä sinuun ennen käyntiä ja sopii yksityiskohdista.");
    expect(steps.cancellation).toBe(
      "Voit perua varauksen maksutta viimeistään torstai 26.11.2026 klo 12.00 (24 tuntia ennen käynnin alkua). Myöhemmin peruutetusta varauksesta veloitamme yhden tunnin hinnan.",
    );
    expect(steps.howToCancel).toContain("09 123 4567");
    expect(steps.howToCancel).toContain("ORD-100001");
    expect(steps.howToCancel).toContain("omalla sivullasi");
  });

  it("tells a guest, who has no page of her own, to manage the visit from the e-mail's link (issue 28)", () => {
    const steps = nextSteps(
      { startsAt: new Date("2026-11-27T10:00:00Z"), caregiverName: null, bookingFor: "self", recipientName: null, orderNumber: "ORD-100004", reader: "guest" },
      contact,
      now,
    );
    expect(steps.howToCancel).toContain("Hallitse varausta -linkistä");
    expect(steps.howToCancel).not.toContain("omalla sivullasi");
  });

  it("for 'Ei väliä' says by when the helper is named: a day before the visit, not 'in a few days'", () => {
    const steps = nextSteps(
      { startsAt: new Date("2026-11-27T10:00:00Z"), caregiverName: null, bookingFor: "other", recipientName: "Eino Laaksonen", orderNumber: "ORD-100002", reader: "guest" },
      contact,
      now,
    );
    expect(steps.helper).toBe("Valitsemme sinulle sopivan kaverin ja kerromme hänen nimensä sähköpostitse viimeistään torstai 26.11.2026 klo 12.00.");
    expect(steps.contact).toBe("Kaveri on yhteydessä palvelun saajaan (Eino Laaksonen) ennen käyntiä ja sopii yksityiskohdista.");
    expect(Object.values(steps).join(" ")).not.toMatch(/muutaman päivän/);
  });

  it("for a visit within a day says the helper comes as soon as possible and a cancellation costs an hour", () => {
    const steps = nextSteps(
      { startsAt: new Date("2026-11-25T18:00:00Z"), caregiverName: null, bookingFor: "self", recipientName: null, orderNumber: "ORD-100003", reader: "guest" },
      contact,
      now,
    );
    expect(steps.helper).toBe("Valitsemme sinulle sopivan kaverin ja kerromme hänen nimensä sähköpostitse mahdollisimman pian.");
    expect(steps.cancellation).toBe("Käyntiin on alle 24 tuntia: jos perut sen, veloitamme yhden tunnin hinnan.");
  });
});
