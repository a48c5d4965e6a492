import { Readable } from "node:stream";
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { BodyTooLargeError, decodedBody, readDecodedBody, UndecodableBodyError } from "./bounded-body.server";

const json = '{"Name":"Prämie"}';
const LIMIT = 64 * 1024;

describe("a body's Content-Encoding", () => {
  it.each([
    ["no coding", Buffer.from(json), undefined],
    ["identity", Buffer.from(json), "identity"],
    ["gzip", gzipSync(json), "gzip"],
    ["gzip in capitals", gzipSync(json), "GZIP"],
    ["deflate", deflateSync(json), "deflate"],
    ["raw deflate under deflate's name", deflateRawSync(json), "deflate"],
    ["br", brotliCompressSync(json), "br"],
    ["two codings, last applied first undone", brotliCompressSync(gzipSync(json)), "gzip, br"],
  ])("is undone for %s", async (_name, body, encoding) => {
    expect((await decodedBody(body, encoding, LIMIT)).toString()).toBe(json);
  });

  it("is refused where the body is not what it declares, or the coding is unknown", async () => {
    await expect(decodedBody(Buffer.from(json), "gzip", LIMIT)).rejects.toThrow(UndecodableBodyError);
    await expect(decodedBody(Buffer.from(json), "compress", LIMIT)).rejects.toThrow(/unknown content encoding compress/);
  });
});

describe("the limit", () => {
  it("counts what is decoded: a small gzip that inflates past it is refused, naming both sizes", async () => {
    const bomb = gzipSync(Buffer.alloc(50 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(LIMIT);
    const refusal = await decodedBody(bomb, "gzip", LIMIT).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(BodyTooLargeError);
    expect(refusal).toMatchObject({ wireBytes: bomb.length, limit: LIMIT });
    // Stopped at the limit, not after inflating all 50 MB.
    expect((refusal as BodyTooLargeError).decodedBytes).toBeGreaterThan(LIMIT);
    expect((refusal as BodyTooLargeError).decodedBytes).toBeLessThan(LIMIT + 1024 * 1024);
  });

  it("counts the wire too, and stops reading a stream past it", async () => {
    let pulled = 0;
    const endless = new Readable({
      read() {
        pulled += 16 * 1024;
        this.push(Buffer.alloc(16 * 1024));
      },
    });
    await expect(readDecodedBody(endless, undefined, LIMIT)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(pulled).toBeLessThan(LIMIT * 4);
    expect(endless.destroyed).toBe(true);
  });

  it("lets a body of exactly the limit through, decoded or not", async () => {
    const full = Buffer.alloc(LIMIT, 0x61);
    expect((await readDecodedBody(Readable.from([full]), undefined, LIMIT)).length).toBe(LIMIT);
    expect((await decodedBody(gzipSync(full), "gzip", LIMIT)).length).toBe(LIMIT);
  });
});
