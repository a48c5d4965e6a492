import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "#bff": fileURLToPath(new URL("./bff", import.meta.url)),
    },
  },
  test: {
    include: ["{app,bff,server}/**/*.test.ts", "tests/contract/**/*.test.ts"],
    setupFiles: ["tests/support/fail-on-console-error.ts"],
    testTimeout: 15_000,
    pool: "forks",
  },
});
