import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import type { Bff } from "#bff/portal/services.server";
import { deleteRecommenderBankData, getRecommenderBankData, saveRecommenderBankData } from "#bff/reward/reward.server";
import { keepLinkToken } from "~/access/link-tokens.server";
import { requireUser } from "~/access/recommender.server";
import { BankDataForm } from "~/components/bank-data-form";
import { Breadcrumb } from "~/components/breadcrumb";
import { Button } from "~/components/button";
import { PortalForm } from "~/components/portal-form";
import { bankDataSchema } from "~/forms/bank-data.server";
import { constraintOf } from "~/forms/built-once.server";
import { upstreamFailureReply } from "~/forms/upstream-failure.server";
import { fixedT } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/use-translation";
import { titleMeta } from "~/meta";
import { withNotice } from "~/notices";

export const meta = titleMeta;

/** Reached by a logged-in recommender, or within a reward pickup with the reward token (kept from the mailed link first). */
async function requireRecommenderOrRewardToken(request: Request, context: { bff: Bff; deadlineAt?: number }) {
  const { bff } = context;
  keepLinkToken(request, bff, "reward");
  const inPickup = !bff.cookies.user.read(request) && Boolean(bff.cookies.reward.read(request));
  if (!inPickup) await requireUser(request, context);
  return { inPickup };
}

function maskIban(iban: string) {
  return `${iban.slice(0, 4)} **** **** ${iban.slice(-4)}`;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { inPickup } = await requireRecommenderOrRewardToken(request, context);
  const { api, config, texts } = await context.requestContext(request);
  const t = fixedT(texts);
  const stored = await getRecommenderBankData(api);
  return {
    title: t("reward.bankTitle"),
    inPickup,
    germanOnly: config.ModuleIBANNurDE,
    stored: stored.Iban ? maskIban(stored.Iban) : null,
    constraint: constraintOf(bankDataSchema(t, { germanOnly: config.ModuleIBANNurDE })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { inPickup } = await requireRecommenderOrRewardToken(request, context);
  const { api, config, texts, formData } = await context.actionContext(request);
  const t = fixedT(texts);
  const submission = parseWithZod(formData, { schema: bankDataSchema(t, { germanOnly: config.ModuleIBANNurDE }) });
  if (formData.get("intent") === "delete" && !inPickup) {
    try {
      await deleteRecommenderBankData(api);
    } catch (error) {
      return upstreamFailureReply(error, submission, t);
    }
    return redirect("/empfehler/bankdaten?geloescht=1");
  }
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    await saveRecommenderBankData(api, submission.value);
  } catch (error) {
    return upstreamFailureReply(error, submission, t);
  }
  return redirect(inPickup ? "/praemiedanke" : withNotice("/meinedaten", "bankdaten-gespeichert"));
}

export default function RecommenderBankData() {
  const { constraint, germanOnly, stored, inPickup } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const { t } = useTranslation();
  const deleted = searchParams.get("geloescht") === "1";
  return (
    <>
      {inPickup ? null : <Breadcrumb parent={{ to: "/meinedaten", label: t("myData.title") }} current={t("reward.bankTitle")} />}
      <BankDataForm
        id="recommender-bank"
        title={t("reward.bankTitle")}
        intro={t("reward.bankIntro")}
        note={stored ? t("reward.bankStored", { iban: stored }) : deleted ? t("reward.bankDeleted") : undefined}
        constraint={constraint}
        germanOnly={germanOnly}
        lastResult={lastResult}
      >
        {stored && !inPickup ? (
          <PortalForm method="post">
            <Button look="secondary" name="intent" value="delete" className="border-red-700 text-red-800">
              {t("reward.bankDelete")}
            </Button>
          </PortalForm>
        ) : null}
      </BankDataForm>
    </>
  );
}
