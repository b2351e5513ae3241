import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { AUDIT_ACTIONS } from "~/domain/audit-actions";
import { AUDIT_FIELD_WORDS } from "~/messages/audit-entries";
import { AUDIT_ACTION_LABELS } from "~/messages/backoffice";

// The audit log never shows a raw code (issue 25 item 7): every action that app/ writes through
// writeAudit or writeSystemAudit has a label, and every field written in a literal before/after
// has words. The type of AuditEntry.action keeps the list complete for the compiler; this test
// reads the calls themselves, so a new call site is checked even where the type is widened.

const APP_DIR = path.resolve(__dirname, "../../app");
const AUDIT_WRITERS = new Set(["writeAudit", "writeSystemAudit"]);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

interface AuditCall {
  where: string;
  /** Literal actions, or a pattern for a template such as `settings.${key}`. */
  actions: Array<string | RegExp>;
  fields: string[];
}

function literalsOf(node: ts.Expression): Array<string | RegExp> {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isConditionalExpression(node)) return [...literalsOf(node.whenTrue), ...literalsOf(node.whenFalse)];
  if (ts.isParenthesizedExpression(node)) return literalsOf(node.expression);
  if (ts.isTemplateExpression(node)) {
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const parts = [escape(node.head.text), ...node.templateSpans.map((span) => `[a-z_]+${escape(span.literal.text)}`)];
    return [new RegExp(`^${parts.join("")}$`)];
  }
  throw new Error(`an audit action that this test cannot read: ${node.getText()}`);
}

function fieldsOf(node: ts.Expression | undefined): string[] {
  if (!node || !ts.isObjectLiteralExpression(node)) return [];
  return node.properties.flatMap((property) => (property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) ? [property.name.text] : []));
}

function auditCalls(): AuditCall[] {
  const calls: AuditCall[] = [];
  for (const file of sourceFiles(APP_DIR)) {
    const text = fs.readFileSync(file, "utf8");
    if (!/write(System)?Audit\(/.test(text)) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && AUDIT_WRITERS.has(node.expression.text)) {
        const entry = node.arguments[node.arguments.length - 1];
        const where = `${path.relative(APP_DIR, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
        if (!entry || !ts.isObjectLiteralExpression(entry)) throw new Error(`${where}: the audit entry is not written in place`);
        const property = (name: string) => {
          const found = entry.properties.find((p) => p.name && ts.isIdentifier(p.name) && p.name.text === name);
          return found && ts.isPropertyAssignment(found) ? found.initializer : undefined;
        };
        const action = property("action");
        if (!action) throw new Error(`${where}: no action`);
        calls.push({ where, actions: literalsOf(action), fields: [...fieldsOf(property("before")), ...fieldsOf(property("after"))] });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return calls;
}

describe("audit log labels", () => {
  const calls = auditCalls();

  it("finds the audit writes of app/", () => {
    expect(calls.length).toBeGreaterThan(10);
    expect(calls.flatMap((call) => call.actions)).toContain("order.auto_complete");
  });

  it("every action written has a Finnish label", () => {
    const known: readonly string[] = AUDIT_ACTIONS;
    for (const call of calls) {
      for (const action of call.actions) {
        if (typeof action === "string") expect(known, `${call.where}: ${action}`).toContain(action);
        else expect(known.filter((candidate) => action.test(candidate)).length, `${call.where}: ${action}`).toBeGreaterThan(0);
      }
    }
    const labels: Record<string, string> = AUDIT_ACTION_LABELS;
    for (const action of AUDIT_ACTIONS) {
      expect(labels[action], action).toBeTruthy();
      expect(labels[action], action).not.toBe(action);
    }
    expect(labels["order.auto_complete"]).toBeTruthy();
    expect(labels["settings.staff_alerts"]).toBeTruthy();
  });

  it("every field written in a literal before/after has words (ids excepted: the log shows names beside them)", () => {
    // Keys that are Finnish words already (the reschedule line writes "Aika", "Kaveri", …) are shown as they are.
    const isCode = (name: string) => !/Id$/.test(name) && /^[a-z]/.test(name);
    for (const call of calls) {
      for (const field of call.fields.filter(isCode)) expect(AUDIT_FIELD_WORDS[field], `${call.where}: ${field}`).toBeTruthy();
    }
  });
});
