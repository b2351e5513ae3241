// Texts of the local test checkout page /maksu/testi/<ref> (DESIGN.md decision 11). Small on
// purpose: the page ships it to the browser.

export const ONLINE_PAYMENT_METHOD_TEXTS = {
  card: "Kortti",
  mobilepay: "MobilePay",
  klarna: "Klarna",
} as const;

export const localCheckoutMessages = {
  methodMissing: "Valitse maksutapa",
} as const;
