import { randomUUID } from "node:crypto";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { type ContactMessage, getContactCaptcha, sendContactMessage } from "#bff/content/contact.server";
import { getPageVariables } from "#bff/content/tenant-content.server";
import { CaptchaField, CheckboxField, FormErrors, SubmitButton, SuccessMessage, TextAreaField, TextField } from "~/components/form-field";
import { PageSection } from "~/components/page-section";
import { PortalForm } from "~/components/portal-form";
import { constraintOf } from "~/forms/built-once.server";
import { contactSchema } from "~/forms/contact.server";
import { captchaOf } from "~/forms/fields.server";
import { upstreamFailureReply } from "~/forms/upstream-failure.server";
import { fixedT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { titleMeta } from "~/meta";

export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, texts, user } = await context.requestContext(request);
  const t = fixedT(texts);
  const [challenge, service] = await Promise.all([
    getContactCaptcha(api),
    // The hotline and its hours, where the tenant names them; the form works without.
    getPageVariables(api, "kontakt", ["Hotline", "Servicezeiten"]).catch(() => ({}) as Record<string, string>),
  ]);
  const captcha = captchaOf(challenge);
  return {
    title: t("contact.title"),
    hotline: service.Hotline ? { number: service.Hotline, hours: service.Servicezeiten ?? null } : null,
    captcha,
    constraint: constraintOf(contactSchema(t, { askCaptcha: Boolean(captcha) })),
    submissionId: randomUUID(),
    defaults: user ? { vorname: user.vorname, nachname: user.nachname, email: user.email } : {},
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, texts, formData } = await context.actionContext(request);
  const t = fixedT(texts);
  const submission = parseWithZod(formData, { schema: contactSchema(t, { askCaptcha: formData.has("captchaId") }) });
  const hideFields = ["captchaAnswer"];
  if (submission.status !== "success") return data(submission.reply({ hideFields }), { status: 400 });
  const { submissionId, captchaId, captchaAnswer, ...message } = submission.value;
  try {
    await context.bff.submissions.onceFromBrowser(request, { form: "contact", id: submissionId }, async () => {
      if (message.kopieAnMich) await context.bff.rateLimits.mailTo(message.email);
      return sendContactMessage(api, { ...message, captcha: captchaId ? { id: captchaId, answer: captchaAnswer ?? "" } : undefined });
    });
  } catch (error) {
    return upstreamFailureReply(error, submission, t, { hideFields });
  }
  return redirect(`/kontakt?gesendet=${message.kopieAnMich ? "kopie" : "1"}`);
}

/** The form's fields: the message as the backend takes it, and the captcha's answer. */
type Fields = Omit<ContactMessage, "captcha"> & { captchaAnswer: string };

type HotlineView = { number: string; hours: string | null };

function PhoneLink({ number }: { number: string }) {
  return (
    <a href={`tel:${number.replace(/[^\d+]/g, "")}`} className="text-brand-ink underline">
      {number}
    </a>
  );
}

/**
 * The introduction and the hotline, the number once on the page: where the tenant's own introduction names it,
 * it is the call link there and only the hours follow; else a line of its own.
 */
function IntroAndHotline({ intro, hotline }: { intro: string | null; hotline: HotlineView | null }) {
  const { t } = useTranslation();
  const at = hotline && intro ? intro.indexOf(hotline.number) : -1;
  if (hotline && intro && at >= 0)
    return (
      <>
        <p>
          {intro.slice(0, at)}
          <PhoneLink number={hotline.number} />
          {intro.slice(at + hotline.number.length)}
        </p>
        {hotline.hours ? <p>{t("contact.hours", { hours: hotline.hours })}</p> : null}
      </>
    );
  return (
    <>
      {intro ? <p>{intro}</p> : null}
      {hotline ? (
        <p>
          {t("contact.hotline")}: <PhoneLink number={hotline.number} />
          {hotline.hours ? ` (${hotline.hours})` : null}
        </p>
      ) : null}
    </>
  );
}

export default function Contact() {
  const { captcha, constraint, submissionId, defaults, hotline } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const { t } = useTranslation();
  const [form, fields] = useForm<Fields>({ id: "contact", lastResult, constraint, defaultValue: defaults });
  const sent = searchParams.get("gesendet");
  return (
    <PageSection id="contact" title={t("contact.title")} width="xl">
      {sent ? <SuccessMessage>{t(sent === "kopie" ? "contact.sentWithCopy" : "contact.sent")}</SuccessMessage> : null}
      <IntroAndHotline intro={sent ? null : t("contact.intro")} hotline={hotline} />
      <PortalForm method="post" {...getFormProps(form)} className="space-y-4">
        <FormErrors form={form} />
        <input type="hidden" name="submissionId" value={submissionId} />
        <TextField label={`${t("contact.fields.vorname")} *`} meta={fields.vorname} autoComplete="given-name" />
        <TextField label={`${t("contact.fields.nachname")} *`} meta={fields.nachname} autoComplete="family-name" />
        <TextField label={`${t("contact.fields.email")} *`} meta={fields.email} type="email" autoComplete="email" />
        <TextField label={`${t("contact.fields.betreff")} *`} meta={fields.betreff} />
        <TextAreaField label={`${t("contact.fields.nachricht")} *`} meta={fields.nachricht} />
        <CheckboxField label={t("contact.fields.kopieAnMich")} meta={fields.kopieAnMich} />
        {captcha ? <CaptchaField captcha={captcha} meta={fields.captchaAnswer} /> : null}
        <SubmitButton>{t("contact.submit")}</SubmitButton>
      </PortalForm>
    </PageSection>
  );
}
