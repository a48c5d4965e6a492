// Lint: JavaScript's and typescript-eslint's recommended rules, the rules of hooks, accessibility
// in JSX, and one import order (simple-import-sort: it has no native resolver, whose platform
// packages this registry lacks); formatting is Prettier's alone (eslint-config-prettier turns off
// the rules it owns).
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import simpleImportSort from "eslint-plugin-simple-import-sort";
import globals from "globals";
import tseslint from "typescript-eslint";

/** The product never depends on the demo: the server loads the simulators only where DEMO=1 asks (a dynamic import). */
const NOT_THE_DEMO = { group: ["**/simulators/**"], message: "The simulators are the demo, not the product." };

export default tseslint.config(
  { ignores: ["build/", "public/build/", "test-results/", "playwright-report/", "tests/bench/peer/build/", "tests/bench/peer/public/"] },
  js.configs.recommended,
  tseslint.configs.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    // Typed rules where a forgotten `await` would pass unseen: an access check or a write not awaited fails lint.
    files: ["**/*.{ts,tsx}"],
    ignores: ["tests/bench/peer/**"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { "@typescript-eslint/no-floating-promises": "error", "@typescript-eslint/no-misused-promises": "error" },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks, "simple-import-sort": simpleImportSort },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      // One block: node's modules, packages, then #bff/ and ~/, then relative paths; each sorted.
      "simple-import-sort/imports": ["error", { groups: [["^\\u0000", "^node:", "^@?\\w", "^#bff/", "^~/", "^\\."]] }],
      "simple-import-sort/exports": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
    },
  },
  {
    // bff/ returns outcomes; the routes decide where the browser goes (app/access/). And it never depends on the demo.
    files: ["bff/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@remix-run/node",
              importNames: ["redirect", "redirectDocument", "replace"],
              message: "bff/ knows no app URLs: return an outcome.",
            },
          ],
          patterns: [NOT_THE_DEMO],
        },
      ],
    },
  },
  {
    // The server takes bff/'s instance and classes from the build (server/portal-build.ts), so that bff/ is loaded once.
    // check-backend runs without the build: it loads bff/ itself, once.
    files: ["server/**/*.ts"],
    ignores: ["**/*.test.ts", "server/check-backend.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/bff/core/services.server", "**/bff/core/errors"], allowTypeImports: true, message: "Use the build's bff/." },
          ],
        },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    ignores: ["**/*.test.{ts,tsx}", "app/components/portal-form.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          // Remix's Form without the honeypot and the form token: PortalForm wraps it, for posts and searches alike.
          paths: [{ name: "@remix-run/react", importNames: ["Form"], message: "Use PortalForm (app/components/portal-form.tsx)." }],
          patterns: [NOT_THE_DEMO],
        },
      ],
    },
  },
  {
    files: ["app/components/portal-form.tsx"],
    rules: { "no-restricted-imports": ["error", { patterns: [NOT_THE_DEMO] }] },
  },
  prettier,
);
