/** A `.po` catalogue, compiled when imported (@lingui/vite-plugin; decision 0031). */
declare module "*.po" {
  import type { Messages } from "@lingui/core";
  export const messages: Messages;
}
