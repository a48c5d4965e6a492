// Lighthouse 12 (its default config: mobile emulation with simulated throttling) in Debian's
// chromium, for the benchmark. The share page needs a logged-in recommender: the session cookie
// comes from the login form, posted as a browser would.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { cookiesOf, httpRequest } from "./http";
import { median } from "./median";

async function logIn(port: number, host: string, email: string, password: string) {
  const loginPage = await httpRequest(port, { path: "/login", headers: { host } });
  const formToken = /name="formToken" value="([^"]+)"/.exec(loginPage.body.toString())?.[1] ?? "";
  const cookies = cookiesOf(loginPage);
  const loggedIn = await httpRequest(port, {
    method: "POST",
    path: "/login",
    headers: { host, origin: `http://${host}`, cookie: cookies.join("; "), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password, formToken }).toString(),
  });
  if (loggedIn.status !== 302) throw new Error(`login for Lighthouse answered ${loggedIn.status}`);
  return [...cookies, ...cookiesOf(loggedIn)].join("; ");
}

/** The performance score moves between runs; Lighthouse's docs (variability.md): the median of 5 runs is twice as stable as one. */
export const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);

/** Scores of `paths` on the tenant at `host` (a *.localhost name chromium resolves to this machine), logged in. */
export async function lighthouseScores(port: number, host: string, paths: string[]) {
  const cookie = await logIn(port, host, `demo@${host.split(".")[0]}.example`, "Demo1234");
  const origin = `http://${host}`;
  const chrome = await chromeLauncher.launch({
    chromePath: "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  try {
    const rows = [];
    for (const path of paths) {
      const performance: number[] = [];
      const accessibility: number[] = [];
      const unscored: string[] = [];
      for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
        const result = await lighthouse(`${origin}${path}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility"],
          extraHeaders: { cookie },
        });
        const { categories, audits, runtimeError } = result!.lhr;
        // A run without a score (Lighthouse could not measure a metric) says why, and counts as 0.
        if (categories.performance.score === null || categories.accessibility.score === null)
          unscored.push(
            runtimeError?.code ??
              Object.values(audits)
                .filter((audit) => audit.scoreDisplayMode === "error")
                .map((audit) => `${audit.id}: ${audit.errorMessage ?? "error"}`)
                .join("; "),
          );
        performance.push(Math.round((categories.performance.score ?? 0) * 100));
        accessibility.push(Math.round((categories.accessibility.score ?? 0) * 100));
      }
      rows.push({
        path,
        performance: median(performance),
        "performance, lowest–highest": `${Math.min(...performance)}–${Math.max(...performance)}`,
        accessibility: median(accessibility),
        "runs without a score": unscored.join(" / "),
      });
    }
    return rows;
  } finally {
    chrome.kill();
  }
}
