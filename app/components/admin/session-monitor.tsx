import { Trans, useLingui } from "@lingui/react/macro";
import { Clock } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { decideSession, expiryWarning, minutesLeft, SESSION_CHECK_INTERVAL_MS, serverClockOffset, signInPath } from "~/lib/session-rules";
import { buttonClass } from "../ui/styles";

type SessionAnswer =
  | { kind: "ok"; expiresAt: number; offset: number | null }
  | { kind: "signed-out" }
  /** Offline, or a server error: not a verdict on the session, so the next check tries again. */
  | { kind: "unreachable" };

/** GET reads the session's status (without extending it); POST extends it. */
async function callSession(method: "GET" | "POST"): Promise<SessionAnswer> {
  const sentAt = Date.now();
  try {
    const res = await fetch("/admin/session", {
      method,
      credentials: "same-origin",
      cache: "no-store",
      headers: { Accept: "application/json" },
    });
    const receivedAt = Date.now();
    if (res.status === 401 || res.status === 403) return { kind: "signed-out" };
    if (!res.ok) return { kind: "unreachable" };
    const body = (await res.json()) as { authenticated?: boolean; expiresAt?: string; now?: string };
    if (!body.authenticated || !body.expiresAt || !body.now) return { kind: "signed-out" };
    return { kind: "ok", expiresAt: Date.parse(body.expiresAt), offset: serverClockOffset(Date.parse(body.now), sentAt, receivedAt) };
  } catch {
    return { kind: "unreachable" };
  }
}

/** The time of the last pointer or keyboard use of the page; opening the page counts. */
function useLastActivity() {
  const last = useRef(0);
  useEffect(() => {
    last.current = Date.now();
    const seen = () => {
      last.current = Date.now();
    };
    window.addEventListener("pointerdown", seen, { passive: true });
    window.addEventListener("keydown", seen, { passive: true });
    return () => {
      window.removeEventListener("pointerdown", seen);
      window.removeEventListener("keydown", seen);
    };
  }, []);
  return last;
}

/**
 * The admin session rules in the browser (admin-and-sharing sections 4 and 9;
 * the timing is in ~/lib/session-rules): checks every 60 s, refreshes under
 * 5 minutes left when the page was used in the last 10 minutes, warns under
 * 10 minutes, and returns to the sign-in form when the session is invalid.
 */
export function SessionMonitor() {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef(location);
  here.current = location;
  const lastActivity = useLastActivity();
  // The server clock's lead, taken from the first answer (0 if its round trip was too long to
  // tell): a wrong computer clock must not move the warning.
  const offset = useRef<number | null>(null);
  // A live session's end only moves later, so an answer that was overtaken (a check that
  // started before a refresh) cannot bring the warning back.
  const expiresAt = useRef(0);
  const checking = useRef(false);
  const [warning, setWarning] = useState<number | null>(null);

  const signOut = useCallback(() => {
    navigate(signInPath(here.current.pathname, here.current.search), { replace: true });
  }, [navigate]);

  /** Applies a server answer; returns whether a refresh is due. */
  const apply = useCallback(
    (answer: Extract<SessionAnswer, { kind: "ok" }>): boolean => {
      offset.current ??= answer.offset ?? 0;
      expiresAt.current = Math.max(expiresAt.current, answer.expiresAt);
      const decide = () =>
        decideSession({ expiresAt: expiresAt.current, now: Date.now(), offset: offset.current ?? 0, lastActivityAt: lastActivity.current });
      let decision = decide();
      if (decision.kind === "expired" && answer.offset !== null) {
        // The server says the session is live, so this computer's clock moved: measure it again.
        offset.current = answer.offset;
        decision = decide();
      }
      // While a refresh is under way (or if it cannot reach the server) the warning stays up.
      setWarning(decision.kind === "warn" || decision.kind === "refresh" ? minutesLeft(decision.msLeft) : null);
      return decision.kind === "refresh";
    },
    [lastActivity],
  );

  /** A refused refresh means the session is invalid (section 4). */
  const refresh = useCallback(async () => {
    const answer = await callSession("POST");
    if (answer.kind === "signed-out") signOut();
    else if (answer.kind === "ok") apply(answer);
  }, [apply, signOut]);

  const check = useCallback(async () => {
    if (checking.current) return;
    checking.current = true;
    try {
      const answer = await callSession("GET");
      if (answer.kind === "signed-out") signOut();
      else if (answer.kind === "ok" && apply(answer)) await refresh();
    } finally {
      checking.current = false;
    }
  }, [apply, refresh, signOut]);

  useEffect(() => {
    void check();
    const timer = window.setInterval(() => void check(), SESSION_CHECK_INTERVAL_MS);
    const onVisible = () => {
      if (document.visibilityState === "visible") void check();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [check]);

  if (warning === null) return null;
  return (
    <div
      role="status"
      className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <p className="flex items-center gap-2 font-medium">
        <Clock aria-hidden className="h-4 w-4" />
        {expiryWarning(warning, i18n)}
      </p>
      <button type="button" className={buttonClass.secondary} onClick={() => void refresh()}>
        <Trans>Stay signed in</Trans>
      </button>
    </div>
  );
}
