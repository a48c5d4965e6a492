import { Writable } from "node:stream";
import { createLogger } from "../../bff/platform/logger.server";

/** A logger that keeps its JSON lines in memory, so a test can read what was logged. */
export function memoryLogger(level = "debug") {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger({ level, destination }), lines };
}
