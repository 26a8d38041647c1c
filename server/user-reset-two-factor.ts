import { resetTwoFactor } from "~/.server/auth/two-factor/enrolment";
import type { AppContext } from "~/.server/context";
import { accountArgument } from "./account-argument";

/**
 * `npm run portal -- user:reset-two-factor --email E`: for a staff member who lost the phone and
 * the recovery codes. Whoever runs it must have checked who is asking, outside the portal.
 */
export async function userResetTwoFactor(ctx: AppContext, args: string[], io: Pick<Console, "log" | "error">): Promise<number> {
  const account = await accountArgument(ctx, "user:reset-two-factor", args, io);
  if ("exitCode" in account) return account.exitCode;
  const { user } = account;
  const had = await resetTwoFactor(ctx, user);
  io.log(
    had
      ? `Two-factor sign-in removed for ${user.email}; every session of the account ended. The next sign-in asks for the password only; set it up again on the account's Two-factor sign-in page.`
      : `${user.email} had no two-factor sign-in; every session of the account ended anyway.`,
  );
  return 0;
}
