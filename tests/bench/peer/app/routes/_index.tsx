// The peer's home page: the tenant's configuration read once, its rewards on every request.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import i18next from "../i18next.server";
import { legacy, tenantConfig } from "../legacy.server";

type Reward = { Id: number; Name: string; Wert: string; Art: string; Startdatum: string; Enddatum: string | null };

export async function loader({ request }: LoaderFunctionArgs) {
  const locale = await i18next.getLocale(request);
  const [config, rewards] = await Promise.all([tenantConfig(), legacy<Reward[]>("praemie", { locale })]);
  const today = new Date().toISOString().slice(0, 10);
  const valid = rewards.filter((reward) => reward.Startdatum <= today && (!reward.Enddatum || reward.Enddatum >= today));
  return { name: config.Name, rewards: valid.map((reward) => ({ id: reward.Id, name: reward.Name, value: reward.Wert })) };
}

export default function Index() {
  const { name, rewards } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <main>
      <h1>{name}</h1>
      <h2>{t("home_page.howItWorks")}</h2>
      <ul>
        {rewards.map((reward) => (
          <li key={reward.id}>
            {reward.name}: {reward.value}
          </li>
        ))}
      </ul>
      <Link to="/code">{t("home_page.haveCode")}</Link>
    </main>
  );
}
