// React 18's Node renderer fills 2048-byte views; where a multi-byte character does not fit into the
// end of one, it sent the whole view, unused zero bytes included (patches/react-dom+18.3.1.patch).
import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";

function rendered(element: React.ReactElement) {
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks));
        done();
      },
    });
    const { pipe } = renderToPipeableStream(element, { onAllReady: () => pipe(sink), onError: reject });
  });
}

describe("the server renderer's bytes", () => {
  it("hold no NUL byte wherever a multi-byte character meets the edge of a view", async () => {
    for (let padding = 0; padding < 12; padding++) {
      const html = await rendered(
        <main>
          {Array.from({ length: 30 }, (_, index) => (
            <p key={index}>{`${"a".repeat(padding)}Prämie für Überweisung – ${"ü".repeat(20)}`}</p>
          ))}
        </main>,
      );
      expect(html.includes(0), `padding ${padding}`).toBe(false);
      expect(html.toString("utf8")).toContain("Prämie für Überweisung");
    }
  });
});
