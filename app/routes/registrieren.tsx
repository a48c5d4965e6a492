import { randomUUID } from "node:crypto";
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { createRecommender, resendWelcomeMail } from "#bff/account/account.server";
import { UpstreamError } from "#bff/legacy/errors";
import { type ActionContext } from "#bff/portal/request-context.server";
import type { Bff } from "#bff/portal/services.server";
import { submissionIdIn } from "#bff/state/submissions.server";
import { keepLinkToken } from "~/access/link-tokens.server";
import { type AutologinNoticeHandle, refuseInAutologinMode } from "~/access/recommender.server";
import { Button } from "~/components/button";
import { FormErrors, FormMessage, SubmitButton, TextField } from "~/components/form-field";
import { PageSection } from "~/components/page-section";
import { PortalForm } from "~/components/portal-form";
import { SetPasswordForm } from "~/components/set-password-form";
import { constraintOf } from "~/forms/built-once.server";
import { emailOnlySchema, registrationSchema } from "~/forms/registration.server";
import { failedCallReply, upstreamFailureReply } from "~/forms/upstream-failure.server";
import { fixedT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { titleMeta } from "~/meta";
import { loadPasswordLink, submitPasswordLink } from "~/screens/password-link.server";

export const meta = titleMeta;
/** The root shows the autologin notice instead of this page's form. */
export const handle: AutologinNoticeHandle = { passwordForm: true };

const PAGE = "/registrieren";

/** Registration (createEmpfehler); opened from the welcome mail, the same page completes it with a password. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  keepLinkToken(request, context.bff, "mail");
  const ctx = await context.requestContext(request);
  if (ctx.user) throw redirect("/persoenlicherbereich");
  const t = fixedT(ctx.texts);
  const passwordLink = await loadPasswordLink(request, context.bff, ctx, PAGE);
  return {
    title: t(passwordLink.link === "none" ? "registration.title" : "registration.completeTitle"),
    ...passwordLink,
    registrationConstraint: constraintOf(registrationSchema(t)),
    submissionId: randomUUID(),
  };
}

async function register(request: Request, bff: Bff, { api, texts, formData }: ActionContext) {
  const t = fixedT(texts);
  const submission = parseWithZod(formData, { schema: registrationSchema(t) });
  if (submission.status !== "success") return data({ registration: submission.reply() }, { status: 400 });
  const { vorname, nachname, email } = submission.value;
  try {
    await bff.submissions.onceFromBrowser(request, { form: "register", id: submissionIdIn(formData) }, async () => {
      await bff.rateLimits.mailTo(email);
      return createRecommender(api, { vorname, nachname, email });
    });
    return { sent: email };
  } catch (error) {
    // An address with an account gets the same answer as a new one: nobody learns who has an account (docs/decisions/043).
    if (error instanceof UpstreamError && error.messageKey === "emailExists") return { sent: email };
    const failure = upstreamFailureReply(error, submission, t);
    return data({ registration: failure.data }, failure.init ?? undefined);
  }
}

async function resend(bff: Bff, { api, texts, formData }: ActionContext) {
  const t = fixedT(texts);
  const submission = parseWithZod(formData, { schema: emailOnlySchema(t) });
  if (submission.status !== "success")
    return data({ sent: String(formData.get("email") ?? ""), resendError: t("validation:email") }, { status: 400 });
  try {
    await bff.rateLimits.mailTo(submission.value.email);
    await resendWelcomeMail(api, submission.value.email);
    return { sent: submission.value.email, resent: true };
  } catch (error) {
    // Unknown to the backend: answered as sent, like a known address.
    if (error instanceof UpstreamError && error.messageKey === "emailNotRegistered") return { sent: submission.value.email, resent: true };
    return failedCallReply(error, t, (message) => ({ sent: submission.value.email, resendError: message }));
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  await refuseInAutologinMode(request, context);
  const ctx = await context.actionContext(request);
  const intent = ctx.formData.get("intent");
  if (intent === "set-password") return submitPasswordLink(request, context.bff, PAGE, ctx);
  if (intent === "resend") return resend(context.bff, ctx);
  return register(request, context.bff, ctx);
}

type ActionData = {
  registration?: SubmissionResult<string[]>;
  sent?: string;
  resent?: boolean;
  resendError?: string;
};

export default function Register() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const { t } = useTranslation();
  if (loaded.link !== "none") {
    return (
      <PageSection id="complete-registration" title={t("registration.completeTitle")} width="md">
        <p>{t("registration.completeIntro")}</p>
        <SetPasswordForm
          id="complete-registration-form"
          link={loaded.link}
          hint={loaded.hint}
          constraint={loaded.constraint}
          lastResult={actionData as never}
          submitLabel={t("registration.completeSubmit")}
        />
      </PageSection>
    );
  }
  return (
    <PageSection id="registration" title={t("registration.title")} width="md">
      {actionData?.sent ? (
        <WelcomeMailSent {...actionData} email={actionData.sent} />
      ) : (
        <RegistrationForm lastResult={actionData?.registration} />
      )}
    </PageSection>
  );
}

function RegistrationForm({ lastResult }: { lastResult: ActionData["registration"] }) {
  const { registrationConstraint, submissionId } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const [form, fields] = useForm<{ vorname: string; nachname: string; email: string; emailRepeat: string }>({
    id: "registration-form",
    lastResult,
    constraint: registrationConstraint,
  });
  return (
    <>
      <p>{t("registration.intro")}</p>
      <PortalForm method="post" {...getFormProps(form)} className="space-y-4">
        <FormErrors form={form} />
        <input type="hidden" name="submissionId" value={submissionId} />
        <TextField label={t("recipient.fields.vorname")} meta={fields.vorname} autoComplete="given-name" />
        <TextField label={t("recipient.fields.name")} meta={fields.nachname} autoComplete="family-name" />
        <TextField label={t("account.email")} meta={fields.email} type="email" autoComplete="email" />
        <TextField label={t("registration.emailRepeat")} meta={fields.emailRepeat} type="email" autoComplete="email" />
        <SubmitButton name="intent" value="register">
          {t("registration.submit")}
        </SubmitButton>
      </PortalForm>
      <p>
        {t("registration.haveAccount")}{" "}
        <Link to="/login" className="text-brand-ink underline">
          {t("account.loginSubmit")}
        </Link>
      </p>
    </>
  );
}

function WelcomeMailSent({ email, resent, resendError }: { email: string; resent?: boolean; resendError?: string }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <p role="status">{t(resent ? "registration.resent" : "registration.sent", { email })}</p>
      <p>
        {t("registration.alreadyRegistered")}{" "}
        <Link to="/login" className="text-brand-ink underline">
          {t("account.loginSubmit")}
        </Link>
        {" · "}
        <Link to="/passwortvergessen" className="text-brand-ink underline">
          {t("password.forgottenLink")}
        </Link>
      </p>
      <FormMessage id="resend-error" errors={resendError ? [resendError] : undefined} />
      <PortalForm method="post">
        <input type="hidden" name="email" value={email} />
        <Button look="secondary" name="intent" value="resend">
          {t("registration.resend")}
        </Button>
      </PortalForm>
    </div>
  );
}
