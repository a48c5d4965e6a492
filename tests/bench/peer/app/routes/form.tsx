// The peer's form, as the usual recipe writes it: conform with zod, validated again on the server.
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";

const schema = z.object({ vorname: z.string().min(1), name: z.string().min(1), email: z.email(), plz: z.string().regex(/^\d{5}$/) });

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return submission.reply();
  return redirect("/");
}

export default function FormPage() {
  const { t } = useTranslation();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({ lastResult, onValidate: ({ formData }) => parseWithZod(formData, { schema }) });
  return (
    <Form method="post" {...getFormProps(form)}>
      <h1>{t("greeting")}</h1>
      <input {...getInputProps(fields.vorname, { type: "text" })} />
      <input {...getInputProps(fields.name, { type: "text" })} />
      <input {...getInputProps(fields.email, { type: "email" })} />
      <input {...getInputProps(fields.plz, { type: "text" })} />
      <button type="submit">OK</button>
    </Form>
  );
}
