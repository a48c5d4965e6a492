import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { legacyErrorOf, readLegacyDate, readValue, replyText, UnreadableReplyError } from "./legacy-reply.server";

describe("a reply's body", () => {
  const json = '{"Name":"Prämie"}';
  it.each([
    ["identity", Buffer.from(json), {}],
    ["a byte-order mark", Buffer.from(`\uFEFF${json}`), {}],
    ["gzip", gzipSync(json), { "content-encoding": "gzip" }],
    ["gzip with a byte-order mark", gzipSync(`\uFEFF${json}`), { "content-encoding": "GZIP" }],
    ["deflate", deflateSync(json), { "content-encoding": "deflate" }],
    ["br", brotliCompressSync(json), { "content-encoding": "br" }],
  ])("is read through %s", (_name, body, headers) => {
    expect(replyText(body, headers)).toBe(json);
  });

  it("is refused when it cannot be what it declares", () => {
    expect(() => replyText(Buffer.from(json), { "content-encoding": "gzip" })).toThrow(UnreadableReplyError);
    expect(() => replyText(Buffer.from(json), { "content-encoding": "compress" })).toThrow(/unknown content encoding compress/);
  });
});

describe("an error reply's legacy code", () => {
  it.each([
    ['{"Code":"PSOF0204","Message":"x"}', "PSOF0204", "legacy"],
    ['{"code":"PSOF0101"}', "PSOF0101", "legacy"],
    ['{"type":"about:blank","title":"Unauthorized","status":401,"detail":"PSOF0204"}', "PSOF0204", "problem"],
    ['{"title":"PSOF0216","status":401}', "PSOF0216", "problem"],
    ['"PSOF0204"', "PSOF0204", "string"],
    ['{"Message":"KontoGesperrtWildcard"}', "KontoGesperrtWildcard", "message"],
    ['{"Message":"Authorization has been denied for this request."}', undefined, "message"],
    ["<!DOCTYPE html><html><body>404 - File or directory not found.</body></html>", undefined, "html"],
    ["", undefined, "empty"],
    ["[1,2]", undefined, "unknown"],
  ])("%s → %s", (body, code, shape) => {
    expect(legacyErrorOf(body)).toEqual(code ? { code, shape } : { shape });
  });
});

describe("a backend's dates", () => {
  it.each([
    ["2026-11-23", "2026-11-23", "2026-11-22T23:00:00.000Z"],
    ["2026-11-23T00:00:00", "2026-11-23", "2026-11-22T23:00:00.000Z"],
    ["2026-07-01T00:30:00", "2026-07-01", "2026-06-30T22:30:00.000Z"],
    ["2026-11-23T00:00:00.1234567", "2026-11-23", "2026-11-22T23:00:00.123Z"],
    ["2026-11-22T23:30:00Z", "2026-11-23", "2026-11-22T23:30:00.000Z"],
    ["2026-11-23T08:00:00+05:00", "2026-11-23", "2026-11-23T03:00:00.000Z"],
    ["2026-11-23T08:00:00.5-0100", "2026-11-23", "2026-11-23T09:00:00.500Z"],
    ["/Date(1795388400000)/", "2026-11-23", "2026-11-22T23:00:00.000Z"],
    ["/Date(1795388400000+0100)/", "2026-11-23", "2026-11-22T23:00:00.000Z"],
  ])("%s is the day %s at %s", (value, day, instant) => {
    const read = readLegacyDate(value)!;
    expect(read.day).toBe(day);
    expect(new Date(read.instant).toISOString()).toBe(instant);
  });

  it.each(["23.11.2026", "2026-02-30", "2026-11-23T25:00:00", "tomorrow", "2026-11-23T00:00:00+25"])("%s is none", (value) => {
    expect(readLegacyDate(value)).toBeNull();
  });
});

