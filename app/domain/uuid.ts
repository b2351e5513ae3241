// Ids in addresses and forms are checked before they reach a query: PostgreSQL would answer a
// malformed uuid with an error (a 500), where "not found" or "bad form" is the truth.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}
