// Addresses of the portal pages that other pages, e-mails and notifications link to, so a link
// and its page cannot drift apart.

export const CAREGIVER_TASKS_PATH = "/portal/caregiver-bookings";
export const EARNINGS_PATH = "/portal/earnings";
/** A helper's weekly plan and exceptions (issue 27). */
export const AVAILABILITY_PATH = "/portal/saatavuus";
export const NOTIFICATIONS_PATH = "/portal/notifications";
export const CUSTOMER_ORDERS_PATH = "/portal/orders";
/** A customer's household-deduction statements, "Verotiedot" (decision 0028). */
export const VEROTIEDOT_PATH = "/portal/verotiedot";

/** The statement PDF of a year: a POST, since handing it out records its version. */
export function statementPdfPath(year: number): string {
  return `${VEROTIEDOT_PATH}/${year}/pdf`;
}

/** A customer's order page. */
export function orderPath(orderNumber: string): string {
  return `${CUSTOMER_ORDERS_PATH}/${encodeURIComponent(orderNumber)}`;
}

/** Where the customer rates a completed visit. */
export function reviewPath(orderNumber: string): string {
  return `${orderPath(orderNumber)}/arvio`;
}

/** The order in the back office (for staff's notifications). */
export function backofficeOrderPath(orderNumber: string): string {
  return `/backoffice/orders/${encodeURIComponent(orderNumber)}`;
}
