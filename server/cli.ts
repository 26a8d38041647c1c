import { parseArgs } from "node:util";
import type { ServerBuild } from "react-router";
import { ConfigError, getConfig } from "~/.server/config";
import { type AppContext, openAppContext, closeAppContext } from "~/.server/context";
import { migrateToLatest } from "~/.server/db/migrate";
import { checkHealth } from "~/.server/health";
import { createUser, UserInputError } from "~/.server/users/users.service";
import { loadDemoContent } from "~/.server/demo/demo.service";
import { readPassword } from "./read-password";
import { serve } from "./serve";

const HELP = `Usage: npm run portal -- <command>

Commands:
  serve                               migrate the database and serve the portal (npm start)
  migrate                             apply pending database migrations
  admin:create --email E [--name N]   create an admin account (password from stdin or prompt)
  demo                                load realistic demo content (idempotent)
  check                               self-test of the database, migrations and storage
  help                                this text

Configuration comes from the environment; see .env.example.`;

/** Runs one `portal` command; returns the process exit code. */
export async function runCommand(command: string, args: string[], build: ServerBuild): Promise<number> {
  try {
    getConfig(); // fail early, with the list of problems, on an invalid environment
    switch (command) {
      case "serve":
        return await serve(build);
      case "migrate":
        return await withContext({ migrate: false }, migrate);
      case "admin:create":
        return await withContext({}, (ctx) => adminCreate(ctx, args));
      case "demo":
        return await withContext({}, async (ctx) => {
          const summary = await loadDemoContent(ctx);
          console.log(summary);
          return 0;
        });
      case "check":
        return await withContext({}, check);
      case "help":
      case "--help":
        console.log(HELP);
        return 0;
      default:
        console.error(`Unknown command "${command}".\n\n${HELP}`);
        return 2;
    }
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    console.error(`portal ${command}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

async function withContext(options: { migrate?: boolean }, run: (ctx: AppContext) => Promise<number>): Promise<number> {
  const ctx = await openAppContext({ config: getConfig(), migrate: options.migrate });
  try {
    return await run(ctx);
  } finally {
    await closeAppContext(ctx);
  }
}

async function migrate(ctx: AppContext): Promise<number> {
  const applied = await migrateToLatest(ctx.db.kysely, ctx.db.engine);
  console.log(applied.length ? `Applied ${applied.length} migration(s): ${applied.join(", ")}` : "The database is up to date.");
  return 0;
}

async function adminCreate(ctx: AppContext, args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { email: { type: "string" }, name: { type: "string" } } });
  if (!values.email) {
    console.error("Usage: npm run portal -- admin:create --email E [--name N]  (the password is read from stdin)");
    return 2;
  }
  const password = await readPassword("Password (at least 6 characters): ");
  try {
    const user = await createUser(ctx, { email: values.email, name: values.name ?? null, password, role: "admin" });
    console.log(`Created admin account ${user.email}.`);
    return 0;
  } catch (error) {
    if (error instanceof UserInputError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

async function check(ctx: AppContext): Promise<number> {
  const report = await checkHealth(ctx, { storageWrite: true });
  for (const [name, value] of Object.entries({ database: report.db, migrations: report.migrations, storage: report.storage })) {
    console.log(`${name.padEnd(12)} ${value}`);
  }
  console.log(report.status === "ok" ? "All checks passed." : "Some checks failed.");
  return report.status === "ok" ? 0 : 1;
}
