import { defineConfig } from "vitest/config";
import { pathAliases } from "./path-aliases";

export default defineConfig({
  resolve: { alias: pathAliases },
  test: {
    include: ["{app,bff,server,simulators}/**/*.test.{ts,tsx}", "tests/{contract,routes}/**/*.test.ts", "tests/bench/**/*.test.ts"],
    setupFiles: ["tests/support/fail-on-console-error.ts"],
    testTimeout: 15_000,
    pool: "forks",
  },
});
