import { randomUUID } from "node:crypto";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { TFunction } from "i18next";
import type { Product } from "#bff/catalogue/replies";
import {
  createRecipientJourney,
  expiredMeanwhile,
  type NewRecipient,
  nextRecipientStep,
  recipientRewardCents,
  recipientSteps,
  resumedStep,
} from "#bff/for-recipients/recipient-flow.server";
import { salutations } from "#bff/platform/domain";
import { type RequestContext } from "#bff/portal/request-context.server";
import type { Bff } from "#bff/portal/services.server";
import type { RecipientDraft } from "#bff/recipient/recipient-draft.server";
import { recipientDataOf, recipientFormValuesOf } from "#bff/recipient/replies";
import { lookUpRecommendation } from "#bff/recommendation/recommendation.server";
import type { Recommendation } from "#bff/recommendation/replies";
import { campaignQuery, channelOf } from "#bff/session/channel.server";
import { optionalPart } from "#bff/tenant/optional-part.server";
import { productOf } from "#bff/tenant-reads/catalogue-flow.server";
import { rewardsValidToday } from "#bff/tenant-reads/reward-flow.server";
import { EXPIRED_PAGE, recipientStepPage, requireFollowable } from "~/access/recipient.server";
import { CheckboxField, FormErrors, SelectField, SubmitButton, TextField } from "~/components/form-field";
import { PageSection } from "~/components/page-section";
import { PortalForm } from "~/components/portal-form";
import { Stepper } from "~/components/stepper";
import { TermsText } from "~/components/terms-text";
import { formatCents } from "~/format";
import { formProps } from "~/forms/field-props";
import {
  recipientDataConstraint,
  type RecipientDataFields,
  recipientDataSchema,
  recommenderEmailProblem,
} from "~/forms/recipient-data.server";
import { useServerForm } from "~/forms/server-form";
import { upstreamFailureReply } from "~/forms/upstream-failure.server";
import { fixedT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { invitationPreview, recommenderName } from "~/link-preview.server";
import { titleMeta } from "~/meta";
import { termsPlainText } from "~/terms-text";
import type { GoalHandle } from "~/tracking";

export const meta = titleMeta;
export const handle: GoalHandle = { goal: "recipientFormViewed" };

/** The reward's picture for the recipient's share: whole, the recipient's half, or none. */
function shareImage(rewardId: number | undefined, recipientShare: number) {
  if (rewardId === undefined || recipientShare === 0) return null;
  return `/praemienbild/${rewardId}/${recipientShare === 100 ? "grafik100" : "grafik50empfaenger"}`;
}

/**
 * A recipient who comes back to the form of a recommendation they already answered goes on where
 * they left off; when the stored recipient no longer exists, its cookie goes.
 */
async function resumeJourney(request: Request, bff: Bff, ctx: RequestContext, empfehlungsnummer: string) {
  const step = await resumedStep(request, bff, ctx, empfehlungsnummer);
  if (step === "forget the recipient") {
    const url = new URL(request.url);
    throw redirect(url.pathname + url.search, { headers: { "Set-Cookie": bff.cookies.recipient.clear() } });
  }
  if (step) throw redirect(recipientStepPage(step));
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const ctx = await context.requestContext(request);
  const { api, config, locale, texts } = ctx;
  await resumeJourney(request, context.bff, ctx, params.empfehlungsnummer!);
  const [recommendation, rewards] = await Promise.all([
    requireFollowable(() => lookUpRecommendation(context.linkLookups, api, params.empfehlungsnummer!)),
    // Only for the reward's picture: the page answers without it.
    optionalPart(context.bff, "rewardPicture", () => rewardsValidToday(context.bff, ctx), []),
  ]);
  // The product card: the page answers without it where the catalogue cannot give it now.
  const product = await productOf(context.bff, ctx, recommendation.Produkt.Id);
  const t = fixedT(texts);
  const { recipientShare } = shownOf(recommendation);
  const draft = context.bff.cookies.recipientDraft.read(request);
  return {
    given: draft?.empfehlungsnummer === recommendation.Empfehlungsnummer ? givenBefore(draft, t) : undefined,
    image: shareImage(rewards[0]?.Id, recipientShare),
    // The head a shared link unfurls as: who invites whom to what, and the friend's benefit (its title is the page's).
    preview: invitationPreview(context.bff, ctx, recommendation),
    recommender: recommenderName(recommendation),
    product: recommendation.Produkt.Name,
    card: productCard(product, locale),
    recipientShare,
    amount: formatCents(recipientRewardCents(config, recipientShare), locale),
    steps: recipientSteps(config, recipientShare > 0),
    // zod stays on the server: the browser gets the constraints as plain data.
    constraint: recipientDataConstraint(),
    submissionId: randomUUID(),
    shown: context.bff.shownRecommendations.seal(request, shownOf(recommendation)),
    // The tenant accepts the terms with the data: the page says so, and links them.
    acceptsTermsByContinuing: config.AgbCheckBoxAutoAccept,
  };
}

/** What the landing shows of the product before its form: its picture, its price where the catalogue has one, up to three of its points. */
function productCard(product: Product | null, locale: string) {
  if (!product) return null;
  const price = (cents: number | null | undefined) => (cents ? formatCents(cents, locale) : null);
  const points = (product.Beschreibung1 ?? "").match(/[^.!?]+[.!?]?/g) ?? [];
  return {
    id: product.Id,
    monthly: price(product.PreisMonatlich),
    once: price(product.PreisEinmalig),
    points: points
      .map((point) => point.trim())
      .filter(Boolean)
      .slice(0, 3),
  };
}

/** What the recipient gave before going on to consent, back in the form; the backend's word on the e-mail address where it refused it. */
function givenBefore(draft: RecipientDraft, t: TFunction): SubmissionResult<string[]> {
  const { werbeeinwilligung, ...given } = recipientFormValuesOf(draft.data);
  return {
    initialValue: { ...given, ...(werbeeinwilligung ? { werbeeinwilligung: "on" } : {}) },
    error: draft.emailProblem ? { email: [t(`errors:${draft.emailProblem}`)] } : undefined,
  };
}

/** What the page shows of a recommendation and its POST relies on. */
function shownOf(recommendation: Recommendation) {
  return {
    empfehlungsnummer: recommendation.Empfehlungsnummer,
    recommenderEmail: recommendation.Empfehler.Email,
    recipientShare: 100 - recommendation.AnteilEmpfehler,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { bff } = context;
  const { api, apiWith, config, texts, formData } = await context.actionContext(request);
  const empfehlungsnummer = params.empfehlungsnummer!;
  const { recommenderEmail, recipientShare } =
    bff.shownRecommendations.of(request, formData.get("shown"), empfehlungsnummer) ??
    shownOf(await requireFollowable(() => lookUpRecommendation(context.linkLookups, api, empfehlungsnummer)));
  const t = fixedT(texts);
  const submission = parseWithZod(formData, { schema: recipientDataSchema(texts) });
  const emailProblem = recommenderEmailProblem(String(formData.get("email") ?? ""), recommenderEmail, texts);
  if (submission.status !== "success" || emailProblem) {
    return data(submission.reply(emailProblem ? { fieldErrors: { email: [emailProblem] } } : undefined), { status: 400 });
  }

  const { submissionId, ...fields } = submission.value;
  const rewarded = recipientShare > 0;
  const recipient: NewRecipient = {
    empfehlungsnummer,
    data: recipientDataOf(fields),
    channel: channelOf(request, context.bff.choices),
    campaign: campaignQuery(request),
    rewarded,
    rewardCents: recipientRewardCents(config, recipientShare),
  };
  if (!config.AgbCheckBoxAutoAccept) {
    // Consent is a step of its own: the data waits for it, sealed, and Back can still correct it.
    const draft = bff.cookies.recipientDraft.write(request, { ...recipient, submissionId }, { persistent: false });
    return redirect(recipientStepPage("consent"), { headers: { "Set-Cookie": draft } });
  }
  try {
    const session = await createRecipientJourney(request, { bff, api, apiWith, requestId: context.requestId }, recipient, {
      submission: { id: submissionId, params },
      termsText: termsPlainText(t("recipient.consentByContinuing")),
    });
    return redirect(recipientStepPage(nextRecipientStep(config, { agbAccepted: true, bankSaved: false, rewarded })), {
      headers: { "Set-Cookie": bff.cookies.recipient.write(request, session, { persistent: false }) },
    });
  } catch (error) {
    // A failed creation removes the stored recipient number.
    const headers = { "Set-Cookie": bff.cookies.recipient.clear() };
    if (expiredMeanwhile(error)) throw redirect(EXPIRED_PAGE, { headers });
    return upstreamFailureReply(error, submission, t, { headers });
  }
}

export default function RecipientData() {
  const loaded = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() ?? loaded.given;
  const { t } = useTranslation();
  const [form, fields] = useServerForm<RecipientDataFields>({
    id: "recipient-data",
    lastResult,
    constraint: loaded.constraint,
    defaultValue: { submissionId: loaded.submissionId },
  });
  const label = (field: keyof RecipientDataFields) => `${t(`recipient.fields.${field}`)} *`;
  const shareText =
    loaded.recipientShare === 0
      ? t("recipient.shareNone", { name: loaded.recommender })
      : loaded.recipientShare === 100
        ? t("recipient.shareAll", { amount: loaded.amount })
        : t("recipient.shareHalf", { amount: loaded.amount, name: loaded.recommender });

  return (
    <PageSection id="recipient" title={t("recipient.heading", { name: loaded.recommender, product: loaded.product })} width="full" tight>
      <Stepper steps={loaded.steps} current="data" />
      {/* The product first, then the form; side by side from 1024 px. */}
      <div className="space-y-6 lg:grid lg:grid-cols-2 lg:items-start lg:gap-10 lg:space-y-0">
        <ProductCard loaded={loaded} shareText={shareText} />
        <div className="max-w-xl space-y-3">
          <p className="text-sm text-slate-700">{t("recipient.intro")}</p>
          <PortalForm method="post" {...formProps(form)} className="space-y-6">
            <FormErrors form={form} />
            <input type="hidden" name={fields.submissionId.name} value={fields.submissionId.initialValue ?? loaded.submissionId} />
            <input type="hidden" name="shown" value={loaded.shown} />
            <fieldset className="space-y-4">
              <legend className="text-lg font-semibold">{t("recipient.personLegend")}</legend>
              <SelectField
                label={label("anrede")}
                meta={fields.anrede}
                placeholder={t("recipient.choose")}
                autoComplete="honorific-prefix"
                options={salutations.map((value) => ({ value, label: t(`recipient.salutations.${value}`) }))}
              />
              <TextField label={label("vorname")} meta={fields.vorname} autoComplete="given-name" />
              <TextField label={label("name")} meta={fields.name} autoComplete="family-name" />
              <TextField label={label("geburtsdatum")} meta={fields.geburtsdatum} autoComplete="bday" hint={t("recipient.dateHint")} />
              <TextField label={label("email")} meta={fields.email} type="email" autoComplete="email" />
              <TextField label={label("telefon")} meta={fields.telefon} type="tel" autoComplete="tel" />
            </fieldset>
            <fieldset className="space-y-4">
              <legend className="text-lg font-semibold">{t("recipient.addressLegend")}</legend>
              {/* No token for the street alone or the house number exists; address-line1 would put both into
              the street. Without one, browsers fill the two from their labels (Straße, Hausnummer). */}
              <TextField label={label("strasse")} meta={fields.strasse} />
              <TextField label={label("hausnummer")} meta={fields.hausnummer} />
              <TextField
                label={t("recipient.fields.adresszusatz")}
                meta={fields.adresszusatz}
                autoComplete="address-line2"
                hint={t("recipient.addressLine2Hint")}
              />
              <TextField
                label={label("plz")}
                meta={fields.plz}
                autoComplete="postal-code"
                inputMode="numeric"
                hint={t("recipient.postcodeHint")}
              />
              <TextField label={label("ort")} meta={fields.ort} autoComplete="address-level2" />
            </fieldset>
            <CheckboxField label={t("recipient.fields.werbeeinwilligung")} meta={fields.werbeeinwilligung} />
            {loaded.acceptsTermsByContinuing ? (
              <p>
                <TermsText text={t("recipient.consentByContinuing")} />
              </p>
            ) : null}
            <SubmitButton>{t("recipient.submit")}</SubmitButton>
          </PortalForm>
        </div>
      </div>
    </PageSection>
  );
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

/** What is recommended, before anything is asked: the product, its price and points, the friend's reward, and what comes next. */
function ProductCard({ loaded, shareText }: { loaded: Loaded; shareText: string }) {
  const { t } = useTranslation();
  const { card } = loaded;
  const prices = card
    ? [
        card.monthly && t("recipient.cardPriceMonthly", { price: card.monthly }),
        card.once && t("recipient.cardPriceOnce", { price: card.once }),
      ]
    : [];
  return (
    <section aria-labelledby="recipient-product" className="card max-w-xl space-y-3">
      <h2 id="recipient-product" className="text-xl font-semibold">
        {loaded.product}
      </h2>
      {prices.some(Boolean) ? <p className="font-medium">{prices.filter(Boolean).join(" · ")}</p> : null}
      {card ? (
        <img src={`/katalogbild/produkt/${card.id}/grafik`} alt="" width={320} height={192} className="h-auto w-full max-w-xs rounded" />
      ) : null}
      {card?.points.length ? (
        <ul className="list-disc space-y-1 pl-5">
          {card.points.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
      ) : null}
      <div className="flex items-center gap-3">
        {loaded.image ? <img src={loaded.image} alt="" width={50} height={50} /> : null}
        <p>
          <strong>{shareText}</strong>
        </p>
      </div>
      <h3 className="font-semibold">{t("recipient.nextTitle")}</h3>
      <ol className="list-decimal space-y-1 pl-5">
        <li>{t("recipient.nextData")}</li>
        <li>{t("recipient.nextContact")}</li>
        <li>{loaded.recipientShare > 0 ? t("recipient.whenPaid") : t("recipient.nextRewardToName", { name: loaded.recommender })}</li>
      </ol>
    </section>
  );
}
