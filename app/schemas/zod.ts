import {
  array,
  boolean,
  config,
  email,
  enum as enumOf,
  literal,
  NEVER,
  number,
  object,
  string,
  unknown,
  type infer as ZodInfer,
  type ZodType,
} from "zod";
import type { getZodConstraint } from "@conform-to/zod/v4";
import { fieldMessages } from "~/messages/fields";

// The one place the schemas get Zod from.
//
// Only the builders the schemas use are imported by name: `import { z } from "zod"` is a namespace
// that also reaches every locale and the JSON-schema code, and the browser bundler (esbuild) keeps
// all of it (≈ 300 KB). Named imports let it drop what no schema calls.
//
// Zod's own messages are English; every field says what is wrong in its own words, and anything a
// form did not foresee (a list where text belongs, a missing object) gets this Finnish fallback.
//
// In the browser Zod runs without its JIT (jitless): otherwise it probes `new Function` once,
// which the strict CSP (no 'unsafe-eval') refuses and reports as a violation (Lighthouse's best
// practices count it). The server keeps the JIT.
config({ customError: () => fieldMessages.checkField, jitless: typeof document !== "undefined" });

export const z = { array, boolean, email, enum: enumOf, literal, NEVER, number, object, string, unknown };

/**
 * A form's `required`, length and pattern attributes, worked out from its schema on the server and
 * sent to the page by its loader (decision 0013).
 */
export type FieldConstraints = ReturnType<typeof getZodConstraint>;

/** What a schema gives when it accepts its input (`z.infer` of Zod). */
export type Infer<T extends ZodType> = ZodInfer<T>;
