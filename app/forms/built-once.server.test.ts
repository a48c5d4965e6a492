import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { fixedT } from "~/i18n/i18n.server";
import { bankDataSchema } from "./bank-data.server";
import { constraintOf } from "./built-once.server";
import { rewardChoiceSchema } from "./reward-choice.server";

describe("forms' schemas built once", () => {
  it("are the same schema for the same language and options", () => {
    expect(bankDataSchema(fixedT("de-Sie"), { germanOnly: true })).toBe(bankDataSchema(fixedT("de-Sie"), { germanOnly: true }));
    expect(rewardChoiceSchema(fixedT("de-Sie"), [1, 2])).toBe(rewardChoiceSchema(fixedT("de-Sie"), [1, 2]));
  });

  it("are built anew for other options or another language, and answer by them", () => {
    expect(bankDataSchema(fixedT("de-Sie"), { germanOnly: false })).not.toBe(bankDataSchema(fixedT("de-Sie"), { germanOnly: true }));
    expect(bankDataSchema(fixedT("en"), { germanOnly: true })).not.toBe(bankDataSchema(fixedT("de-Sie"), { germanOnly: true }));
    const chosen = (ids: number[], praemieId: string) =>
      parseWithZod(new URLSearchParams({ praemieId }), { schema: rewardChoiceSchema(fixedT("de-Sie"), ids) }).status;
    expect(chosen([1, 2], "2")).toBe("success");
    expect(chosen([1, 3], "2")).toBe("error");
    const holderMissing = (locale: "de-Sie" | "en") =>
      parseWithZod(new URLSearchParams({ iban: "DE89370400440532013000", kontoinhaber: "" }), {
        schema: bankDataSchema(fixedT(locale), { germanOnly: true }),
      }).reply().error;
    expect(holderMissing("de-Sie")?.kontoinhaber?.[0]).toMatch(/Pflichtfeld/);
    expect(holderMissing("en")?.kontoinhaber?.[0]).toMatch(/required/i);
  });

  it("give their constraints once per schema", () => {
    const schema = bankDataSchema(fixedT("de-Sie"), { germanOnly: true });
    expect(constraintOf(schema)).toBe(constraintOf(schema));
    expect(constraintOf(schema)).toMatchObject({ iban: { required: true }, kontoinhaber: { required: true } });
  });
});
