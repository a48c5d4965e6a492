import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "#bff/auth.server";
import { requestContext } from "#bff/request-context.server";
import { getRecommenderBankData, saveRecommenderBankData } from "#bff/reward.server";
import type { Bff } from "#bff/services.server";
import { BankDataForm } from "~/components/bank-data-form";
import { bankDataSchema } from "~/forms/bank-data.server";
import { upstreamFailureReply } from "~/forms/upstream-failure.server";
import { fixedT } from "~/i18n/i18n.server";
import { titleMeta } from "~/meta";

export const meta = titleMeta;

/** Reached by a logged-in recommender, or within a reward pickup with the reward token. */
function requireRecommenderOrRewardToken(request: Request, bff: Bff) {
  const inPickup = !bff.cookies.user.read(request) && Boolean(bff.cookies.reward.read(request));
  if (!inPickup) requireUser(request, bff);
  return { inPickup };
}

function maskIban(iban: string) {
  return `${iban.slice(0, 4)} **** **** ${iban.slice(-4)}`;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireRecommenderOrRewardToken(request, context.bff);
  const { api, config, locale } = await requestContext(request, context.bff);
  const t = fixedT(locale);
  const stored = await getRecommenderBankData(api);
  return {
    title: t("reward.bankTitle"),
    inPickup: requireRecommenderOrRewardToken(request, context.bff).inPickup,
    germanOnly: config.ModuleIBANNurDE,
    stored: stored.Iban ? maskIban(stored.Iban) : null,
    constraint: getZodConstraint(bankDataSchema(t, { germanOnly: config.ModuleIBANNurDE })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { inPickup } = requireRecommenderOrRewardToken(request, context.bff);
  const { api, config, locale } = await requestContext(request, context.bff);
  const t = fixedT(locale);
  const submission = parseWithZod(await request.formData(), { schema: bankDataSchema(t, { germanOnly: config.ModuleIBANNurDE }) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    await saveRecommenderBankData(api, submission.value);
  } catch (error) {
    return upstreamFailureReply(error, submission, t);
  }
  return redirect(inPickup ? "/praemiedanke" : "/meinedaten");
}

export default function RecommenderBankData() {
  const { constraint, germanOnly, stored, inPickup } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <>
      {inPickup ? null : (
        <nav aria-label={t("breadcrumb")} className="mb-4 text-sm">
          <ol className="flex gap-2">
            <li>
              <Link to="/meinedaten" className="underline">
                {t("myData.title")}
              </Link>{" "}
              /
            </li>
            <li aria-current="page">{t("reward.bankTitle")}</li>
          </ol>
        </nav>
      )}
      <BankDataForm
      id="recommender-bank"
      title={t("reward.bankTitle")}
      intro={t("reward.bankIntro")}
      note={stored ? t("reward.bankStored", { iban: stored }) : undefined}
      constraint={constraint}
      germanOnly={germanOnly}
      lastResult={lastResult}
      />
    </>
  );
}
