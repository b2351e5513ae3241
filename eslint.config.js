// ESLint (flat config): correctness, hooks and accessibility rules, and the layer rules of
// docs/decisions/0010-layers-and-lint.md as errors, so that an import against the layers or an
// import circle fails `npm test` instead of being copied.
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Every `.server` module, wherever it lives (app/db.server.ts, app/models/x.server.ts…). */
const SERVER_MODULES = "./app/**/*.server.{ts,tsx}";

/**
 * Who may not import whom. `target` is the importing folder, `from` what it may not import.
 * Type-only imports count too: a shared type belongs where both sides may import it (the domain).
 */
const layerZones = [
  {
    target: "./app/domain",
    from: "./app",
    except: ["./domain"],
    message: "The domain is pure: it imports nothing of the app but the domain.",
  },
  {
    target: "./app/messages",
    from: "./app",
    except: ["./domain", "./messages"],
    message: "Message modules hold texts: they import only the domain (for types and formatting).",
  },
  {
    target: "./app/schemas",
    from: SERVER_MODULES,
    message: "Schemas run in the browser too: no server modules.",
  },
  {
    target: "./app/models",
    from: ["./app/services", "./app/booking", "./app/routes", "./app/caregiver-registration"],
    message: "Models hold SQL only: no services, booking engine or routes.",
  },
  {
    target: "./app/services",
    from: ["./app/routes", "./app/booking", "./app/caregiver-registration"],
    message: "Services are called by routes, never the other way round.",
  },
  {
    target: "./app/components",
    from: ["./app/models", "./app/services"],
    message: "Components run in the browser: no models or services (move shared types to the domain).",
  },
  {
    target: "./app/components",
    from: SERVER_MODULES,
    message: "Components run in the browser: no server modules (move shared types to the domain).",
  },
];

export default tseslint.config(
  { ignores: ["build/**", "public/build/**", "node_modules/**", "data/**", "test-results/**", "playwright-report/**", "bench/results/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: "latest",
      sourceType: "module",
      globals: { ...globals.browser, ...globals.node },
    },
    settings: {
      // Parse dependencies as TypeScript too, or no-cycle cannot follow them and finds nothing.
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver": undefined,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    plugins: { "import-x": importX },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": ["error", { zones: layerZones }],
      "no-console": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // One file per icon (remix.env.d.ts says why); the index is fine for types.
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "lucide-react",
              allowTypeImports: true,
              message: 'Import each icon from its own file: import Sun from "lucide-react/dist/esm/icons/sun.js".',
            },
          ],
        },
      ],
    },
  },
  {
    // Scripts and tests print to the terminal on purpose.
    files: ["scripts/**", "tests/**", "bench/**"],
    rules: { "no-console": "off" },
  },
  {
    // Tests call loaders and actions with hand-made arguments and read untyped answers.
    files: ["tests/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // Migrations are frozen in time: they see the database as it was, untyped (Kysely<any>).
    files: ["migrations/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
