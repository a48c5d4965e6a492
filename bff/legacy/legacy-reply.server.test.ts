import { describe, expect, it } from "vitest";
import { z } from "zod";
import { legacyCode, legacyNumber } from "./legacy-code";
import { berlinWallClock, legacyErrorOf, type ReadIssue, readLegacyDate, type ReadOptions, readValue } from "./legacy-reply.server";

describe("an error reply's legacy code", () => {
  it.each([
    ['{"Code":"PSOF0204","Message":"x"}', "PSOF0204", "legacy"],
    ['{"code":"PSOF0101"}', "PSOF0101", "legacy"],
    ['{"type":"about:blank","title":"Unauthorized","status":401,"detail":"PSOF0204"}', "PSOF0204", "problem"],
    ['{"title":"PSOF0216","status":401}', "PSOF0216", "problem"],
    ['"PSOF0204"', "PSOF0204", "string"],
    ['{"Message":"KontoGesperrtWildcard"}', "KontoGesperrtWildcard", "message"],
    [
      '{"Message":"Authorization has been denied for this request."}',
      undefined,
      "message",
      "Authorization has been denied for this request.",
    ],
    ["<!DOCTYPE html><html><body>404 - File or directory not found.</body></html>", undefined, "html"],
    ["", undefined, "empty"],
    ["[1,2]", undefined, "unknown"],
  ])("%s → %s", (body, code, shape, message?: string) => {
    expect(legacyErrorOf(body)).toEqual(code ? { code, shape } : { shape, ...(message ? { message } : {}) });
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

  it("are on Berlin's wall clock as the time zone data has it, minute by minute through clock changes, old and new", () => {
    const intl = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Berlin", dateStyle: "short", timeStyle: "medium" });
    const hours = ["2026-03-29T00:00:00Z", "2026-10-25T00:00:00Z", "1980-09-28T00:00:00Z", "1949-10-02T00:00:00Z", "1990-03-07T22:00:00Z"];
    for (const start of hours) {
      for (let minute = 0; minute < 4 * 60; minute += 7) {
        const instant = Date.parse(start) + minute * 60_000 + 13_000;
        const { date, time } = berlinWallClock(instant);
        expect(`${date} ${time}`, new Date(instant).toISOString()).toBe(intl.format(instant));
      }
    }
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

  it("leaves what really differs for the schema to refuse: decimal strings, a missing identifier, other casing", () => {
    expect(schema.safeParse(readValue({ ...dotNet, Id: "7.5" }, schema)).success).toBe(false);
    expect(schema.safeParse(readValue({ ...dotNet, Id: null }, schema)).success).toBe(false);
    const { Id, ...rest } = dotNet;
    expect(schema.safeParse(readValue({ ...rest, id: Id }, schema)).success).toBe(false);
  });

  it("matches keys whatever their case where that dialect is declared", () => {
    const camel = { id: 7, startdatum: "2026-11-23", liste: [], kinder: [{ am: "2026-11-23" }] };
    expect(schema.parse(readValue(camel, schema, { dialect: { keys: "camelCase" } }))).toMatchObject({
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
    const { recommendationSchema } = await import("../recommendation/replies");
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

describe("what .NET sends where it means the same thing", () => {
  const reward = z.object({
    Startdatum: z.iso.date(),
    Enddatum: z.iso.date().nullish(),
    Gesendet: z.iso.datetime({ offset: true }).optional(),
    Art: z.enum(["Ueberweisung", "Gutschein"]),
    Produkt: legacyCode(z.string()).nullish(),
    Rollen: z.array(legacyCode(z.string())).default([]),
    Name: z.string(),
  });
  const read = (value: unknown, options: ReadOptions = {}) => {
    const issues: ReadIssue[] = [];
    return { value: readValue(value, reward, { ...options, issues }), issues };
  };
  const sent = { Startdatum: "2026-11-01T00:00:00", Art: "Gutschein", Name: "Prämie  " };

  it.each(["0001-01-01T00:00:00", "0001-01-01T00:00:00Z", "0001-01-01T00:00:00.0000000+00:00", "0001-01-01", "/Date(-62135596800000)/"])(
    "DateTime.MinValue %s is absent where a date is optional",
    (minValue) => {
      const { value, issues } = read({ ...sent, Enddatum: minValue, Gesendet: minValue });
      expect(issues).toEqual([]);
      expect(reward.parse(value)).toEqual({ Startdatum: "2026-11-01", Enddatum: null, Art: "Gutschein", Rollen: [], Name: "Prämie  " });
    },
  );

  it("DateTime.MinValue where a date is required is refused with its hint", () => {
    expect(read({ ...sent, Startdatum: "0001-01-01T00:00:00" }).issues).toEqual([
      expect.objectContaining({ path: "Startdatum", hint: expect.stringContaining("DateTime.MinValue") }),
    ]);
  });

  it("trims the padding of a fixed-width column on codes and enums, never on text", () => {
    const { value, issues } = read({ ...sent, Art: "Gutschein   ", Produkt: "telekom   ", Rollen: ["AgenturInhaber      "] });
    expect(issues).toEqual([]);
    expect(reward.parse(value)).toMatchObject({ Art: "Gutschein", Produkt: "telekom", Rollen: ["AgenturInhaber"], Name: "Prämie  " });
  });

  it("trims a number from a fixed-width column (char(n)), so it is sent back as stored, and notes it once", () => {
    const created = z.object({ Empfaengernummer: legacyNumber(z.string()), Name: z.string() });
    const notes: ReadIssue[] = [];
    const value = readValue({ Empfaengernummer: "AZ-E-500001     ", Name: "Prämie  " }, created, { notes });
    expect(created.parse(value)).toEqual({ Empfaengernummer: "AZ-E-500001", Name: "Prämie  " });
    expect(notes).toEqual([expect.objectContaining({ path: "Empfaengernummer", hint: expect.stringContaining("char(n)") })]);
  });

  it.each([
    ["{ d: … } (ASP.NET AJAX)", { d: [sent] }],
    ['{ "$id", "$values" } (Newtonsoft, references kept)', { $id: "1", $values: [sent] }],
    ["{ value } with OData annotations", { "odata.metadata": "http://x/$metadata", value: [sent] }],
    [
      '{ "$type", "$values" } (Newtonsoft, type names)',
      { $type: "System.Collections.Generic.List`1[[Praemie]], mscorlib", $values: [sent] },
    ],
  ])("unwraps %s", (_name, wrapped) => {
    const list = z.array(reward);
    expect(list.parse(readValue(wrapped, list))).toEqual([expect.objectContaining({ Startdatum: "2026-11-01", Art: "Gutschein" })]);
  });

  it("leaves out the .NET type names Newtonsoft writes (TypeNameHandling.All), in records and loose objects too", () => {
    const named = { $type: "Legacy.Api.Models.Praemie, Legacy.Api", ...sent };
    const { value, issues } = read(named);
    expect(issues).toEqual([]);
    expect(value).not.toHaveProperty("$type");
    const texts = z.record(z.string(), z.string());
    expect(texts.parse(readValue({ $type: "System.Collections.Generic.Dictionary`2[…]", Titel: "Hallo" }, texts))).toEqual({
      Titel: "Hallo",
    });
    const loose = z.looseObject({ Id: z.number() });
    expect(readValue({ $type: "Produkt", Id: 1, Extra: "x" }, loose)).toEqual({ Id: 1, Extra: "x" });
  });

  it("keeps a reply's own d, and a list's wrapper where it holds more than the list", () => {
    const withD = z.object({ d: z.number() });
    expect(readValue({ d: 5 }, withD)).toEqual({ d: 5 });
    const list = z.array(z.number());
    expect(list.safeParse(readValue({ $values: [1], Anzahl: 1 }, list)).success).toBe(false);
  });
});

describe("what .NET sends where it means something else: refused with a hint", () => {
  const schema = z.object({
    Id: z.number().int(),
    WertCent: z.number().int(),
    Art: z.enum(["Ueberweisung", "Gutschein"]),
    Status: legacyCode(z.string()).nullish(),
    Ansprache: z.enum(["du", "Sie"]).nullish(),
    Kind: z.object({ Name: z.string() }).nullish(),
  });
  const good = { Id: 1, WertCent: 5000, Art: "Gutschein" };
  const issuesOf = (value: unknown, options: ReadOptions = {}) => {
    const issues: ReadIssue[] = [];
    readValue(value, schema, { ...options, issues });
    return issues;
  };

  it("enums as numbers: the StringEnumConverter hint", () => {
    expect(issuesOf({ ...good, Art: 1, Status: 0 })).toEqual([
      expect.objectContaining({ path: "Art", received: "the number 1", hint: expect.stringContaining("StringEnumConverter") }),
      expect.objectContaining({ path: "Status", received: "the number 0", hint: expect.stringContaining("StringEnumConverter") }),
    ]);
  });

  it("an optional key in another casing is refused like a required one, never dropped", () => {
    expect(issuesOf({ ...good, ansprache: "du" })).toEqual([
      expect.objectContaining({ path: "Ansprache", received: '"ansprache"', hint: expect.stringContaining("keys differ only in case") }),
    ]);
    expect(issuesOf({ ...good, ansprache: "du" }, { dialect: { keys: "camelCase" } })).toEqual([]);
  });

  it("money as a decimal string, an identifier beyond 2^53, a $ref", () => {
    expect(issuesOf({ ...good, WertCent: "50.00" })).toEqual([
      expect.objectContaining({ path: "WertCent", hint: expect.stringContaining("cents") }),
    ]);
    expect(issuesOf({ ...good, Id: 2 ** 53 + 2 })).toEqual([
      expect.objectContaining({ path: "Id", hint: expect.stringContaining("2^53") }),
    ]);
    expect(issuesOf({ ...good, Kind: { $ref: "1" } })).toEqual([
      expect.objectContaining({ path: "Kind", hint: expect.stringContaining("PreserveReferencesHandling") }),
    ]);
  });
});

describe("values in another spelling that mean the same (issue 56), each noted once for the operator", () => {
  const roles = ["AgenturInhaber", "AgenturMitarbeiter"] as const;
  const shape = z.object({
    Id: z.number().int(),
    Aktiv: z.boolean(),
    Art: z.enum(["Ueberweisung", "Gutschein"]),
    Rollen: z.array(legacyCode(z.string(), roles)),
    Name: z.string(),
  });
  const read = (value: Record<string, unknown>) => {
    const notes: ReadIssue[] = [];
    const issues: ReadIssue[] = [];
    const parsed = shape.safeParse(
      readValue({ Id: 7, Aktiv: true, Art: "Gutschein", Rollen: [], Name: "Prämie", ...value }, shape, { notes, issues }),
    );
    return { parsed: parsed.success ? parsed.data : undefined, notes, issues };
  };

  it.each([
    [{ Aktiv: "True" }, { Aktiv: true }],
    [{ Aktiv: " false " }, { Aktiv: false }],
    [{ Aktiv: 1 }, { Aktiv: true }],
    [{ Aktiv: 0 }, { Aktiv: false }],
    [{ Id: "12" }, { Id: 12 }],
    [{ Art: "GUTSCHEIN" }, { Art: "Gutschein" }],
    [{ Rollen: ["AGENTURINHABER", "agenturmitarbeiter"] }, { Rollen: ["AgenturInhaber", "AgenturMitarbeiter"] }],
  ])("%j reads as %j, with a note", (sent, meant) => {
    const { parsed, notes, issues } = read(sent);
    expect(parsed).toMatchObject(meant);
    expect(issues).toEqual([]);
    expect(notes.length).toBeGreaterThan(0);
  });

  it("an unknown role is kept, and noted naming the field and the roles the portal knows", () => {
    const { parsed, notes } = read({ Rollen: ["Inhaber"] });
    expect(parsed?.Rollen).toEqual(["Inhaber"]);
    expect(notes).toEqual([
      expect.objectContaining({ path: "Rollen.*", received: '"Inhaber"', hint: expect.stringContaining("AgenturInhaber") }),
    ]);
  });

  it("an id beyond 2^53 is refused with the one rule, whether sent as a number or as a string", () => {
    for (const Id of ["9007199254740993", 2 ** 53 + 2]) {
      const { issues } = read({ Id });
      expect(issues).toEqual([
        expect.objectContaining({ path: "Id", hint: expect.stringMatching(/reads ids up to 2\^53, as numbers or as strings of digits/) }),
      ]);
    }
  });

  it("NUL, other control characters and lone surrogates are dropped, noted with the field; tabs, line breaks and emoji stay", () => {
    const { parsed, notes } = read({ Name: "Geld\u0000prämie\uD800\u0007" });
    expect(parsed?.Name).toBe("Geldprämie");
    expect(notes).toEqual([expect.objectContaining({ path: "Name", hint: expect.stringContaining("lone surrogates") })]);
    const kept = read({ Name: "Zeile 1\nZeile 2\t😀" });
    expect(kept.parsed?.Name).toBe("Zeile 1\nZeile 2\t😀");
    expect(kept.notes).toEqual([]);
  });

  it("a report's status reads as the one the portal acts on, whatever its casing; the others it only shows pass unnoted", () => {
    const row = z.object({ Status: legacyCode(z.string(), ["Offen"], { noteUnknown: false }) });
    const notes: ReadIssue[] = [];
    expect(readValue({ Status: "OFFEN" }, row, { notes })).toEqual({ Status: "Offen" });
    expect(readValue({ Status: "Storniert" }, row, { notes })).toEqual({ Status: "Storniert" });
    expect(notes.map((note) => note.received)).toEqual(['"OFFEN"']);
  });

  it("a name in the casing as written needs no note", () => {
    expect(read({ Rollen: ["AgenturInhaber"] }).notes).toEqual([]);
  });
});
