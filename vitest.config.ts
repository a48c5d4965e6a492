import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { pathAliases } from "./path-aliases";
import { SUITE_REPORTS } from "./tests/suite/reports";

export default defineConfig({
  resolve: { alias: pathAliases },
  test: {
    include: ["{app,bff,server,simulators}/**/*.test.{ts,tsx}", "tests/{contract,routes,deploy}/**/*.test.ts", "tests/bench/**/*.test.ts"],
    setupFiles: ["tests/support/fail-on-console-error.ts"],
    testTimeout: 15_000,
    pool: "forks",
    // One more than the cores (vitest's default is one fewer): many files wait on sockets and child
    // processes (the simulators, check-backend, Redis), and a core left idle meanwhile is time lost.
    maxWorkers: availableParallelism() + 1,
    reporters: ["default", "json"],
    outputFile: { json: `${SUITE_REPORTS}/vitest.json` },
  },
});
