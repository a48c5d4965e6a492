// A page's post form read as the browser would send it, so a test can post it itself: twice at
// once, to another instance, or with other values.
import type { Page } from "@playwright/test";

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
