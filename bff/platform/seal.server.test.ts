import { describe, expect, it } from "vitest";
import { createSealer } from "./seal.server";

const OLD = "old-secret-0123456789-0123456789-0123456789";
const NEW = "new-secret-0123456789-0123456789-0123456789";

describe("cookie sealing (AES-256-GCM)", () => {
  it("opens what it sealed", () => {
    const sealer = createSealer([NEW]);
    expect(sealer.open(sealer.seal('{"token":"abc"}', "rp_session"), "rp_session")).toBe('{"token":"abc"}');
  });

  it("seals the same data differently each time (fresh nonce)", () => {
    const sealer = createSealer([NEW]);
    expect(sealer.seal("same", "c")).not.toBe(sealer.seal("same", "c"));
  });

  it("rejects a value with one flipped byte", () => {
    const sealer = createSealer([NEW]);
    const sealed = sealer.seal("secret token", "c");
    const [keyId, body] = sealed.split(".");
    const bytes = Buffer.from(body, "base64url");
    bytes[bytes.length - 20] ^= 0x01;
    expect(sealer.open(`${keyId}.${bytes.toString("base64url")}`, "c")).toBeNull();
  });

  it("opens a value sealed with the previous key after rotation, and seals with the newest", () => {
    const before = createSealer([OLD]).seal("payload", "c");
    const rotated = createSealer([NEW, OLD]);
    expect(rotated.open(before, "c")).toBe("payload");
    expect(createSealer([OLD]).open(rotated.seal("payload", "c"), "c")).toBeNull();
  });

  it("refuses a value whose key id is unknown", () => {
    const sealed = createSealer([OLD]).seal("payload", "c");
    expect(createSealer([NEW]).open(sealed, "c")).toBeNull();
  });

  it("binds the value to its cookie: a sealed session cannot pose as a reward token", () => {
    const sealer = createSealer([NEW]);
    expect(sealer.open(sealer.seal("payload", "rp_session"), "rp_reward")).toBeNull();
  });

  it("rejects garbage without throwing", () => {
    const sealer = createSealer([NEW]);
    for (const value of ["", "x", "abc.def", "a.b.c", `${sealer.seal("p", "c")}.extra`]) {
      expect(sealer.open(value, "c")).toBeNull();
    }
  });
});
