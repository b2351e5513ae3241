import { getOptionalUser } from "~/auth/guards.server";
import { signedCookie } from "~/services/cookies.server";

// The result pages show an order only to the one who made it (issue 4): the browser that booked
// it, remembered here in a signed cookie of order numbers, or the signed-in owner of the order.
// A guest has no account to sign in with yet, so the cookie is what lets their own browser see
// the order after the payment round trip, while a guessed order number shows nothing.

const COOKIE_NAME = "__bookings";
const MAX_REMEMBERED = 20;
const MAX_AGE_SECONDS = 60 * 60 * 24 * 30;

const bookingsCookie = signedCookie(COOKIE_NAME, MAX_AGE_SECONDS);

/** Order numbers this browser has booked (newest first); [] without a valid cookie. */
export async function rememberedOrderNumbers(request: Request): Promise<string[]> {
  const value: unknown = await bookingsCookie().parse(request.headers.get("Cookie"));
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

/** The Set-Cookie header that adds `orderNumber` to this browser's bookings. */
export async function rememberOrder(request: Request, orderNumber: string): Promise<string> {
  const previous = await rememberedOrderNumbers(request);
  const next = [orderNumber, ...previous.filter((number) => number !== orderNumber)].slice(0, MAX_REMEMBERED);
  return bookingsCookie().serialize(next);
}

/** May this request see the order? Its own browser, or the signed-in customer it belongs to. */
export async function canViewOrder(
  request: Request,
  order: { orderNumber: string; customerProfileId: string },
): Promise<boolean> {
  if ((await rememberedOrderNumbers(request)).includes(order.orderNumber)) return true;
  const user = await getOptionalUser(request);
  return user !== null && user.id === order.customerProfileId;
}
