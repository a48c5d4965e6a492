import { describe, expect, it } from "vitest";
import { replyText } from "./reply-text.server";

/** The WHATWG Encoding Standard's index-windows-1252 for 0x80–0x9F: what a browser shows for each byte. */
const WINDOWS_1252_80_9F = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019,
  0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

describe("a reply's body", () => {
  const json = '{"Name":"Prämie"}';
  it.each([
    ["as it is", Buffer.from(json)],
    ["without its byte-order mark", Buffer.from(`\uFEFF${json}`)],
  ])("is read %s", (_name, body) => {
    expect(replyText(body, {})).toBe(json);
  });
});

describe("a body in its declared charset", () => {
  it("is decoded as declared: windows-1252 and ISO-8859-1", () => {
    const latin = Buffer.from([0x7b, 0x22, 0x4e, 0x22, 0x3a, 0x22, 0x47, 0x65, 0x6c, 0x64, 0x70, 0x72, 0xe4, 0x6d, 0x69, 0x65, 0x22, 0x7d]);
    expect(replyText(latin, { "content-type": "application/json; charset=windows-1252" })).toBe('{"N":"Geldprämie"}');
    expect(replyText(latin, { "content-type": 'application/json; Charset="ISO-8859-1"' })).toBe('{"N":"Geldprämie"}');
  });

  it.each(["windows-1252", "cp1252", "iso-8859-1", "latin1", "us-ascii"])(
    "%s: every byte from 0x80 to 0x9F as the web decodes it (€ „ “ ” – —), on this Node too",
    (charset) => {
      const bytes = Buffer.from(Array.from({ length: 0x20 }, (_, index) => 0x80 + index));
      const text = replyText(bytes, { "content-type": `application/json; charset=${charset}` });
      expect([...text].map((char) => char.codePointAt(0))).toEqual(WINDOWS_1252_80_9F);
      expect(
        replyText(Buffer.from([0x35, 0x30, 0x20, 0x80, 0x20, 0x84, 0x93, 0x20, 0x96, 0x97]), {
          "content-type": `text/plain; charset=${charset}`,
        }),
      ).toBe("50 € „“ –—");
    },
  );

  it("is refused, never shown with '�', where the bytes are not what it declares or it declares no charset there is", () => {
    const latin = Buffer.from([0x22, 0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72, 0x22]);
    expect(() => replyText(latin, { "content-type": "application/json" })).toThrow(/not utf-8 as declared.*must declare it/);
    expect(() => replyText(latin, { "content-type": "application/json; charset=klingon" })).toThrow(/unknown charset klingon/);
  });

  it("is read where its Content-Type comes twice (IIS and a module each adding one), by the charset one of them declares", () => {
    const latin = Buffer.from([0x22, 0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72, 0x22]);
    for (const contentType of [
      ["application/json; charset=windows-1252", "text/html"],
      ["text/html", "application/json; charset=windows-1252"],
      "application/json; charset=windows-1252, text/html",
    ])
      expect(replyText(latin, { "content-type": contentType })).toBe('"Müller"');
    expect(replyText(Buffer.from('"Müller"'), { "content-type": ["application/json; charset=utf-8", "text/html"] })).toBe('"Müller"');
    expect(() => replyText(latin, { "content-type": ["application/json; charset=klingon", "text/html"] })).toThrow(
      /^unknown charset klingon$/,
    );
  });
});
