import { z } from "zod";
import { fieldMessages } from "~/messages/fields";

// The one place the schemas get Zod from. Zod's own messages are English; every field says what is
// wrong in its own words, and anything a form did not foresee (a list where text belongs, a
// missing object) gets this Finnish fallback instead of Zod's default.
z.config({ customError: () => fieldMessages.checkField });

export { z };
