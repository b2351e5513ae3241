import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The layer and cycle rules of eslint.config.js are what keep app/ from growing import circles
// (docs/decisions/0010-layers-and-lint.md). These plant a violation in a real file's place and
// expect the rule to catch it, so a config change that quietly disables a rule fails here.

const eslint = new ESLint();

async function ruleIdsFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

describe("lint rules that keep the layers", () => {
  it("refuses an import circle among the services", { timeout: 60_000 }, async () => {
    // email.server → job-handlers → housekeeping → helper registration → auth → email.server
    const ids = await ruleIdsFor(
      "app/services/email.server.ts",
      `import { jobHandlers } from "./job-handlers.server";\nexport const planted = jobHandlers;\n`,
    );
    expect(ids).toContain("import-x/no-cycle");
  });

  it.each([
    ["app/domain/planted.ts", `import { getDb } from "~/db.server";\nexport const planted = getDb;\n`],
    ["app/domain/planted.ts", `import type { Job } from "~/models/jobs.server";\nexport type Planted = Job;\n`],
    ["app/schemas/planted.ts", `import { env } from "~/env.server";\nexport const planted = env;\n`],
    ["app/models/planted.server.ts", `import { sendEmail } from "~/services/email.server";\nexport const planted = sendEmail;\n`],
    ["app/services/planted.server.ts", `import { placeOrder } from "~/booking/place-order.server";\nexport const planted = placeOrder;\n`],
    ["app/components/planted.tsx", `import type { Toast } from "~/services/flash.server";\nexport type Planted = Toast;\n`],
    ["app/components/planted.tsx", `import { getDb } from "~/db.server";\nexport const planted = getDb;\n`],
  ])("refuses an import against the layers in %s", { timeout: 60_000 }, async (filePath, code) => {
    expect(await ruleIdsFor(filePath, code)).toContain("import-x/no-restricted-paths");
  });

  it("accepts what the layers allow", { timeout: 60_000 }, async () => {
    const ids = await ruleIdsFor(
      "app/components/planted.tsx",
      `import type { Toast } from "~/domain/toast";\nimport { formatEuros } from "~/domain/format";\nexport const planted = (toast: Toast) => toast.title + formatEuros(100);\n`,
    );
    expect(ids).toEqual([]);
  });
});
