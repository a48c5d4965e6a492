// Every component of the portal in each of its states, in the look of the tenant whose host serves
// the page: for designers and developers, in development (or where STYLEGUIDE=1 asks for it),
// never indexed. Its own words are German: it is a tool of the team, not a page of the programme.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { tenantOrigins } from "#bff/tenant/tenant.server";
import { requireLoginIfForced } from "~/access/recommender.server";
import { Button, FormPendingContext } from "~/components/button";
import { ChoiceCard } from "~/components/choice-card";
import { Dialog } from "~/components/dialog";
import { CheckboxField, FormErrors, FormMessage, SuccessMessage, TextField } from "~/components/form-field";
import { KeyFigures } from "~/components/key-figures";
import { RECOMMENDATION_STATUSES, StatusChip } from "~/components/status-chip";
import { RewardSummary, Stepper } from "~/components/stepper";
import { useServerForm } from "~/forms/server-form";

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!context.bff.config.styleguide) throw new Response(null, { status: 404 });
  await requireLoginIfForced(request, context);
  const { tenant } = await context.requestContext(request);
  const others = [...tenantOrigins(context.bff.config)]
    .filter(([name]) => name !== tenant.tenant)
    .map(([name, origin]) => ({ name, href: `${origin}/styleguide` }));
  return { tenant: tenant.tenant, others };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Styleguide · ${data?.tenant ?? ""}` },
  { name: "robots", content: "noindex" },
];

/** A form as the server answers it when two fields are in error, the values typed kept. */
const FORM_IN_ERROR = {
  status: "error" as const,
  initialValue: { email: "erika@beispiel", name: "Erika Mustermann" },
  error: {
    email: ["Bitte geben Sie eine gültige E-Mail-Adresse ein."],
    terms: ["Bitte stimmen Sie den Teilnahmebedingungen zu."],
  },
};

export default function Styleguide() {
  const { tenant, others } = useLoaderData<typeof loader>();
  return (
    <div lang="de" className="space-y-10">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold md:text-3xl">Styleguide: {tenant}</h1>
        <p>Jede Komponente in jedem Zustand, im Aussehen dieses Mandanten (Farben aus seiner Konfiguration).</p>
        <nav aria-label="Andere Mandanten" className="flex flex-wrap gap-4">
          {others.map((other) => (
            <a key={other.name} href={other.href} className="underline">
              {other.name}
            </a>
          ))}
        </nav>
      </header>
      <Specimen title="Knöpfe">
        <div className="flex flex-wrap items-center gap-4">
          <Button type="button">Primär</Button>
          <Button type="button" look="secondary">
            Sekundär
          </Button>
          <Button type="button" look="quiet">
            Leise
          </Button>
          <Button type="button" disabled>
            Nicht verfügbar
          </Button>
          <FormPendingContext.Provider value={{ pending: true, submitter: null }}>
            <Button>Wird gesendet (Beispiel)</Button>
          </FormPendingContext.Provider>
        </div>
      </Specimen>
      <FormSpecimen />
      <Specimen title="Hinweise">
        <SuccessMessage>Ihre Angaben sind gespeichert.</SuccessMessage>
        <FormMessage
          id="styleguide-upstream"
          errors={["Der Dienst ist gerade nicht erreichbar. Bitte versuchen Sie es gleich noch einmal."]}
        />
        <p className="notice notice-info">Die Prämie wird in der Regel nach 4 bis 6 Wochen ausgezahlt.</p>
      </Specimen>
      <Specimen title="Karte, Kennzahlen, Status">
        <KeyFigures
          columns="grid-cols-3"
          figures={[
            { label: "Empfeh\u00adlungen", value: 12 },
            { label: "Offen", value: 3 },
            { label: "Prämien erhalten", value: 7 },
          ]}
        />
        <div className="card space-y-2">
          <h3 className="text-lg font-semibold">Eine Karte</h3>
          <p className="flex flex-wrap gap-2">
            {RECOMMENDATION_STATUSES.map((status) => (
              <StatusChip key={status} status={status} />
            ))}
          </p>
        </div>
      </Specimen>
      <Specimen title="Fortschritt">
        <Stepper steps={["data", "consent", "bankData"]} current="consent" />
        <Stepper steps={["data", "consent"]} current="done" />
        <RewardSummary amount="50 €" />
      </Specimen>
      <Specimen title="Dialog (ohne JavaScript im Fluss der Seite, mit JavaScript modal)">
        <p>
          <Link to="?dialog=1" preventScrollReset className="underline">
            Dialog öffnen …
          </Link>
        </p>
        <DialogSpecimen />
      </Specimen>
    </div>
  );
}

function Specimen({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="space-y-4">
      <h2 className="border-b border-slate-200 pb-2 text-xl font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function FormSpecimen() {
  const [form, fields] = useServerForm<{ email: string; name: string; terms: string }>({
    id: "styleguide-form",
    lastResult: FORM_IN_ERROR,
  });
  return (
    <Specimen title="Formular mit Fehlern">
      <form id={form.id} noValidate className="max-w-xl space-y-4" onSubmit={(event) => event.preventDefault()}>
        <FormErrors form={form} />
        <TextField label="Name" meta={fields.name} autoComplete="name" />
        <TextField label="E-Mail-Adresse" meta={fields.email} type="email" hint="Wir schreiben Ihnen nur zu dieser Empfehlung." />
        <fieldset className="space-y-2">
          <legend className="font-medium">Prämie</legend>
          {["Geldprämie", "Gutschein"].map((choice, index) => (
            <ChoiceCard
              key={choice}
              name="reward"
              value={choice}
              defaultChecked={index === 0}
              title={choice}
              hint={index === 1 ? "Höchster Wert" : null}
              detail="Was diese Wahl bedeutet, in einem Satz."
            />
          ))}
        </fieldset>
        <label className="flex items-center gap-2">
          <input type="checkbox" name="newsletter" defaultChecked />
          Angekreuzt
        </label>
        <label className="flex items-center gap-2 text-slate-600">
          <input type="checkbox" name="disabled" disabled />
          Nicht wählbar
        </label>
        <CheckboxField label="Ich stimme den Teilnahmebedingungen zu." meta={fields.terms} />
      </form>
    </Specimen>
  );
}

function DialogSpecimen() {
  const { search } = useLocation();
  return new URLSearchParams(search).has("dialog") ? (
    <Dialog title="Wirklich löschen?" closeTo="/styleguide" closeLabel="Abbrechen">
      <p>Eine Frage, die vor einem endgültigen Schritt noch einmal bestätigt wird.</p>
      <Button type="button">Ja, löschen</Button>
    </Dialog>
  ) : null;
}
