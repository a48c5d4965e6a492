// The replies of the catalogue calls: product categories, products, mobile offers, a product's link,
// the campaigns running.
import { z } from "zod";
import { rewardSchema } from "../reward/replies";

export const productCategorySchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Beschreibung: z.string().nullish(),
});

export const productCategoryListSchema = z.array(productCategorySchema);

export const productSchema = z.looseObject({
  Id: z.number().int(),
  Name: z.string(),
  AnzeigeName: z.string().nullish(),
  Kategorie: z.string().nullish(),
  ExterneId: z.string().nullish(),
  PreisMonatlich: z.number().int().nullish(),
  PreisEinmalig: z.number().int().nullish(),
  Beschreibung1: z.string().nullish(),
  Gruppe: z.string().nullish(),
  /** The product category it belongs to (GET produktkategorie), where the backend says (docs/decisions/039). */
  ProduktkategorieId: z.number().int().nullish(),
  /** The footnote's CMS Identifier. */
  Fussnote: z.string().nullish(),
  Praemien: z.array(rewardSchema).nullish(),
});

export type Product = z.infer<typeof productSchema>;

export const productListSchema = z.array(productSchema);

export const deviceTypes = ["smartphone", "tablet"] as const;

export const mobileOfferSchema = z.object({
  Id: z.number().int(),
  GeraeteTyp: z.enum(deviceTypes),
  Hersteller: z.string(),
  HandyAnzeigeName: z.string(),
  HandyBeschreibung: z.string().nullish(),
  HandyId: z.number().int(),
  PreisHandy: z.number().int(),
  TarifId: z.number().int(),
  TarifAnzeigeName: z.string(),
  PreisTarif: z.number().int(),
  Position: z.number().int(),
});

export type MobileOffer = z.infer<typeof mobileOfferSchema>;

export const mobileOfferListSchema = z.array(mobileOfferSchema);

export const productLinkSchema = z.object({ Url: z.url({ protocol: /^https?$/ }) });

export const campaignSchema = z.object({
  AktionsId: z.number().int(),
  Titel: z.string(),
  Text: z.string(),
  RechtsText: z.string(),
  abgehakt: z.boolean(),
  Zustimmung: z.boolean(),
});

export const campaignListSchema = z.array(campaignSchema);
