import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Link, useLocation } from "@remix-run/react";
import { formatCents } from "~/format";
import { useTranslation } from "~/i18n/use-translation";
import type { RecommendFormData } from "~/screens/recommend.server";
import { ChoiceCard } from "./choice-card";
import { CaptchaField, CheckboxField, FieldError, FormErrors, SubmitButton, TextField } from "./form-field";
import { PageSection } from "./page-section";
import { PortalForm } from "./portal-form";
import { RewardOfferLine } from "./reward-offer";
import { TermsText } from "./terms-text";

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

/** The recommendation form: the recommender's own, or an agent's on a person's behalf (then the person's data is asked). */
type RecommendResult = SubmissionResult<string[]> & { existingLink?: string };

export function RecommendForm({ loaded, lastResult }: { loaded: RecommendFormData; lastResult: RecommendResult | undefined }) {
  const location = useLocation();
  const { t, i18n } = useTranslation();
  const [form, fields] = useForm<Fields>({ id: "recommend", lastResult, constraint: loaded.constraint });
  const chosenShare = fields.share.initialValue ?? String(loaded.defaultShare);
  return (
    <PageSection id="recommend" title={loaded.title} width="xl">
      {/* The product's picture (GET produkt/{id}/grafik through the portal), sized so nothing shifts. */}
      <img
        src={`/katalogbild/produkt/${loaded.product.id}/grafik`}
        alt=""
        width={320}
        height={192}
        className="h-auto w-full max-w-xs rounded"
      />
      {loaded.product.description ? <p>{loaded.product.description}</p> : null}
      <div>
        <p className="font-semibold">
          <RewardOfferLine offer={loaded.offer} friendUpTo />
        </p>
        <p className="text-sm text-slate-700">{t("rewardOffer.whenPaid")}</p>
      </div>
      {loaded.existingLink ? (
        <ExistingLink existing={loaded.existingLink} />
      ) : (
        <PortalForm method="post" {...getFormProps(form)} className="space-y-6">
          <FormErrors form={form} />
          {lastResult?.existingLink ? (
            <p>
              <Link to={lastResult.existingLink} className="btn btn-secondary">
                {t("recommend.existingLink.action")}
              </Link>
            </p>
          ) : null}
          <input type="hidden" name="submissionId" value={loaded.submissionId} />
          {loaded.recommendedAgent ? (
            <>
              <input type="hidden" name="berater" value={loaded.recommendedAgent.id} />
              <p className="rounded border border-brand-ink p-3">{t("recommend.withAgent", { agent: loaded.recommendedAgent.name })}</p>
            </>
          ) : null}
          <fieldset className="space-y-4">
            <legend className="text-lg font-semibold">
              {t(loaded.agentName ? "recommend.onBehalfLegend" : "recommend.recommenderLegend")}
            </legend>
            {loaded.recommender ? (
              <p>{t("recommend.recommendingAs", loaded.recommender)}</p>
            ) : (
              <>
                {loaded.agentName ? (
                  <p>{t("recommend.onBehalf", { agent: loaded.agentName })}</p>
                ) : (
                  <p>
                    {t("recommend.haveAccount")}{" "}
                    <Link to={`/login?${new URLSearchParams({ redirectTo: location.pathname })}`} className="text-brand-ink underline">
                      {t("account.loginSubmit")}
                    </Link>
                  </p>
                )}
                <TextField label={`${t("recipient.fields.vorname")} *`} meta={fields.vorname} autoComplete="given-name" />
                <TextField label={`${t("recipient.fields.name")} *`} meta={fields.nachname} autoComplete="family-name" />
                <TextField label={`${t("account.email")} *`} meta={fields.email} type="email" autoComplete="email" />
              </>
            )}
          </fieldset>
          <fieldset
            id={fields.share.id}
            className="min-w-0 space-y-2"
            aria-describedby={fields.share.errors ? fields.share.errorId : undefined}
          >
            <legend className="text-lg font-semibold">{t("recommend.shareLegend")}</legend>
            {loaded.offer.friendCents > 0 ? (
              <p className="text-sm text-slate-700">
                {t("rewardOffer.friendCap", { max: formatCents(loaded.offer.friendCents, i18n.language) })}
              </p>
            ) : null}
            {[...loaded.splits].reverse().map((split) => (
              <ChoiceCard
                key={split.share}
                name={fields.share.name}
                value={String(split.share)}
                defaultChecked={chosenShare === String(split.share)}
                title={t(`recommend.shares.${split.share}`)}
                detail={<RewardOfferLine offer={split.offer} stacked />}
              />
            ))}
            <FieldError meta={fields.share} />
          </fieldset>
          {loaded.campaigns.map((campaign) => (
            <section key={campaign.id} aria-labelledby={`aktion-${campaign.id}-title`} className="rounded border border-brand-ink p-4">
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
            <CheckboxField label={<TermsText text={t("recommend.agbLabel")} />} meta={fields.agb} />
            {loaded.askNewsletter ? <CheckboxField label={t("recommend.newsletterLabel")} meta={fields.newsletter} /> : null}
          </div>
          {loaded.captcha ? <CaptchaField captcha={loaded.captcha} meta={fields.captchaAnswer} /> : null}
          <SubmitButton>{t("recommend.submit")}</SubmitButton>
        </PortalForm>
      )}
    </PageSection>
  );
}

/** The open link the recommender has for this product, said before any form: share it; when a new one can come. */
function ExistingLink({ existing }: { existing: NonNullable<RecommendFormData["existingLink"]> }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="existing-link" className="notice notice-info space-y-3">
      <h2 id="existing-link" className="font-semibold">
        {existing.says}
      </h2>
      {existing.newFrom ? <p>{existing.newFrom}</p> : null}
      <p>
        <Link to={existing.page} className="btn btn-primary">
          {t("recommend.existingLink.share")}
        </Link>
      </p>
    </section>
  );
}
