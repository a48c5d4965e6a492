import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { UpstreamError } from "#bff/errors";
import { saveRecipientBankData } from "#bff/recipient.server";
import { nextRecipientStep, requireRecipient } from "#bff/recipient-flow.server";
import { requestContext } from "#bff/request-context.server";
import { FormMessage, TextField } from "~/components/form-field";
import { bankDataSchema } from "~/forms/bank-data.server";
import { fixedT } from "~/i18n/i18n.server";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [{ title: loaded?.title ?? "" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireRecipient(request, context.bff);
  const { config, locale } = await requestContext(request, context.bff);
  const t = fixedT(locale);
  return {
    title: t("recipient.bankTitle"),
    germanOnly: config.ModuleIBANNurDE,
    constraint: getZodConstraint(bankDataSchema(t, { germanOnly: config.ModuleIBANNurDE })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireRecipient(request, context.bff);
  const { api, config, locale } = await requestContext(request, context.bff);
  const t = fixedT(locale);
  const submission = parseWithZod(await request.formData(), { schema: bankDataSchema(t, { germanOnly: config.ModuleIBANNurDE }) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    await saveRecipientBankData(api, submission.value);
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return data(submission.reply({ formErrors: [t(`errors:${error.messageKey}`)] }), { status: 502 });
  }
  return redirect(nextRecipientStep(config, { agbAccepted: true, bankSaved: true }));
}

export default function RecipientBankData() {
  const { constraint, germanOnly } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const [form, fields] = useForm<{ iban: string; kontoinhaber: string }>({ id: "recipient-bank", lastResult, constraint, shouldValidate: "onBlur" });
  return (
    <section aria-labelledby="bank-title" className="mx-auto max-w-xl space-y-4">
      <h1 id="bank-title" className="text-2xl font-semibold">
        {t("recipient.bankTitle")}
      </h1>
      <p>{t("recipient.bankIntro")}</p>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormMessage id={form.errorId} errors={form.errors} />
        <TextField label={`${t("recipient.iban")} *`} meta={fields.iban} autoComplete="off" hint={germanOnly ? t("recipient.bankGermanOnly") : undefined} />
        <TextField label={`${t("recipient.kontoinhaber")} *`} meta={fields.kontoinhaber} autoComplete="name" />
        <button type="submit" className="rounded bg-brand px-4 py-2 font-semibold text-white">
          {t("recipient.bankSubmit")}
        </button>
      </Form>
    </section>
  );
}
