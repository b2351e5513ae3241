import { type Infer, z } from "./zod";
import { MESSAGE_MAX_LENGTH } from "~/domain/order-messages";
import { orderMessageTexts as m } from "~/messages/order-messages";
import { freeText } from "./fields";

// A message in an order's thread (DESIGN.md decision 21), written in the portal or the back office.
export const MessageSchema = z.object({
  message: freeText({ missing: m.missing, min: 1, max: MESSAGE_MAX_LENGTH, tooLong: m.tooLong }),
});
export type MessageValues = Infer<typeof MessageSchema>;
