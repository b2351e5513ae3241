// Every action the audit log records (DESIGN.md decision 19). writeAudit and writeSystemAudit take
// only these, and the back office's AUDIT_ACTION_LABELS must name each one (tests/unit/audit-actions.test.ts),
// so the log never shows a raw code.

export const AUDIT_ACTIONS = [
  "caregiver.approve",
  "caregiver.reject",
  "caregiver.suspend",
  "caregiver.reinstate",
  "caregiver.verification",
  "caregiver.data_export",
  "order.status",
  "order.assign",
  "order.cancel",
  "order.reschedule",
  "order.manage_link_reissue",
  "order.caregiver_accept",
  "order.caregiver_reject",
  "order.caregiver_start",
  "order.caregiver_complete",
  "order.auto_complete",
  "customer.freeze",
  "customer.unfreeze",
  "customer.data_export",
  "payment.captured_after_cancel",
  "payout.paid",
  "invoice.paid",
  "invoice.payment",
  "invoice.reminder",
  "discount_code.create",
  "discount_code.toggle",
  "discount_code.delete",
  "settings.price_bands",
  "settings.contact",
  "settings.staff_alerts",
  "settings.company",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
