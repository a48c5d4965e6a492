import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type { TFunction } from "i18next";
import { isRefusedLogin, loginHeaders, logInWithinBudget } from "#bff/for-recommenders/auth.server";
import { TooManyRequestsError, UpstreamError } from "#bff/legacy/errors";
import { safeRedirect } from "#bff/platform/redirect";
import { isFormTokenValid } from "#bff/portal/form-token.server";
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
  const ctx = await context.requestContext(request);
  const { texts, user } = ctx;
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), await landingAfterLogin(bff, ctx));
  if (user) throw redirect(redirectTo);
  const t = fixedT(texts);
  return { title: t("account.loginTitle"), redirectTo, constraint: constraintOf(loginSchema(t)) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await refuseInAutologinMode(request, context);
  const { bff } = context;
  const ctx = await context.actionContext(request);
  const { texts, formData } = ctx;
  const t = fixedT(texts);
  if (!isFormTokenValid(request, bff, formData.get("formToken"))) throw new Response(t("errors:forbidden"), { status: 403 });
  const submission = parseWithZod(formData, { schema: loginSchema(t) });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  const { email, password } = submission.value;
  try {
    const user = await logInWithinBudget(request, bff, ctx.api, { email, password });
    return redirect(safeRedirect(submission.value.redirectTo, await landingAfterLogin(bff, ctx)), {
      headers: await loginHeaders(request, bff, user, { remember: submission.value.remember }),
    });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    const lockedOut = error instanceof TooManyRequestsError;
    return data(
      { ...submission.reply({ formErrors: [loginFailureMessage(error, t)], hideFields: ["password"] }), lockedOut },
      { status: error.status, headers: lockedOut ? { "Retry-After": String(error.retryAfterSeconds) } : undefined },
    );
  }
}

/** One message whether or not the address has an account; a used-up budget says how long it lasts. */
function loginFailureMessage(error: UpstreamError, t: TFunction) {
  if (isRefusedLogin(error)) return t("errors:wrongCredentials");
  if (error instanceof TooManyRequestsError) return t(`errors:${error.messageKey}`, { wait: waitInWords(error.retryAfterSeconds, t) });
  return t(`errors:${error.messageKey}`);
}

/** How long a used-up budget of login tries lasts, in words: minutes, or hours where it is the day's budget. */
function waitInWords(seconds: number, t: TFunction) {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes < 120 ? t("account.waitMinutes", { count: minutes }) : t("account.waitHours", { count: Math.ceil(minutes / 60) });
}

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
        {lastResult && "lockedOut" in lastResult && lastResult.lockedOut ? (
          <p>
            <Link to="/passwortvergessen" className="font-semibold text-brand-ink underline">
              {t("errors:resetAfterLockout")}
            </Link>
          </p>
        ) : null}
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
