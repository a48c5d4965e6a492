// The replies of the account calls: login, the recommender's user, the password rules.
import { z } from "zod";

export const loginReplySchema = z.object({
  Email: z.string(),
  Anrede: z.string().nullish(),
  Vorname: z.string(),
  Nachname: z.string(),
  Empfehlerhash: z.string(),
  Token: z.string().min(1),
  NewsletterOptinGegeben: z.boolean(),
  NewsletterOptinVersendetAm: z.iso.datetime({ offset: true }).nullish(),
  Language: z.enum(["de", "en"]).nullish(),
});

export type LoginReply = z.infer<typeof loginReplySchema>;

export const userSchema = z.object({
  Vorname: z.string(),
  Nachname: z.string(),
  Email: z.string(),
  newsletterpermission: z.boolean(),
  newsletterpermissionversendetam: z.iso.datetime({ offset: true }).nullish(),
});

/** The server's password rules (GET /account/passwortvalidator). */
export const passwordRulesSchema = z.object({
  MinLength: z.number().int().min(1).max(128),
  RequireLowercase: z.boolean(),
  RequireUppercase: z.boolean(),
  RequireDigit: z.boolean(),
  RequireSpecialCharacter: z.boolean(),
});

export type PasswordRules = z.infer<typeof passwordRulesSchema>;
