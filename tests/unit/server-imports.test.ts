import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// Remix drops a route's `loader`, `action` and `headers` from the browser bundle, and with them
// every `.server` module: in the browser such a module's exports are undefined. A page component
// that uses one renders the right HTML on the server and something else after a client-side
// navigation (the helper registration's photo field once became `name="undefined"` that way).
// This test follows, with the type checker, every value a route's browser code reaches and fails
// when one of them comes from a `.server` module.

const ROUTES_DIR = path.resolve(__dirname, "../../app/routes");
const SERVER_ONLY_EXPORTS = new Set(["loader", "action", "headers"]);
// Each file on its own: an imported name resolves to its import, which is all this test asks.
const FILE_ONLY: ts.CompilerOptions = { noResolve: true, noLib: true, types: [], jsx: ts.JsxEmit.ReactJSX, noEmit: true };

function isServerModule(specifier: string): boolean {
  return /\.server(\/|$)/.test(specifier) || specifier.endsWith(".server");
}

function inTypePosition(node: ts.Node): boolean {
  for (let current: ts.Node | undefined = node; current; current = current.parent) {
    if (ts.isTypeNode(current) || ts.isTypeAliasDeclaration(current) || ts.isInterfaceDeclaration(current)) return true;
    if (ts.isStatement(current)) return false;
  }
  return false;
}

function isExported(node: ts.Node): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
}

/** The import a symbol comes from, when it is a value import of a `.server` module. */
function serverImportOf(symbol: ts.Symbol | undefined): string | null {
  for (const declaration of symbol?.declarations ?? []) {
    if (!(ts.isImportSpecifier(declaration) || ts.isImportClause(declaration) || ts.isNamespaceImport(declaration))) continue;
    if (ts.isImportSpecifier(declaration) && declaration.isTypeOnly) continue;
    let importDeclaration: ts.Node = declaration;
    while (!ts.isImportDeclaration(importDeclaration)) importDeclaration = importDeclaration.parent;
    if (importDeclaration.importClause?.isTypeOnly) continue;
    const specifier = (importDeclaration.moduleSpecifier as ts.StringLiteral).text;
    if (isServerModule(specifier)) return specifier;
  }
  return null;
}

function browserUsesOfServerImports(program: ts.Program, file: string): string[] {
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file)!;
  const topLevel = new Set<ts.Node>(source.statements);
  const roots: ts.Node[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) || ts.isTypeAliasDeclaration(statement) || ts.isInterfaceDeclaration(statement)) continue;
    if (ts.isFunctionDeclaration(statement) && statement.name && !isExported(statement)) continue;
    if (ts.isVariableStatement(statement) && !isExported(statement)) continue;
    if (ts.isFunctionDeclaration(statement) && statement.name && SERVER_ONLY_EXPORTS.has(statement.name.text)) continue;
    if (
      ts.isVariableStatement(statement) &&
      statement.declarationList.declarations.every((d) => ts.isIdentifier(d.name) && SERVER_ONLY_EXPORTS.has(d.name.text))
    ) {
      continue;
    }
    roots.push(statement);
  }

  const found: string[] = [];
  const visited = new Set<ts.Node>();
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) && !inTypePosition(node)) {
      const symbol = checker.getSymbolAtLocation(node);
      const specifier = serverImportOf(symbol);
      if (specifier) found.push(`${node.text} from ${specifier} (line ${source.getLineAndCharacterOfPosition(node.getStart()).line + 1})`);
      // A top-level helper of this file that browser code calls is browser code too.
      // (Only a declaration of the file's own top level: a property named alike inside the
      // loader's returned object does not make the loader browser code.)
      for (const declaration of symbol?.declarations ?? []) {
        const statement = ts.isVariableDeclaration(declaration) ? declaration.parent.parent : declaration;
        if (topLevel.has(statement) && !visited.has(statement) && !ts.isImportDeclaration(statement)) {
          visited.add(statement);
          visit(statement);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  for (const root of roots) {
    visited.add(root);
    visit(root);
  }
  return found;
}

describe("route modules", () => {
  it("use nothing from a .server module in code that runs in the browser", () => {
    const files = fs
      .readdirSync(ROUTES_DIR)
      .filter((name) => /\.tsx?$/.test(name))
      .map((name) => path.join(ROUTES_DIR, name));
    const program = ts.createProgram(files, FILE_ONLY);

    const problems = files.flatMap((file) => browserUsesOfServerImports(program, file).map((use) => `${path.basename(file)}: ${use}`));
    expect(problems).toEqual([]);
  }, 60_000);

  it("catches a page that renders a constant taken from a .server module", () => {
    const dir = fs.mkdtempSync(path.join(ROUTES_DIR, "..", "..", "tests", "unit", "tmp-"));
    try {
      fs.writeFileSync(path.join(dir, "paths.server.ts"), 'export const FIELD = "photo";\n');
      const route = path.join(dir, "page.tsx");
      fs.writeFileSync(
        route,
        [
          'import { FIELD } from "./paths.server";',
          "export function loader() { return { field: FIELD }; }",
          "function Field() { return <input name={FIELD} />; }",
          "export default function Page() { return <Field />; }",
        ].join("\n"),
      );
      const program = ts.createProgram([route], FILE_ONLY);
      expect(browserUsesOfServerImports(program, route)).toEqual(["FIELD from ./paths.server (line 3)"]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
