// Lint: JavaScript's and typescript-eslint's recommended rules, the rules of hooks, accessibility
// in JSX, and one import order (simple-import-sort: it has no native resolver, whose platform
// packages this registry lacks); formatting is Prettier's alone (eslint-config-prettier turns off
// the rules it owns).
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import simpleImportSort from "eslint-plugin-simple-import-sort";
import globals from "globals";
import tseslint from "typescript-eslint";

/** The product never depends on the demo: the server loads the simulators only where DEMO=1 asks (a dynamic import). */
const NOT_THE_DEMO = { group: ["**/simulators/**"], message: "The simulators are the demo, not the product." };

/**
 * bff/'s folders, from the ground up (CONTRIBUTING.md, "Where code goes"): the runtime's own pieces, the legacy
 * client and its reader, cookies, shared state, tenants, then the backend's resources (each its reply shapes and
 * typed calls), the BFF's assembly and a request's context, the tenant's cached reads, and the flows of each user.
 * A folder imports only the folders before it.
 */
const BFF_LAYERS = [
  "platform",
  "pictures",
  "legacy",
  "session",
  "state",
  "tenant",
  "reward",
  "catalogue",
  "recipient",
  "recommendation",
  "account",
  "agency",
  "content",
  "portal",
  "tenant-reads",
  "for-recipients",
  "for-recommenders",
  "for-agencies",
];

const unlayered = readdirSync(new URL("./bff", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !BFF_LAYERS.includes(entry.name))
  .map((entry) => entry.name);
if (unlayered.length > 0) throw new Error(`bff/ folders not in BFF_LAYERS (eslint.config.js): ${unlayered.join(", ")}`);

/** bff/ returns outcomes; the routes decide where the browser goes (app/access/). */
const NO_APP_URLS = {
  name: "@remix-run/node",
  importNames: ["redirect", "redirectDocument", "replace"],
  message: "bff/ knows no app URLs: return an outcome.",
};

function bffLayerRules(layer, index) {
  const later = BFF_LAYERS.slice(index + 1);
  const upward =
    later.length > 0
      ? [
          {
            group: later.flatMap((other) => [`../${other}/*`, `#bff/${other}/*`]),
            message: `bff/${layer}/ imports only the folders before it (eslint.config.js, BFF_LAYERS).`,
          },
        ]
      : [];
  return {
    files: [`bff/${layer}/**/*.ts`],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { paths: [NO_APP_URLS], patterns: [NOT_THE_DEMO, ...upward] }] },
  };
}

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
    // bff/ never depends on the demo, and knows no app URLs; each of its folders imports only the folders before it.
    files: ["bff/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { paths: [NO_APP_URLS], patterns: [NOT_THE_DEMO] }] },
  },
  ...BFF_LAYERS.map(bffLayerRules),
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
            { group: ["**/bff/portal/services.server", "**/bff/legacy/errors"], allowTypeImports: true, message: "Use the build's bff/." },
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
