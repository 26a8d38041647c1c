import fs from "node:fs/promises";
import { createAdmin, startPortal, tempDataDir } from "./support/portal";

export const ADMIN = { email: "e2e-admin@example.org", password: "e2e-admin-password" };

/** One shared portal (fresh data, one admin) for the specs that do not need their own. */
export default async function globalSetup() {
  const dataDir = await tempDataDir();
  createAdmin(dataDir, ADMIN.email, ADMIN.password);
  const portal = await startPortal(dataDir);
  process.env.PORTAL_URL = portal.url;
  return async () => {
    await portal.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
}
