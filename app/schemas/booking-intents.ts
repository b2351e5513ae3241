// The values of the booking forms' submit buttons. Apart from the schemas, so that the pages can
// name them without bringing Zod into the browser (decision 0013).
export const BOOKING_INTENT = { book: "book", checkDiscount: "check-discount", retryPayment: "retry-payment" } as const;
