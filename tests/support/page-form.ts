// A page's post form read as the browser would send it, so a test can post it itself: twice at
// once, to another instance, or with other values.
import type { BrowserContext, Page } from "@playwright/test";

export type FormField = { name: string; type: string; value: string; options: string[]; checked: boolean };

/** The page's last post form: where it posts and its fields, as the browser would send them. */
export async function postForm(page: Page) {
  const form = page.locator("form[method=post]").last();
  const action = await form.evaluate((element) => (element as HTMLFormElement).action);
  const fields = await form.locator("input[name], textarea[name], select[name]").evaluateAll((elements) =>
    elements.map((element) => {
      const control = element as HTMLInputElement | HTMLSelectElement;
      const options = control instanceof HTMLSelectElement ? [...control.options].map((option) => option.value).filter(Boolean) : [];
      return {
        name: control.name,
        type: control.type,
        value: control.value,
        options,
        checked: control instanceof HTMLInputElement && control.checked,
      };
    }),
  );
  return { action, fields: fields as FormField[] };
}

/** The form's fields as the browser posts them (ticked boxes only), with `typed` values filled in. */
export function formBody(fields: FormField[], typed: Record<string, string> = {}) {
  const body = new URLSearchParams(typed);
  for (const field of fields) {
    if ((field.type === "checkbox" || field.type === "radio") && !field.checked) continue;
    if (field.type !== "submit" && !(field.name in typed)) body.append(field.name, field.value);
  }
  return body.toString();
}

/** Posts the page's form as the browser would, with its cookies, to `path` on `port` (an instance, or nginx). */
export async function postPageForm(
  page: Page,
  context: BrowserContext,
  { path, port, typed }: { path: string; port: number; typed?: Record<string, string> },
) {
  const { action, fields } = await postForm(page);
  const target = new URL(action);
  const cookie = (await context.cookies(target.origin)).map(({ name, value }) => `${name}=${value}`).join("; ");
  // Node cannot resolve *.localhost as chromium does: loopback, with the tenant's Host.
  return context.request.post(`http://127.0.0.1:${port}${path}`, {
    headers: {
      host: target.host,
      origin: target.origin,
      cookie,
      "content-type": "application/x-www-form-urlencoded",
      "accept-language": "de-DE",
    },
    data: formBody(fields, typed),
    maxRedirects: 0,
  });
}
