import type { RequestMeta } from "../activity/activity.service";
import { logActivity } from "../activity/activity.service";
import { issueSetPasswordLink } from "../auth/set-password";
import type { AppContext } from "../context";
import type { UserRow } from "../db/types";
import { AccountRuleError, createInvitedAccount, type NewAccount, onlyAdminsMessage } from "./users.service";

export interface Invitation {
  user: UserRow;
  /** Path of the one-time set-password link (the caller adds the origin). */
  path: string;
  expiresAt: Date;
  /** False when the account was invited before: only the link is new. */
  created: boolean;
}

/**
 * Invites a person: an account without a password, and a one-time link for
 * them to choose one. Re-inviting an account that never set its password
 * replaces its link. Logs USER_INVITED (never the link).
 */
export async function inviteUser(
  ctx: AppContext,
  actor: UserRow,
  input: Omit<NewAccount, "password">,
  meta: RequestMeta,
): Promise<Invitation> {
  if (actor.role !== "admin" || !actor.is_active) throw new AccountRuleError(onlyAdminsMessage());
  const { user, created } = await createInvitedAccount(ctx, input);
  const link = await issueSetPasswordLink(ctx, user.id);
  await logActivity(ctx, {
    action: "USER_INVITED",
    entityType: "USER",
    entityId: user.id,
    userId: actor.id,
    details: { email: user.email, role: user.role, reinvite: !created, by: actor.email },
    meta,
  });
  return { user, path: link.path, expiresAt: link.expiresAt, created };
}
