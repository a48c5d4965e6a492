// What an operator deploys from (deploy/), each file checked by a tool made for it: the compose file
// against the Compose Specification (dclint's schema check), the Kubernetes objects against the
// Kubernetes schema (kubernetes-models), and the alert rules against what the portal serves. Each
// also says what docs/operations.md says of it: the compose file is the one shown there, its nginx
// the recipe as written, the drain shorter than every grace, every alert with its runbook.
import { readFileSync } from "node:fs";
import { DCLinter } from "dclint";
import { Deployment } from "kubernetes-models/apps/v1/Deployment";
import { PodDisruptionBudget } from "kubernetes-models/policy/v1/PodDisruptionBudget";
import { ConfigMap } from "kubernetes-models/v1/ConfigMap";
import { Service } from "kubernetes-models/v1/Service";
import { describe, expect, it } from "vitest";
import { parse, parseAllDocuments } from "yaml";
import { createMetrics } from "../../bff/platform/metrics.server";
import { readmeNginxRecipe } from "../support/nginx";

/** The lines deploy/nginx/portal.conf says of itself before the recipe. */
const COMPOSE_NGINX_HEADER_LINES = 3;
const OPERATIONS = readFileSync("docs/operations.md", "utf8");
const read = (path: string) => readFileSync(path, "utf8");

/** The GitHub anchors of docs/operations.md's headings. */
const anchors = new Set(
  [...OPERATIONS.matchAll(/^#{2,4} (.+)$/gm)].map(([, heading]) =>
    heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N} -]/gu, "")
      .replaceAll(" ", "-"),
  ),
);

describe("deploy/compose.yaml", () => {
  it("is valid under the Compose Specification", () => {
    const linter = new DCLinter({ rules: {}, quiet: true, debug: false, exclude: [] });
    const results = linter.lintFiles(["deploy/compose.yaml"], false);
    // Errors only: the schema's (invalid-schema, invalid-yaml) and dclint's own (an unbound port, an image without a tag); its style warnings aside.
    const errors = results.flatMap(({ messages }) =>
      messages.filter(({ type }) => type === "error").map(({ rule, message }) => `${rule}: ${message}`),
    );
    expect(errors).toEqual([]);
  });

  it("is the compose file docs/operations.md shows, line for line", () => {
    const shown = /```yaml\n(# Two portal instances[\s\S]*?)```/.exec(OPERATIONS)?.[1];
    expect(shown).toBe(read("deploy/compose.yaml"));
  });

  it("runs two instances, nginx, a Redis primary with its replica and three Sentinels, with a stop grace above the portal's", () => {
    const compose = parse(read("deploy/compose.yaml"), { merge: true }) as {
      services: Record<string, { environment?: Record<string, string>; stop_grace_period?: string; command?: string[] }>;
    };
    expect(Object.keys(compose.services).sort()).toEqual(
      ["nginx", "portal-1", "portal-2", "redis-primary", "redis-replica", "sentinel-1", "sentinel-2", "sentinel-3"].sort(),
    );
    for (const name of ["portal-1", "portal-2"]) {
      const { environment = {}, stop_grace_period } = compose.services[name];
      expect(Number(environment.SHUTDOWN_DRAIN_MS)).toBeLessThan(Number(environment.SHUTDOWN_GRACE_MS));
      expect(Number.parseInt(stop_grace_period ?? "10s") * 1000).toBeGreaterThan(Number(environment.SHUTDOWN_GRACE_MS));
    }
    expect(compose.services["redis-replica"].command).toEqual(expect.arrayContaining(["--replicaof", "redis-primary"]));
  });

  it("gives nginx the recipe of docs/operations.md as written, its servers the compose file's instances", () => {
    const conf = read("deploy/nginx/portal.conf").split("\n").slice(COMPOSE_NGINX_HEADER_LINES).join("\n");
    const withTheInstances = readmeNginxRecipe().replace(/(^ {2}server 127\.0\.0\.1:(\d+)(.*);\n)+/m, (servers) =>
      servers.replace(/127\.0\.0\.1:300(\d)/g, "portal-$1:3000"),
    );
    expect(conf).toBe(withTheInstances);
  });
});