describe("a reply read against its schema", () => {
  const schema = z.object({
    Id: z.number().int(),
    Startdatum: z.iso.date(),
    Enddatum: z.iso.date().nullish(),
    Gesendet: z.iso.datetime({ offset: true }).nullish(),
    Liste: z.array(z.string()),
    Rollen: z.array(z.string()).default([]),
    Anteil: z.union([z.literal(0), z.literal(50), z.literal(100)]).default(100),
    Text: z.string().optional(),
    Kinder: z.array(z.object({ Am: z.iso.date(), Name: z.string().optional() })),
  });
  const dotNet = {
    Id: 7,
    Startdatum: "2026-11-23T00:00:00",
    Enddatum: null,
    Gesendet: "2026-11-23T10:15:00",
    Liste: null,
    Rollen: null,
    Anteil: null,
    Text: null,
    Kinder: [{ Am: "/Date(1795388400000)/", Name: null }],
  };

  it("reads .NET's dates and nulls as the contract means them", () => {
    expect(schema.parse(readValue(dotNet, schema))).toEqual({
      Id: 7,
      Startdatum: "2026-11-23",
      Enddatum: null,
      Gesendet: "2026-11-23T09:15:00.000Z",
      Liste: [],
      Rollen: [],
      Anteil: 100,
      Kinder: [{ Am: "2026-11-23" }],
    });
  });

  it("leaves what really differs for the schema to refuse: numbers as strings, a missing identifier, other casing", () => {
    expect(schema.safeParse(readValue({ ...dotNet, Id: "7" }, schema)).success).toBe(false);
    expect(schema.safeParse(readValue({ ...dotNet, Id: null }, schema)).success).toBe(false);
    const { Id, ...rest } = dotNet;
    expect(schema.safeParse(readValue({ ...rest, id: Id }, schema)).success).toBe(false);
  });

  it("matches keys whatever their case where that dialect is declared", () => {
    const camel = { id: 7, startdatum: "2026-11-23", liste: [], kinder: [{ am: "2026-11-23" }] };
    expect(schema.parse(readValue(camel, schema, { anyKeyCase: true }))).toMatchObject({
      Id: 7,
      Startdatum: "2026-11-23",
      Kinder: [{ Am: "2026-11-23" }],
    });
  });
});

describe("a report cell that names a date or a moment", () => {
  it.each([
    ["2026-11-22T00:00:00", "2026-11-22"],
    ["/Date(1795305600000)/", "2026-11-22T00:00:00.000Z"],
    ["/Date(1795388400000)/", "2026-11-23"],
    ["2026-11-22T14:05:00", "2026-11-22T13:05:00.000Z"],
    ["2026-11-22", "2026-11-22"],
    ["Erika Muster", "Erika Muster"],
    ["AZ-100001", "AZ-100001"],
  ])("%s reads as %s", (cell, read) => {
    const schema = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));
    expect(readValue({ cell }, schema)).toEqual({ cell: read });
  });
});

describe("the contract's own schemas, read as .NET sends them", () => {
  it("EmailWhitelist: null is an empty list, AnteilEmpfehler: null the default share, Rollen: null no roles", async () => {
    const { tenantConfigSchema } = await import("./contract");
    const { recommendationSchema } = await import("../recipient/replies");
    const { agencyTokenCheckSchema } = await import("../agency/replies");
    const { seedTenants } = await import("../../simulators/legacy/seed");
    const config = { ...seedTenants().telekom.config, EmailWhitelist: null, FacebookId: null };
    expect(tenantConfigSchema.parse(readValue(config, tenantConfigSchema)).EmailWhitelist).toEqual([]);
    const shareField = recommendationSchema.shape.AnteilEmpfehler;
    expect(shareField.parse(readValue(null, shareField))).toBe(100);
    expect(agencyTokenCheckSchema.parse(readValue({ Gueltig: true, Rollen: null, Name: null }, agencyTokenCheckSchema))).toMatchObject({
      Gueltig: true,
      Rollen: [],
    });
  });
});
