// `npm run test:profile`: where the last run's minutes went (reports/, written by `npm test` or by any
// vitest or Playwright run), as Markdown: each step of `npm test`, the end-to-end and unit files by their
// share of the test time, the set-ups by kind, and the slowest tests. docs/testing.md keeps one such profile.
import { existsSync, readFileSync } from "node:fs";
import { relative } from "node:path";
import { SETUP_LOG, SUITE_REPORTS } from "./reports";

type PlaywrightResult = { duration: number; startTime: string; status: string };
type PlaywrightSpec = { title: string; file: string; tests: { results: PlaywrightResult[] }[] };
type PlaywrightSuite = { specs?: PlaywrightSpec[]; suites?: PlaywrightSuite[] };
type PlaywrightReport = { suites: PlaywrightSuite[]; stats: { duration: number; expected: number; unexpected: number; skipped: number } };
type VitestReport = {
  startTime: number;
  testResults: { name: string; startTime: number; endTime: number; assertionResults: { title: string; duration?: number }[] }[];
};
type TimedTest = { file: string; title: string; seconds: number; start: number };

const seconds = (milliseconds: number) => (milliseconds / 1000).toFixed(1);
const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(0)} %`;

function read<T>(name: string): T | null {
  const file = `${SUITE_REPORTS}/${name}`;
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as T) : null;
}

function table(head: string[], rows: (string | number)[][]) {
  return [`| ${head.join(" | ")} |`, `|${head.map(() => "---").join("|")}|`, ...rows.map((row) => `| ${row.join(" | ")} |`)].join("\n");
}

function playwrightTests(suites: PlaywrightSuite[]): TimedTest[] {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap(({ title, file, tests }) =>
      tests.flatMap(({ results }) =>
        results.map(({ duration, startTime }) => ({ file, title, seconds: duration / 1000, start: Date.parse(startTime) })),
      ),
    ),
    ...playwrightTests(suite.suites ?? []),
  ]);
}

function byFile(tests: TimedTest[]) {
  const files = new Map<string, TimedTest[]>();
  for (const test of tests) files.set(test.file, [...(files.get(test.file) ?? []), test]);
  return [...files].map(([file, ofFile]) => ({
    file,
    count: ofFile.length,
    total: ofFile.reduce((sum, { seconds }) => sum + seconds, 0),
    longest: Math.max(...ofFile.map(({ seconds }) => seconds)),
    span: (Math.max(...ofFile.map(({ start, seconds }) => start + seconds * 1000)) - Math.min(...ofFile.map(({ start }) => start))) / 1000,
  }));
}

function stepsSection() {
  const steps = read<{ node: string; seconds: number; steps: { name: string; seconds: number }[] }>("steps.json");
  if (!steps) return "No `npm test` run recorded its steps (reports/steps.json).";
  const rows = steps.steps.map(({ name, seconds: taken }) => [name, taken.toFixed(0)]);
  return `## npm test on Node ${steps.node}: ${(steps.seconds / 60).toFixed(1)} min\n\nTypecheck and lint run side by side.\n\n${table(["step", "s"], rows)}`;
}

function e2eSection() {
  const report = read<PlaywrightReport>("playwright.json");
  if (!report) return "No end-to-end report (reports/playwright.json).";
  const tests = playwrightTests(report.suites);
  const total = tests.reduce((sum, { seconds }) => sum + seconds, 0);
  const files = byFile(tests).sort((a, b) => b.total - a.total);
  const { stats } = report;
  return [
    `## End to end: ${seconds(stats.duration)} s of wall time, ${total.toFixed(0)} s of test time, ${stats.expected} passed, ${stats.unexpected} failed, ${stats.skipped} skipped`,
    "A file's first test carries its `beforeAll` (the portal, nginx, Redis it starts). Span: from its first test's start to its last test's end.",
    table(
      ["file", "tests", "test time s", "share", "longest test s", "span s"],
      files.map(({ file, count, total: ofFile, longest, span }) => [
        file,
        count,
        ofFile.toFixed(1),
        percent(ofFile, total),
        longest.toFixed(1),
        span.toFixed(0),
      ]),
    ),
    "### The 20 slowest tests",
    table(
      ["s", "file", "test"],
      [...tests]
        .sort((a, b) => b.seconds - a.seconds)
        .slice(0, 20)
        .map(({ seconds: taken, file, title }) => [taken.toFixed(1), file, title.slice(0, 90)]),
    ),
  ].join("\n\n");
}

function setupSection() {
  if (!existsSync(SETUP_LOG)) return "No set-up log (reports/setups.jsonl: `npm test` writes it).";
  const lines = readFileSync(SETUP_LOG, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { kind: string; file: string; milliseconds: number });
  const kinds = new Map<string, typeof lines>();
  for (const line of lines) kinds.set(line.kind, [...(kinds.get(line.kind) ?? []), line]);
  const rows = [...kinds].map(([kind, ofKind]) => {
    const total = ofKind.reduce((sum, { milliseconds }) => sum + milliseconds, 0);
    const files = new Set(ofKind.map(({ file }) => file.replace(/^tests\/e2e\//, "")));
    return [kind, ofKind.length, seconds(total), seconds(total / ofKind.length), [...files].join(", ")];
  });
  return `## End-to-end set-ups (from start to first answer)\n\n${table(["kind", "started", "total s", "each s", "files"], rows)}`;
}

function unitSection() {
  const report = read<VitestReport>("vitest.json");
  if (!report) return "No unit report (reports/vitest.json).";
  const files = report.testResults
    .map(({ name, startTime, endTime, assertionResults }) => ({
      file: relative(process.cwd(), name),
      seconds: (endTime - startTime) / 1000,
      count: assertionResults.length,
    }))
    .sort((a, b) => b.seconds - a.seconds);
  const total = files.reduce((sum, { seconds: taken }) => sum + taken, 0);
  return [
    `## Unit and contract: ${files.length} files, ${total.toFixed(0)} s in their tests (the rest of the step is loading and transforming modules)`,
    table(
      ["file", "tests", "s", "share"],
      files.slice(0, 12).map(({ file, count, seconds: taken }) => [file, count, taken.toFixed(1), percent(taken, total)]),
    ),
  ].join("\n\n");
}

console.log([stepsSection(), e2eSection(), setupSection(), unitSection()].join("\n\n"));
