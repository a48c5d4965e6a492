import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { UpstreamError } from "#bff/core/errors";
import { actionContext, requestContext } from "#bff/core/request-context.server";
import { qrCodeSvg } from "#bff/recommender/qr-code.server";
import { loadSharedRecommendation } from "#bff/recommender/recommend-flow.server";
import { createOfflineCode } from "#bff/recommender/recommendation.server";
import { shareActions } from "#bff/recommender/share-channels.server";
import { personalLink } from "~/access/recipient.server";
import { requireLoginIfForced } from "~/access/recommender.server";
import { Button } from "~/components/button";
import { FormMessage } from "~/components/form-field";
import { PageSection } from "~/components/page-section";
import { Form } from "~/components/portal-form";
import { ShareEnhancements } from "~/components/share-enhancements";
import { fixedT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { titleMeta } from "~/meta";
import { type GoalHandle, useTrackGoal } from "~/tracking";

export const meta = titleMeta;
export const handle: GoalHandle = { goal: "shareViewed" };

/** EmpfehlungTeilen: the personal link, one plain link per enabled channel, a QR code, the offline code. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireLoginIfForced(request, context.bff);
  const { api, config, locale, user, tenant } = await requestContext(request, context.bff);
  // In autologin mode the share page needs a login; a logged-out visitor goes home.
  if (config.IsAutologin && !user) throw redirect("/");
  const number = params.empfehlungsnummer!;
  const recommendation = await loadSharedRecommendation(api, number);
  const t = fixedT(locale);
  const product = recommendation.Produkt.Name;
  const link = personalLink(recommendation, tenant.origin);
  const message = { subject: t("share.subject", { product }), text: (url: string) => t("share.text", { product, url }) };
  const qrPicture = `/empfehlung/${encodeURIComponent(number)}/qr.png`;
  return {
    title: t("share.title"),
    number,
    product,
    link,
    fullLink: recommendation.Empfehlungslink ?? link,
    message: { subject: message.subject, text: t("share.text", { product, url: "" }).trim() },
    actions: shareActions(config, link, message, qrPicture),
    qrSvg: await qrCodeSvg(link),
    offlineCode: config.ModuleErstelleOfflineEmpfehlungCode && Boolean(user),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await requireLoginIfForced(request, context.bff);
  const { api, config, locale, user } = await actionContext(request, context.bff);
  const t = fixedT(locale);
  if (!config.ModuleErstelleOfflineEmpfehlungCode || !user) return data({ code: null, error: t("errors:loginFirst") }, { status: 403 });
  try {
    const { Code } = await createOfflineCode(api, params.empfehlungsnummer!);
    return { code: Code, error: null };
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return data({ code: null, error: t(`errors:${error.messageKey}`) }, { status: error.status });
  }
}

export default function ShareRecommendation() {
  const loaded = useLoaderData<typeof loader>();
  const created = useActionData<typeof action>();
  const { t } = useTranslation();
  const trackGoal = useTrackGoal();
  return (
    <PageSection id="share" title={t("share.title")} width="3xl">
      <p>{t("share.intro", { product: loaded.product })}</p>
      <dl className="space-y-2">
        <dt className="font-medium">{t("share.shortLink")}</dt>
        <dd className="break-all font-mono">
          <a href={loaded.link} className="text-brand-ink underline">
            {loaded.link}
          </a>
        </dd>
        {loaded.fullLink !== loaded.link ? (
          <>
            <dt className="font-medium">{t("share.fullLink")}</dt>
            <dd className="break-all font-mono text-sm">{loaded.fullLink}</dd>
          </>
        ) : null}
      </dl>
      <ShareEnhancements link={loaded.link} title={loaded.message.subject} text={loaded.message.text} />
      <h2 className="text-xl font-semibold">{t("share.channelsTitle")}</h2>
      <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 md:grid-cols-3">
        {loaded.actions.map((action) => (
          <li key={action.channel}>
            <a
              href={action.href}
              className="block rounded border border-slate-400 px-4 py-3 text-center font-medium hover:border-brand-ink"
              onClick={() => trackGoal(`share${action.channel}`)}
              {...(action.channel === "Story"
                ? { download: "" }
                : action.href.startsWith("http")
                  ? { target: "_blank", rel: "noopener noreferrer" }
                  : {})}
            >
              {t(`share.channels.${action.channel}`)}
            </a>
          </li>
        ))}
      </ul>
      <h2 className="text-xl font-semibold">{t("share.qrTitle")}</h2>
      <figure className="w-48">
        <div role="img" aria-label={t("share.qrAlt", { link: loaded.link })} dangerouslySetInnerHTML={{ __html: loaded.qrSvg }} />
      </figure>
      {loaded.offlineCode ? (
        <section aria-labelledby="offline-code-title" className="space-y-2">
          <h2 id="offline-code-title" className="text-xl font-semibold">
            {t("share.offlineTitle")}
          </h2>
          <p>{t("share.offlineIntro")}</p>
          <FormMessage id="offline-code-error" errors={created?.error ? [created.error] : undefined} />
          {created?.code ? (
            <p role="status">
              {t("share.offlineCode")} <strong className="font-mono text-xl">{created.code}</strong>
            </p>
          ) : (
            <Form method="post">
              <Button look="secondary" name="intent" value="offline-code">
                {t("share.offlineCreate")}
              </Button>
            </Form>
          )}
        </section>
      ) : null}
    </PageSection>
  );
}
