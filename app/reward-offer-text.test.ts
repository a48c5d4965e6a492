import { describe, expect, it } from "vitest";
import { splitOffer } from "#bff/reward/rules";
import { fixedT } from "./i18n/i18n.server";
import { rewardOfferText } from "./reward-offer-text";

// Intl writes a no-break space between amount and currency; the texts here use plain spaces.
const words = (...args: Parameters<typeof rewardOfferText>) => {
  const text = rewardOfferText(...args);
  const plain = (value: string | null) => value?.replaceAll("\u00a0", " ") ?? null;
  return { forYou: plain(text.forYou), sentence: plain(text.sentence) };
};

const offer = { cashCents: 5000, voucherCents: 7000, upToCents: null, friendCents: 5000 };

describe("an offer in words", () => {
  it("says both sides in one sentence, the friend's part as the most before the split is chosen", () => {
    expect(words(fixedT("de-Sie"), offer, "de", { friendUpTo: true }).sentence).toBe(
      "Sie: 50 € aufs Konto oder 70 € als Gutschein – Ihr Kontakt: bis zu 50 €",
    );
    expect(words(fixedT("de-du"), offer, "de", { friendUpTo: true }).sentence).toBe(
      "Du: 50 € aufs Konto oder 70 € als Gutschein – Dein Kontakt: bis zu 50 €",
    );
    expect(words(fixedT("en"), offer, "en", { friendUpTo: true }).sentence).toBe(
      "You: €50 by bank transfer or a €70 voucher – Your contact: up to €50",
    );
  });
  it("says each split's parts, and 'no reward' for a side that gets none", () => {
    const t = fixedT("de-Sie");
    expect(words(t, splitOffer(offer, 50), "de").sentence).toBe("Sie: 25 € aufs Konto oder 35 € als Gutschein – Ihr Kontakt: 25 €");
    expect(words(t, splitOffer(offer, 0), "de").sentence).toBe("Sie: keine Prämie – Ihr Kontakt: 50 €");
    expect(words(t, splitOffer(offer, 100), "de").sentence).toBe(
      "Sie: 50 € aufs Konto oder 70 € als Gutschein – Ihr Kontakt: keine Prämie",
    );
  });
  it("names one kind alone, the tenant's figure where the kinds are unknown, and leaves out what cannot be said", () => {
    const t = fixedT("de-Sie");
    expect(words(t, { ...offer, voucherCents: null }, "de").forYou).toBe("Sie: 50 € aufs Konto");
    expect(words(t, { ...offer, cashCents: null, voucherCents: null, upToCents: 7000 }, "de").forYou).toBe("Sie: bis zu 70 €");
    expect(words(t, { ...offer, cashCents: null, voucherCents: null }, "de").sentence).toBe("Ihr Kontakt: 50 €");
  });
});
