// The replies of the site's own content: the tenant's texts (legacy API) and the content service's
// token, blocks, key visuals, FAQ, footnotes and variables.
import { z } from "zod";

/** A tenant's texts or variables: name → plain text (never HTML). */
export const tenantTextsSchema = z.record(z.string().max(200), z.string().max(2000));

export const cmsTokenSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.number().int().positive(),
});

export const contentBlockSchema = z.object({
  Id: z.string(),
  Titel: z.string(),
  Inhalt: z.string(),
});

export type ContentBlock = z.infer<typeof contentBlockSchema>;

export const keyVisualSchema = z.object({
  Id: z.string(),
  Titel: z.string(),
  Untertitel: z.string().nullish(),
  Bild: z.string(),
});

export type KeyVisual = z.infer<typeof keyVisualSchema>;

export const faqItemSchema = z.object({ Id: z.string(), Frage: z.string(), Antwort: z.string() });

export const faqListSchema = z.array(faqItemSchema);

export const footnoteSchema = z.object({
  Id: z.number().int(),
  Identifier: z.string(),
  Gruppe: z.string().nullish(),
  Titel: z.string(),
  Inhalt: z.string(),
});

export const footnoteListSchema = z.array(footnoteSchema);

/** The CMS's text variables (graphql `Variables`), e.g. the hotline; `{{Name}}` in CMS texts stands for them. */
export const cmsVariablesSchema = z
  .object({ data: z.object({ variables: z.record(z.string(), z.string()) }) })
  .transform((reply) => reply.data.variables);
