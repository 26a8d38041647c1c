import { issuePasswordResetLink } from "~/.server/auth/password-reset";
import type { AppContext } from "~/.server/context";
import { configuredOrigin } from "~/.server/http/origins";
import { AccountRuleError } from "~/.server/users/users.service";
import { accountArgument } from "./account-argument";

/**
 * The operator's way back in when nobody can sign in (a forgotten password, the only admin): the
 * same one-time reset link an admin makes on the Users page, printed like the first-admin link.
 */
export async function userResetPassword(ctx: AppContext, args: string[], io: Pick<Console, "log" | "error">): Promise<number> {
  const account = await accountArgument(ctx, "user:reset-password", args, io);
  if ("exitCode" in account) return account.exitCode;
  const { user } = account;
  try {
    const reset = await issuePasswordResetLink(ctx, { kind: "command-line" }, user.id, { ip: null, userAgent: "portal command line" });
    const link = `${configuredOrigin(ctx.config, ctx.config.port)}${reset.path}`;
    io.log(
      `Password reset link for ${user.email} (one-time, valid until ${reset.expiresAt.toISOString().slice(0, 16).replace("T", " ")} UTC):\n\n  ${link}\n`,
    );
    io.log("Send it only to this person. Their current password works until the link is used; then every session of the account ends.");
    return 0;
  } catch (error) {
    if (error instanceof AccountRuleError) {
      io.error(error.message);
      return 1;
    }
    throw error;
  }
}
