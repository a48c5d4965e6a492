// A steady load through a balancer, as an operator's traffic is while instances restart: anonymous
// pages of every tenant, logged-in sessions reading their personal data, and recipients posting their
// data (each post with its form's submission id, as a browser sends it). Every answer is judged: a 5xx, a
// reset or refused connection reaching the client, a session sent to the login page, or a post not
// acknowledged is a failure. Plain node:http: the tenant is picked by the Host header.
import { setTimeout as sleep } from "node:timers/promises";
import { cookiesOf, httpRequest, type Reply } from "../bench/http";
import { DEMO_PASSWORD } from "./playwright-utils";

type LoadOptions = {
  /** The balancer's port. */
  port: number;
  sessions?: number;
  /** Workers posting recipient data, one post after another each. */
  posters?: number;
  /** Workers asking for anonymous pages. */
  readers?: number;
};

const TENANT_PAGES = [
  ["telekom", "/"],
  ["allianz", "/code"],
  ["friday", "/"],
  ["standard", "/empfaengerdaten/ST-100003"],
] as const;

/** The hidden fields of a page's form (its form token, submission id), as a browser posts them back. */
function hiddenFields(page: Reply | null): Record<string, string> {
  const inputs = page?.body.toString().matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g) ?? [];
  return Object.fromEntries([...inputs].map(([, name, value]) => [name, value.replaceAll("&amp;", "&")]));
}

class Jar {
  private readonly cookies = new Map<string, string>();
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  take(reply: Reply) {
    for (const cookie of cookiesOf(reply)) {
      const [name, value] = cookie.split(/=(.*)/s, 2);
      if (value) this.cookies.set(name, value);
      else this.cookies.delete(name);
    }
  }
}

export function startSteadyLoad({ port, sessions = 20, posters = 3, readers = 3 }: LoadOptions) {
  const failures: string[] = [];
  const counts = { requests: 0, acknowledgedPosts: 0, sessionReads: 0 };
  let running = true;

  async function ask(tenant: string, jar: Jar, path: string, form?: Record<string, string>) {
    const host = `${tenant}.localhost:${port}`;
    const headers: Record<string, string> = { host, cookie: jar.header() };
    if (form) Object.assign(headers, { origin: `http://${host}`, "content-type": "application/x-www-form-urlencoded" });
    counts.requests++;
    try {
      const reply = await httpRequest(port, {
        method: form ? "POST" : "GET",
        path,
        headers,
        body: form && new URLSearchParams(form).toString(),
      });
      jar.take(reply);
      if (reply.status >= 500) failures.push(`${form ? "POST" : "GET"} ${tenant}${path}: ${reply.status}`);
      return reply;
    } catch (error) {
      failures.push(`${form ? "POST" : "GET"} ${tenant}${path}: ${(error as Error).message}`);
      return null;
    }
  }

  async function logIn() {
    const jar = new Jar();
    const page = await ask("telekom", jar, "/login");
    const reply = await ask("telekom", jar, "/login", { ...hiddenFields(page), email: "demo@telekom.example", password: DEMO_PASSWORD });
    if (reply?.status !== 302) throw new Error(`a login for the load was answered ${reply?.status}`);
    return jar;
  }

  async function readPersonalData(jar: Jar) {
    while (running) {
      const reply = await ask("telekom", jar, "/meinedaten");
      if (reply?.status === 200) counts.sessionReads++;
      else if (reply && reply.status < 500)
        failures.push(`a session lost: /meinedaten answered ${reply.status} ${reply.headers.location ?? ""}`);
      await sleep(50);
    }
  }

  async function postRecipients(worker: number) {
    for (let post = 0; running; post++) {
      const jar = new Jar();
      const page = await ask("standard", jar, "/empfaengerdaten/ST-100003");
      const hidden = hiddenFields(page);
      if (!hidden.submissionId) continue;
      const reply = await ask("standard", jar, "/empfaengerdaten/ST-100003", {
        ...hidden,
        anrede: "Frau",
        vorname: "Erika",
        name: "Neustart",
        geburtsdatum: "07.03.1990",
        email: `restart.${worker}.${post}.${Date.now()}@example.org`,
        telefon: "0301234567",
        strasse: "Lindenstraße",
        hausnummer: "12a",
        plz: "10969",
        ort: "Berlin",
      });
      // On to the journey's next step (consent, or bank data where the tenant asks for no consent).
      if (reply?.status === 302 && /^\/(empfaenger\/zustimmung|bankdaten)$/.test(String(reply.headers.location)))
        counts.acknowledgedPosts++;
      else if (reply && reply.status < 500) failures.push(`a post not acknowledged: ${reply.status} ${reply.headers.location ?? ""}`);
    }
  }

  async function readPages(worker: number) {
    for (let index = worker; running; index++) {
      const [tenant, path] = TENANT_PAGES[index % TENANT_PAGES.length];
      await ask(tenant, new Jar(), path);
    }
  }

  const started = (async () => {
    // One after the other: tries of one account in flight count against its login budget.
    const jars: Jar[] = [];
    for (let session = 0; session < sessions; session++) jars.push(await logIn());
    return Promise.all([
      ...jars.map(readPersonalData),
      ...Array.from({ length: posters }, (_, worker) => postRecipients(worker)),
      ...Array.from({ length: readers }, (_, worker) => readPages(worker)),
    ]);
  })();

  return {
    failures,
    counts,
    /** Ends the load once every request in flight is answered. */
    async stop() {
      running = false;
      await started;
      return { failures, ...counts };
    },
  };
}
