// The recipient's token in Remix's cookie session storage, as the Remix docs set it up.
import { createCookieSessionStorage } from "@remix-run/node";

export const { getSession, commitSession } = createCookieSessionStorage({
  cookie: { name: "__session", httpOnly: true, path: "/", sameSite: "lax", secrets: ["bench-peer-secret"] },
});
