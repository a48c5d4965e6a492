/// <reference types="@remix-run/node" />

declare module "*.css" {
  const href: string;
  export default href;
}
