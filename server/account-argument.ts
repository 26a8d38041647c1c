import { parseArgs } from "node:util";
import type { AppContext } from "~/.server/context";
import type { UserRow } from "~/.server/db/types";
import { findUserByEmail, normaliseEmail } from "~/.server/users/users.service";

/**
 * The account a `user:*` command acts on, named by `--email E`: the account, or the exit code
 * after saying what is wrong (2 for a usage error, 1 for no such account).
 */
export async function accountArgument(
  ctx: AppContext,
  command: string,
  args: string[],
  io: Pick<Console, "error">,
): Promise<{ user: UserRow } | { exitCode: number }> {
  let email: string | undefined;
  try {
    email = parseArgs({ args, options: { email: { type: "string" } } }).values.email;
  } catch {
    email = undefined;
  }
  if (!email) {
    io.error(`Usage: npm run portal -- ${command} --email E`);
    return { exitCode: 2 };
  }
  const user = await findUserByEmail(ctx, email);
  if (!user) {
    io.error(`No account for ${normaliseEmail(email)}.`);
    return { exitCode: 1 };
  }
  return { user };
}
