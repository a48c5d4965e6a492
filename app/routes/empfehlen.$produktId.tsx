import { randomUUID } from "node:crypto";
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { Form } from "~/components/portal-form";
import { useTranslation } from "react-i18next";
import { campaignQuery, channelOf } from "#bff/channel.server";
import { bountyShares } from "#bff/domain";
import { UpstreamError } from "#bff/errors";
import { createRecommendation, getRecommendationCaptcha } from "#bff/recommendation.server";
import { activeCampaignsOf, loadRecommendableProduct } from "#bff/recommend-flow.server";
import { actionContext, requestContext } from "#bff/request-context.server";
import { CaptchaField, CheckboxField, FieldError, FormMessage, TextField, SubmitButton } from "~/components/form-field";
import { PageSection } from "~/components/page-section";
import { captchaOf } from "~/forms/fields.server";
import { recommendSchema, type RecommendFormOptions } from "~/forms/recommend.server";
import { upstreamFailureReply } from "~/forms/upstream-failure.server";
import { formatCents } from "~/format";
import { fixedT } from "~/i18n/i18n.server";
import { titleMeta } from "~/meta";
import type { GoalHandle } from "~/tracking";

export const meta = titleMeta;
export const handle: GoalHandle = { goal: "recommendFormViewed" };

