import { describe, expect, it } from "vitest";
import { randomBytes } from "./random-bytes.server";

describe("random bytes from the pool", () => {
  it("hand out bytes of the size asked for, never the same twice, across many refills of the pool", () => {
    const seen = new Set<string>();
    for (let call = 0; call < 2000; call++) {
      const size = [12, 16, 32][call % 3];
      const bytes = randomBytes(size);
      expect(bytes).toHaveLength(size);
      seen.add(bytes.toString("hex"));
    }
    expect(seen.size).toBe(2000);
  });

  it("give each caller a copy of its own, which later refills of the pool leave as it was", () => {
    const kept = randomBytes(32);
    const written = kept.toString("hex");
    for (let call = 0; call < 400; call++) randomBytes(32);
    expect(kept.toString("hex")).toBe(written);
  });

  it("refuse more than the pool holds", () => {
    expect(() => randomBytes(4097)).toThrow(RangeError);
  });
});
