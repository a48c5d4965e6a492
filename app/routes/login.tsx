import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TooManyRequestsError, UpstreamError } from "#bff/core/errors";
import { isFormTokenValid } from "#bff/core/form-token.server";
import { safeRedirect } from "#bff/core/redirect";
import { actionContext, requestContext } from "#bff/core/request-context.server";
import { logIn, loginHeaders } from "#bff/recommender/auth.server";
import { type AutologinNoticeHandle, landingAfterLogin, refuseInAutologinMode } from "~/access/recommender.server";
import { CheckboxField, FormErrors, SubmitButton, TextField } from "~/components/form-field";
import { LinkList } from "~/components/link-list";
import { PageSection } from "~/components/page-section";
import { PortalForm } from "~/components/portal-form";
import { constraintOf } from "~/forms/built-once.server";
import { loginSchema } from "~/forms/login.server";
import { fixedT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { titleMeta } from "~/meta";

export const meta = titleMeta;
/** The root shows the autologin notice instead of this page's form. */
export const handle: AutologinNoticeHandle = { passwordForm: true };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { bff } = context;
  const page = await requestContext(request, bff);
  const { texts, user } = page;
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), await landingAfterLogin(bff, page));
  if (user) throw redirect(redirectTo);
  const t = fixedT(texts);
  return { title: t("account.loginTitle"), redirectTo, constraint: constraintOf(loginSchema(t)) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await refuseInAutologinMode(request, context.bff);
  const { bff } = context;
  const page = await actionContext(request, bff);
  const { texts, formData } = page;
  const t = fixedT(texts);
  if (!isFormTokenValid(request, bff, formData.get("formToken"))) throw new Response(t("errors:forbidden"), { status: 403 });
  const submission = parseWithZod(formData, { schema: loginSchema(t) });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  const { email, password } = submission.value;
  try {
    await bff.rateLimits.loginOf(email);
    const user = await logIn(page.api, { email, password });
    await bff.rateLimits.loginSucceeded(email);
    return redirect(safeRedirect(submission.value.redirectTo, await landingAfterLogin(bff, page)), {
      headers: await loginHeaders(request, bff, user, { remember: submission.value.remember }),
    });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    const failedLogin = LOGIN_FAILURES.has(error.messageKey);
    if (failedLogin) await bff.rateLimits.loginFailed(email);
    // One message whether or not the address has an account.
    const message = t(`errors:${failedLogin ? "wrongCredentials" : error.messageKey}`);
    const headers = error instanceof TooManyRequestsError ? { "Retry-After": String(error.retryAfterSeconds) } : undefined;
    return data(submission.reply({ formErrors: [message], hideFields: ["password"] }), { status: error.status, headers });
  }
}

/** The backend's answers to a wrong address or password: counted against the account, and worded alike. */
const LOGIN_FAILURES = new Set(["wrongCredentials", "emailNotRegistered"]);

export default function Login() {
  const { redirectTo, constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const [form, fields] = useForm<{ email: string; password: string; remember: boolean }>({ id: "login", lastResult, constraint });
  return (
    <PageSection id="login" title={t("account.loginTitle")} width="md">
      <p>{t("account.loginIntro")}</p>
      <PortalForm method="post" {...getFormProps(form)} className="space-y-4">
        <FormErrors form={form} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField label={t("account.email")} meta={fields.email} type="email" autoComplete="username" />
        <TextField label={t("account.password")} meta={fields.password} type="password" autoComplete="current-password" />
        <CheckboxField label={t("account.remember")} meta={fields.remember} />
        <SubmitButton>{t("account.loginSubmit")}</SubmitButton>
      </PortalForm>
      <LinkList
        links={[
          { to: "/passwortvergessen", label: t("password.forgottenLink") },
          { to: "/registrieren", label: t("registration.link") },
        ]}
      />
    </PageSection>
  );
}
