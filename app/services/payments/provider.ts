// What a payment provider is (DESIGN.md decision 11). Everything outside this folder talks to this
// interface (which one is active: active-provider.server.ts), so the embedded `local` provider and
// the Stripe provider are interchangeable: a provider only talks to the outside world, and every outcome it reports goes
// through the one event handler in events.server.ts.

export interface CheckoutRequest {
  orderId: string;
  orderNumber: string;
  amountCents: number;
  customerEmail: string;
  description: string;
  /**
   * The first visit of a series paid online: the card is saved for charging the later visits
   * off-session (Stripe: `setup_future_usage: 'off_session'`, a customer always created).
   */
  saveCard?: boolean;
}

/** The provider's customer and saved payment method, for charging later visits of a series. */
export interface SavedCard {
  customerRef: string;
  paymentMethodRef: string;
}

export interface SavedCardCharge {
  customerRef: string;
  paymentMethodRef: string;
  amountCents: number;
  /** One per order payment: a repeated charge (two workers, a retry after a crash) charges once. */
  idempotencyKey: string;
  description: string;
  orderId: string;
}

export type SavedCardChargeResult =
  | { status: "succeeded"; providerRef: string }
  | { status: "failed"; reason: string };

export interface CheckoutSession {
  /** Where to send the customer: absolute for a hosted checkout, a path for the local one. */
  checkoutUrl: string;
  /** The provider's id for the checkout; stored on the payment row and named by every event. */
  providerRef: string;
}

/**
 * Where a hosted checkout stands, as the provider itself sees it (never as the browser claims):
 * - open: the customer may still pay;
 * - paid: the money is in;
 * - processing: the customer finished, an asynchronous method (Klarna) has not settled yet;
 * - failed: the customer finished, but the asynchronous payment was declined;
 * - expired: it can no longer be paid.
 */
export type CheckoutState = "open" | "paid" | "processing" | "failed" | "expired";

export interface CheckoutStatus {
  providerRef: string;
  state: CheckoutState;
  /** The method used, when the provider tells it. */
  method?: "card" | "mobilepay" | "klarna";
  /** Where the customer can still pay an open checkout. */
  checkoutUrl?: string;
  /** The card saved by a paid checkout that was asked to save it. */
  savedCard?: SavedCard;
}

export interface PaymentProvider {
  readonly name: "local" | "stripe";
  /** A network call for real providers: NEVER call it inside a database transaction. */
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /**
   * Returns the money of a captured payment. Must be idempotent per `paymentId` (Stripe: an
   * idempotency key derived from it), so that two racing refund attempts refund once.
   */
  refund(payment: {
    providerRef: string;
    amountCents: number;
    paymentId: string;
    /** A refund of its own on the same payment (a rescheduled visit's difference): its own idempotency key. */
    idempotencyKey?: string;
  }): Promise<void>;
  /**
   * Asks the provider how a checkout stands. Only providers whose checkout lives elsewhere have
   * it (Stripe); the local provider's checkout state is our own database. Network call.
   */
  retrieveCheckout?(providerRef: string): Promise<CheckoutStatus>;
  /**
   * Closes an open checkout so it can no longer be paid, and answers how it stands afterwards
   * (a checkout that was paid or had expired meanwhile is reported as such, not as an error).
   */
  expireCheckout?(providerRef: string): Promise<CheckoutStatus>;
  /**
   * Charges a saved card without the customer present (a later visit of a series, 24 h before it).
   * A decline is an answer ('failed'), not an error; a network failure throws. `providerRef` of a
   * success names the charge for refunds. Network call: NEVER inside a database transaction.
   * Both real providers have it; optional only so that a test's stand-in provider may leave it out.
   */
  chargeSaved?(charge: SavedCardCharge): Promise<SavedCardChargeResult>;
}
