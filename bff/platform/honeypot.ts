/** The name of the field that only bots fill (app/components/portal-form.tsx); a post with a value in it is refused. */
export const HONEYPOT_FIELD = "rp_website";
