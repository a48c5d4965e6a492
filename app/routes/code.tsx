import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { LegacyApiError } from "#bff/legacy/errors";
import { getRecommendationByCode } from "#bff/recommendation/recommendation.server";
import { FormErrors, SubmitButton, TextField } from "~/components/form-field";
import { PageSection } from "~/components/page-section";
import { PortalForm } from "~/components/portal-form";
import { constraintOf } from "~/forms/built-once.server";
import { formProps } from "~/forms/field-props";
import { offlineCodeSchema } from "~/forms/offline-code.server";
import { useServerForm } from "~/forms/server-form";
import { upstreamFailureReply } from "~/forms/upstream-failure.server";
import { fixedT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { texts } = await context.requestContext(request);
  const t = fixedT(texts);
  // zod stays on the server: the browser gets the constraints as plain data.
  // A code may come in the link (`/code?code=…`), e.g. from a printed recommendation.
  const code = new URL(request.url).searchParams.get("code")?.slice(0, 32) ?? undefined;
  return { title: t("code.metaTitle"), constraint: constraintOf(offlineCodeSchema(t)), code };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { texts, api, formData } = await context.actionContext(request);
  const t = fixedT(texts);
  const submission = parseWithZod(formData, { schema: offlineCodeSchema(t) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    const code = submission.value.code.toUpperCase();
    await context.bff.rateLimits.checkCode(code);
    const { Empfehlungsnummer } = await getRecommendationByCode(api, code);
    return redirect(`/empfaengerdaten/${encodeURIComponent(Empfehlungsnummer)}`);
  } catch (error) {
    if (error instanceof LegacyApiError && error.upstreamStatus === 404) {
      return data(submission.reply({ fieldErrors: { code: [t("validation:invalid", { field: t("code.label") })] } }), { status: 400 });
    }
    return upstreamFailureReply(error, submission, t);
  }
}

export default function OfflineCode() {
  const { constraint, code } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const [form, fields] = useServerForm<{ code: string }>({ id: "offline-code", lastResult, constraint, defaultValue: { code } });
  return (
    <PageSection id="code" title={t("code.title")} width="md">
      <p>{t("code.intro")}</p>
      <PortalForm method="post" {...formProps(form)} className="space-y-4">
        <FormErrors form={form} />
        <TextField label={t("code.label")} meta={fields.code} autoComplete="off" />
        <SubmitButton>{t("code.submit")}</SubmitButton>
      </PortalForm>
    </PageSection>
  );
}
