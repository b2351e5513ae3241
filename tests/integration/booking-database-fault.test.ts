import { beforeAll, describe, expect, it, vi } from "vitest";
import type * as PlaceOrderModule from "~/booking/place-order.server";
import { logger } from "~/logger.server";
import { ORDER_FAILED_MESSAGES } from "~/messages/booking";
import { action as contactAction } from "~/routes/varaa.yhteystiedot";
import { answerOf } from "./support/auth";
import { CONTEXT, dateInDays, draftQuery, ordersOf, postUrl, seedBookingFixtures, validContact, type BookingFixtures } from "./support/booking";

// Issue 30: a booking whose database did not answer (no free connection in time, a connection
// that died) is a 503 to try again, with the form and everything typed kept, and a log line that
// names the fault in a few hundred bytes rather than the driver's client.

const fault = vi.hoisted(() => ({ on: false }));
vi.mock("~/booking/place-order.server", async (importOriginal) => {
  const original = await importOriginal<typeof PlaceOrderModule>();
  return {
    ...original,
    placeOrder: (...args: Parameters<typeof original.placeOrder>) => {
      if (!fault.on) return original.placeOrder(...args);
      // What pg-pool throws when no connection frees up within DB_CONNECT_TIMEOUT_MS, with a
      // client-sized payload a careless log line would serialise.
      return Promise.reject(Object.assign(new Error("timeout exceeded when trying to connect"), { client: { internals: "x".repeat(6000) } }));
    },
  };
});

let f: BookingFixtures;

beforeAll(async () => {
  f = await seedBookingFixtures();
});

describe("a booking when the database does not answer", () => {
  it("answers 503 with Retry-After and the form kept, and logs the fault briefly", async () => {
    const query = draftQuery({ date: dateInDays(11), time: "10:00", duration: 2, service: f.serviceId, caregiver: "ei-valia" });
    const contact = validContact();
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    const error = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    fault.on = true;
    try {
      const answer = await answerOf(() => contactAction({ request: postUrl("/varaa/yhteystiedot", query, contact), params: {}, context: CONTEXT }));
      expect(answer.status).toBe(503);
      expect(answer.headers.get("Retry-After")).toBe("5");
      expect(answer.data.result.error[""]).toEqual([ORDER_FAILED_MESSAGES.invoice]);
      expect(answer.data.result.initialValue).toMatchObject({ email: contact.email });
      const line = warn.mock.calls.find((call) => String(call[1]).startsWith("placing a booking failed"));
      expect(line?.[0]).toEqual({ db: { message: "timeout exceeded when trying to connect" } });
      expect(JSON.stringify(line?.[0]).length).toBeLessThan(400);
      expect(error).not.toHaveBeenCalled();
    } finally {
      fault.on = false;
      warn.mockRestore();
      error.mockRestore();
    }
    expect(await ordersOf(contact.email!)).toHaveLength(0);
  });
});
