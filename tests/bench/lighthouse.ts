// Lighthouse 12 (its default config: mobile emulation with simulated throttling) in Debian's
// chromium, for the benchmark. The share page needs a logged-in recommender: the session cookie
// comes from the login form, posted as a browser would.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

function cookiesOf(response: Response) {
  return response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
}

async function logIn(origin: string, email: string, password: string) {
  const host = new URL(origin).host;
  const loginPage = await fetch(`${origin}/login`, { headers: { host } });
  const formToken = /name="formToken" value="([^"]+)"/.exec(await loginPage.text())?.[1] ?? "";
  const cookies = cookiesOf(loginPage);
  const loggedIn = await fetch(`${origin}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { host, origin, cookie: cookies.join("; "), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password, formToken }),
  });
  if (loggedIn.status !== 302) throw new Error(`login for Lighthouse answered ${loggedIn.status}`);
  return [...cookies, ...cookiesOf(loggedIn)].join("; ");
}

export async function lighthouseScores(origin: string, paths: string[]) {
  const cookie = await logIn(origin, `demo@${new URL(origin).hostname.split(".")[0]}.example`, "Demo1234");
  const chrome = await chromeLauncher.launch({ chromePath: "/usr/bin/chromium", chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"] });
  try {
    const rows = [];
    for (const path of paths) {
      const result = await lighthouse(`${origin}${path}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility"],
        extraHeaders: { cookie },
      });
      const { performance, accessibility } = result!.lhr.categories;
      rows.push({ path, performance: Math.round((performance.score ?? 0) * 100), accessibility: Math.round((accessibility.score ?? 0) * 100) });
    }
    return rows;
  } finally {
    chrome.kill();
  }
}