describe("deploy/kubernetes/portal.yaml", () => {
  const documents = parseAllDocuments(read("deploy/kubernetes/portal.yaml")).map((document) => document.toJSON() as { kind: string });
  const kinds = { Deployment, Service, ConfigMap, PodDisruptionBudget } as const;
  const objects = documents.map((document) => new kinds[document.kind as keyof typeof kinds](document as never));
  const deployment = objects.find((object): object is Deployment => object instanceof Deployment)!;

  it("holds only objects valid under the Kubernetes schema: a Deployment, a Service, a PodDisruptionBudget and the tenants' ConfigMap", () => {
    expect(documents.map(({ kind }) => kind).sort()).toEqual(["ConfigMap", "Deployment", "PodDisruptionBudget", "Service"]);
    for (const object of objects) expect(() => object.validate()).not.toThrow();
  });

  it("a broken object fails the check (the check is not a formality)", () => {
    const broken = new Deployment({ ...(deployment.toJSON() as object), spec: { replicas: "three" } } as never);
    expect(() => broken.validate()).toThrow();
  });

  it("probes readiness, liveness and start, limits resources, waits before stopping, and grants a grace above the preStop wait and the portal's own", () => {
    const pod = deployment.spec!.template.spec!;
    const [container] = pod.containers;
    const env = Object.fromEntries((container.env ?? []).map(({ name, value }) => [name, value]));
    expect(container.readinessProbe?.httpGet?.path).toBe("/readyz");
    expect(container.livenessProbe?.httpGet?.path).toBe("/healthz");
    expect(container.startupProbe?.httpGet?.path).toBe("/healthz");
    expect(container.resources?.limits?.memory).toBeDefined();
    expect(container.resources?.requests?.cpu).toBeDefined();
    const preStopSeconds = container.lifecycle?.preStop?.sleep?.seconds ?? 0;
    expect(preStopSeconds).toBeGreaterThan(0);
    expect(pod.terminationGracePeriodSeconds! * 1000).toBeGreaterThan(preStopSeconds * 1000 + Number(env.SHUTDOWN_GRACE_MS));
    expect(Number(env.SHUTDOWN_DRAIN_MS)).toBeLessThan(Number(env.SHUTDOWN_GRACE_MS));
    expect(container.env?.find(({ name }) => name === "SESSION_SECRET")?.valueFrom?.secretKeyRef?.key).toBe("SESSION_SECRET");
    expect(env.TENANTS_FILE).toBe("/etc/portal/tenants.json");
    expect(container.securityContext?.readOnlyRootFilesystem).toBe(true);
  });
});

describe("deploy/prometheus/alerts.yml", () => {
  type Rule = { alert: string; expr: string; for: string; labels: { severity: string }; annotations: { runbook_url: string } };
  const rules = (parse(read("deploy/prometheus/alerts.yml")) as { groups: { rules: Rule[] }[] }).groups.flatMap((group) => group.rules);

  it("names only metrics the portal serves (or Prometheus's own `up`)", async () => {
    const served = new Set(["up", ...(await createMetrics().registry.getMetricsAsJSON()).map(({ name }) => name)]);
    for (const { alert, expr } of rules) {
      const named = [...expr.matchAll(/\b(up|(?:portal|nodejs|process)_[a-z0-9_]+?)(?:_bucket|_count|_sum)?(?=[{\s)[]|$)/g)].map(
        ([, name]) => name,
      );
      expect(named.length, alert).toBeGreaterThan(0);
      for (const name of named) expect(served, `${alert}: ${name}`).toContain(name);
    }
  });

  it("gives every alert a duration, a severity and a runbook that docs/operations.md has", () => {
    for (const rule of rules) {
      expect(rule.for, rule.alert).toMatch(/^\d+m$/);
      expect(["page", "ticket"], rule.alert).toContain(rule.labels.severity);
      const [file, anchor] = rule.annotations.runbook_url.split("#");
      expect(file, rule.alert).toBe("docs/operations.md");
      expect(anchors, rule.alert).toContain(anchor);
      expect(anchor).toBe(rule.alert.toLowerCase());
    }
  });
});
