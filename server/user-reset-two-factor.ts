import { parseArgs } from "node:util";
import { resetTwoFactor } from "~/.server/auth/two-factor/enrolment";
import type { AppContext } from "~/.server/context";
import { findUserByEmail, normaliseEmail } from "~/.server/users/users.service";

/**
 * `npm run portal -- user:reset-two-factor --email E`: for a staff member who lost the phone and
 * the recovery codes. Whoever runs it must have checked who is asking, outside the portal.
 */
export async function userResetTwoFactor(ctx: AppContext, args: string[], io: Pick<Console, "log" | "error">): Promise<number> {
  let email: string | undefined;
  try {
    email = parseArgs({ args, options: { email: { type: "string" } } }).values.email;
  } catch {
    email = undefined;
  }
  if (!email) {
    io.error("Usage: npm run portal -- user:reset-two-factor --email E");
    return 2;
  }
  const user = await findUserByEmail(ctx, email);
  if (!user) {
    io.error(`No account for ${normaliseEmail(email)}.`);
    return 1;
  }
  const had = await resetTwoFactor(ctx, user);
  io.log(
    had
      ? `Two-factor sign-in removed for ${user.email}; every session of the account ended. The next sign-in asks for the password only; set it up again on the account's Two-factor sign-in page.`
      : `${user.email} had no two-factor sign-in; every session of the account ended anyway.`,
  );
  return 0;
}