/** Messages of spec 8 that belong next to a field rather than above the form. */
const FIELD_OF_ERROR: Record<string, string> = {
  captchaRequired: "captchaAnswer",
  captchaWrong: "captchaAnswer",
  emailNotAllowed: "email",
  invalidEmail: "email",
  loginFirst: "email",
  optInRequiredExisting: "email",
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const page = await requestContext(request, context.bff);
  const { api, config, locale, user } = page;
  const t = fixedT(locale);
  const [product, challenge, campaigns] = await Promise.all([
    loadRecommendableProduct(api, params.produktId),
    getRecommendationCaptcha(api, campaignQuery(request)),
    activeCampaignsOf(context.bff, page),
  ]);
  const captcha = captchaOf(challenge);
  const options: RecommendFormOptions = { askRecommender: !user, askCaptcha: Boolean(captcha), defaultShare: config.RecommenderDefaultShare };
  return {
    title: t("recommend.title", { product: product.name }),
    product,
    recommender: user ? { name: `${user.vorname} ${user.nachname}`, email: user.email } : null,
    captcha,
    askNewsletter: config.ModuleNewsletterPermission,
    campaigns: campaigns.map((campaign) => ({ id: campaign.AktionsId, title: campaign.Titel, text: campaign.Text, legal: campaign.RechtsText })),
    defaultShare: config.RecommenderDefaultShare,
    maxReward: formatCents(config.MaxEmpfaengerPraemieCent, locale),
    constraint: getZodConstraint(recommendSchema(t, options)),
    submissionId: randomUUID(),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { bff } = context;
  const { api, config, locale, user, formData } = await actionContext(request, bff);
  const t = fixedT(locale);
  const product = await loadRecommendableProduct(api, params.produktId);
  const options = { askRecommender: !user, askCaptcha: formData.has("captchaId"), defaultShare: config.RecommenderDefaultShare };
  const submission = parseWithZod(formData, { schema: recommendSchema(t, options) });
  const hideFields = ["captchaAnswer"];
  if (submission.status !== "success") return data(submission.reply({ hideFields }), { status: 400 });
  const value = submission.value;
  try {
    const created = await bff.submissions.once(`recommend:${value.submissionId ?? randomUUID()}`, () =>
      createRecommendation(
        api,
        {
          productId: product.id,
          channel: channelOf(request) ?? "portal",
          agbText: t("recommend.agbLabel"),
          share: value.share,
          recommender: {
            vorname: user?.vorname ?? value.vorname!,
            nachname: user?.nachname ?? value.nachname!,
            email: user?.email ?? value.email!,
            newsletterPermission: config.ModuleNewsletterPermission && value.newsletter,
          },
          captcha: value.captchaId ? { id: value.captchaId, answer: value.captchaAnswer ?? "" } : undefined,
          campaigns: value.aktionen,
        },
        campaignQuery(request),
      ),
    );
    return redirect(`/bestaetigung?${new URLSearchParams({ empfehlung: created.Empfehlungsnummer })}`);
  } catch (error) {
    const field = error instanceof UpstreamError ? FIELD_OF_ERROR[error.messageKey] : undefined;
    if (!field || (field === "email" && user)) return upstreamFailureReply(error, submission, t, { hideFields });
    const message = t(`errors:${(error as UpstreamError).messageKey}`);
    return data(submission.reply({ fieldErrors: { [field]: [message] }, hideFields }), { status: 400 });
  }
}

type Fields = {
  submissionId: string;
  vorname: string;
  nachname: string;
  email: string;
  share: number;
  rules: boolean;
  agb: boolean;
  newsletter: boolean;
  captchaId: string;
  captchaAnswer: string;
  aktionen: number[];
};

export default function Recommend() {
  const loaded = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const location = useLocation();
  const { t } = useTranslation();
  const [form, fields] = useForm<Fields>({ id: "recommend", lastResult, constraint: loaded.constraint });
  const chosenShare = fields.share.initialValue ?? String(loaded.defaultShare);
  return (
    <PageSection id="recommend" title={t("recommend.title", { product: loaded.product.name })} width="xl">
      {loaded.product.description ? <p>{loaded.product.description}</p> : null}
      <p className="font-semibold">{t("recommend.rewardUpTo", { amount: loaded.maxReward })}</p>
      <Form method="post" {...getFormProps(form)} className="space-y-6">
        <FormMessage id={form.errorId} errors={form.errors} />
        <input type="hidden" name="submissionId" value={loaded.submissionId} />
        <fieldset className="space-y-4">
          <legend className="text-lg font-semibold">{t("recommend.recommenderLegend")}</legend>
          {loaded.recommender ? (
            <p>{t("recommend.recommendingAs", loaded.recommender)}</p>
          ) : (
            <>
              <p>
                {t("recommend.haveAccount")}{" "}
                <Link to={`/login?${new URLSearchParams({ redirectTo: location.pathname })}`} className="text-brand underline">
                  {t("account.loginSubmit")}
                </Link>
              </p>
              <TextField label={`${t("recipient.fields.vorname")} *`} meta={fields.vorname} autoComplete="given-name" />
              <TextField label={`${t("recipient.fields.name")} *`} meta={fields.nachname} autoComplete="family-name" />
              <TextField label={`${t("account.email")} *`} meta={fields.email} type="email" autoComplete="email" />
            </>
          )}
        </fieldset>
        <fieldset className="space-y-2" aria-describedby={fields.share.errors ? fields.share.errorId : undefined}>
          <legend className="text-lg font-semibold">{t("recommend.shareLegend")}</legend>
          {[...bountyShares].reverse().map((share) => (
            <div key={share} className="flex items-center gap-2">
              <input type="radio" id={`share-${share}`} name={fields.share.name} value={share} defaultChecked={chosenShare === String(share)} className="h-5 w-5" />
              <label htmlFor={`share-${share}`}>{t(`recommend.shares.${share}`)}</label>
            </div>
          ))}
          <FieldError meta={fields.share} />
        </fieldset>
        {loaded.campaigns.map((campaign) => (
          <section key={campaign.id} aria-labelledby={`aktion-${campaign.id}-title`} className="rounded border border-brand p-4">
            <h2 id={`aktion-${campaign.id}-title`} className="font-semibold">
              {campaign.title}
            </h2>
            <p>{campaign.text}</p>
            <div className="mt-2 flex items-start gap-2">
              <input
                type="checkbox"
                id={`aktion-${campaign.id}`}
                name={fields.aktionen.name}
                value={campaign.id}
                defaultChecked={fields.aktionen.initialValue?.includes(String(campaign.id))}
                className="mt-1 h-5 w-5"
              />
              <label htmlFor={`aktion-${campaign.id}`}>{t("recommend.campaignConsent", { legal: campaign.legal })}</label>
            </div>
          </section>
        ))}
        <div className="space-y-3">
          <CheckboxField label={t("recommend.rulesLabel")} meta={fields.rules} />
          <CheckboxField label={t("recommend.agbLabel")} meta={fields.agb} />
          {loaded.askNewsletter ? <CheckboxField label={t("recommend.newsletterLabel")} meta={fields.newsletter} /> : null}
        </div>
        {loaded.captcha ? <CaptchaField captcha={loaded.captcha} meta={fields.captchaAnswer} /> : null}
        <SubmitButton>{t("recommend.submit")}</SubmitButton>
      </Form>
    </PageSection>
  );
}
