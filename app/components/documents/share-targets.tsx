import { Trans, useLingui } from "@lingui/react/macro";
import { SHARE_TARGETS, type ShareInput, shareHref, shareTargetLabel } from "~/lib/share";
import { buttonClass } from "../ui/styles";

/** The five targets as links: they work the same with or without JavaScript. */
export function ShareTargets({ input }: { input: ShareInput }) {
  const { t, i18n } = useLingui();
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label={t`Share via`}>
      {SHARE_TARGETS.map(({ target }) => (
        <li key={target}>
          {target === "email" ? (
            <a href={shareHref(target, input, i18n)} data-share-target={target} className={`${buttonClass.secondary} w-full`}>
              {shareTargetLabel(target, i18n)}
            </a>
          ) : (
            <a
              href={shareHref(target, input, i18n)}
              data-share-target={target}
              target="_blank"
              rel="noopener noreferrer"
              className={`${buttonClass.secondary} w-full`}
            >
              {shareTargetLabel(target, i18n)}
              <span className="sr-only">
                {" "}
                <Trans>(opens in a new tab)</Trans>
              </span>
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
