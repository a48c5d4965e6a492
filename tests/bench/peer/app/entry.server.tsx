// The remix-i18next README's entry.server: a new i18next instance initialised per request.
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable, type EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { createInstance } from "i18next";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import i18n from "./i18n";
import i18next from "./i18next.server";

export default async function handleRequest(request: Request, status: number, headers: Headers, remixContext: EntryContext) {
  const instance = createInstance();
  const lng = await i18next.getLocale(request);
  const ns = i18next.getRouteNamespaces(remixContext);
  await instance.use(initReactI18next).init({ ...i18n, lng, ns });
  const callback = isbot(request.headers.get("user-agent")) ? "onAllReady" : "onShellReady";
  return new Promise((resolve, reject) => {
    const { pipe, abort } = renderToPipeableStream(
      <I18nextProvider i18n={instance}>
        <RemixServer context={remixContext} url={request.url} />
      </I18nextProvider>,
      {
        [callback]: () => {
          const body = new PassThrough();
          headers.set("Content-Type", "text/html");
          resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
          pipe(body);
        },
        onShellError: reject,
      },
    );
    setTimeout(abort, 5000);
  });
}
