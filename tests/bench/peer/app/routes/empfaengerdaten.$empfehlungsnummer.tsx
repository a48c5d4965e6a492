// The peer's recipient data page, the usual way: the loader reads the recommendation; conform with
// zod validates in the browser and on the server; the POST creates the recipient, then completes the
// tracking and accepts the terms (the portal's legacy calls, one after another), and keeps the token
// in the cookie session.
import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import i18next from "../i18next.server";
import { legacy } from "../legacy.server";
import { commitSession, getSession } from "../sessions.server";

const schema = z.object({
  anrede: z.enum(["Frau", "Herr", "Divers"]),
  vorname: z.string().trim().min(1).max(50),
  name: z.string().trim().min(1).max(50),
  geburtsdatum: z.string().regex(/^\d{2}\.\d{2}\.\d{4}$/),
  email: z.email().max(100),
  telefon: z.string().regex(/^\+?[0-9][0-9 ()/-]{4,24}$/),
  strasse: z.string().trim().min(1).max(60),
  hausnummer: z.string().regex(/^\d+[ ]?[a-zA-Z]?([-/]\d+[a-zA-Z]?)?$/),
  plz: z.string().regex(/^\d{5}$/),
  ort: z.string().trim().min(1).max(60),
  werbeeinwilligung: z.boolean().default(false),
});

type Recommendation = { Empfehler: { Vorname: string; Nachname: string }; Produkt: { Name: string } };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const locale = await i18next.getLocale(request);
  const recommendation = await legacy<Recommendation>(`empfehlen/${encodeURIComponent(params.empfehlungsnummer!)}`, { locale });
  return {
    recommender: `${recommendation.Empfehler.Vorname} ${recommendation.Empfehler.Nachname.slice(0, 1)}.`,
    product: recommendation.Produkt.Name,
  };
}

const TERMS_TEXT = "Mit dem Absenden akzeptiere ich die Teilnahmebedingungen und habe die Datenschutzhinweise gelesen.";

export async function action({ request, params }: ActionFunctionArgs) {
  const locale = await i18next.getLocale(request);
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return submission.reply();
  const { strasse, hausnummer, plz, ort, ...person } = submission.value;
  const number = params.empfehlungsnummer!;
  const created = await legacy<{ Empfaengernummer: string; Token: string }>(`empfaenger/create/${encodeURIComponent(number)}`, {
    locale,
    method: "POST",
    body: {
      Anrede: person.anrede,
      Vorname: person.vorname,
      Name: person.name,
      Geburtsdatum: person.geburtsdatum,
      Email: person.email,
      Telefon: person.telefon,
      Werbeeinwilligung: person.werbeeinwilligung,
      Adresse: { Strasse: strasse, Hausnummer: hausnummer, Plz: plz, Ort: ort },
    },
  });
  await legacy("tracking/abschliessen/?channel=co&einsprungsquelle=Einsprungslink", {
    locale,
    method: "POST",
    body: {
      empfehlungsnummer: number,
      empfaengernummer: created.Empfaengernummer,
      empfaengerdaten: { ...person, adresse: { strasse, hausnummer, plz, ort } },
    },
  });
  // The tenant accepts the terms with the data, as the portal's standard tenant does.
  await legacy("empfaenger/zustimmung", { locale, method: "PUT", token: created.Token, body: { AgbText: TERMS_TEXT } });
  const session = await getSession(request.headers.get("Cookie"));
  session.set("recipient", { token: created.Token, empfaengernummer: created.Empfaengernummer });
  return redirect("/bankdaten", { headers: { "Set-Cookie": await commitSession(session) } });
}

const TEXT_FIELDS = ["vorname", "name", "geburtsdatum", "email", "telefon", "strasse", "hausnummer", "plz", "ort"] as const;

export default function RecipientData() {
  const { recommender, product } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const [form, fields] = useForm({ lastResult, onValidate: ({ formData }) => parseWithZod(formData, { schema }) });
  return (
    <main>
      <h1>{t("recipient.title")}</h1>
      <p>{t("recipient.recommendedBy", { name: recommender, product })}</p>
      <Form method="post" {...getFormProps(form)}>
        <label htmlFor={fields.anrede.id}>{t("recipient.fields.anrede")}</label>
        <select {...getSelectProps(fields.anrede)}>
          <option value="">{t("recipient.choose")}</option>
          {["Frau", "Herr", "Divers"].map((salutation) => (
            <option key={salutation}>{salutation}</option>
          ))}
        </select>
        {TEXT_FIELDS.map((name) => (
          <p key={name}>
            <label htmlFor={fields[name].id}>{t(`recipient.fields.${name}`)}</label>
            <input {...getInputProps(fields[name], { type: "text" })} />
            <span id={fields[name].errorId}>{fields[name].errors}</span>
          </p>
        ))}
        <label>
          <input {...getInputProps(fields.werbeeinwilligung, { type: "checkbox" })} /> {t("recipient.fields.werbeeinwilligung")}
        </label>
        <button type="submit">{t("recipient.submit")}</button>
      </Form>
    </main>
  );
}
