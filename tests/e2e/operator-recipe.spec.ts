// The recipe for running N instances (docs/operations.md), as an operator copies it.
import { expect, test } from "@playwright/test";
import { nginxCheckOfTheRecipe, readmeNginxRecipe } from "../support/nginx";

test("the recipe's nginx block passes `nginx -t` as written, with a certificate in the place it names", () => {
  const { status, output } = nginxCheckOfTheRecipe();
  expect(output).toContain("test is successful");
  expect(status).toBe(0);
});

test("the recipe's nginx block redirects port 80 and sets the forwarded headers itself, never passing on a client's", () => {
  const recipe = readmeNginxRecipe();
  expect(recipe).toMatch(/listen 80;\s*return 301 https:\/\/\$host\$request_uri;/);
  expect(recipe).toContain("proxy_set_header X-Forwarded-Host $host;");
  expect(recipe).toContain("proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;");
  expect(recipe).toContain("proxy_set_header X-Forwarded-Proto $scheme;");
});
