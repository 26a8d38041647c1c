import { Trans, useLingui } from "@lingui/react/macro";
import { Mail, Phone } from "lucide";
import { Link } from "react-router";
import { LineIcon } from "~/components/ui/line-icon";
import { type Contact, footerLinks, type MenuItem, SITE_LONG_NAME, SITE_NAME } from "~/lib/site";
import { DEFAULT_SITE_DESCRIPTION } from "~/lib/site-settings";
import { DataSaverSwitch } from "./data-saver";

export function ContactList({ contacts }: { contacts: Contact[] }) {
  return (
    <ul className="space-y-2 text-sm">
      {contacts.map((c) => (
        <li key={`${c.label}-${c.value}`} className="flex items-start gap-2">
          {c.type === "email" ? (
            <LineIcon name="mail" icon={Mail} className="mt-0.5 h-4 w-4 shrink-0" />
          ) : (
            <LineIcon name="phone" icon={Phone} className="mt-0.5 h-4 w-4 shrink-0" />
          )}
          <span>
            <span className="block text-slate-600">{c.label}</span>
            {c.type === "email" ? (
              <a href={`mailto:${c.value}`} className="break-all font-medium text-brand-700 hover:underline">
                {c.value}
              </a>
            ) : /^https?:\/\//.test(c.value) ? (
              <a href={c.value} className="break-all font-medium text-brand-700 hover:underline" rel="noopener noreferrer">
                {c.value}
              </a>
            ) : (
              <span className="font-medium">{c.value}</span>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Footer: the site name and description (settings), up to 5 quick links (home excluded), public
 * contacts, copyright, the data-saver switch (decision 0030: it fits here at 360 px, the header
 * does not have the room), the Saved documents and API pages, and the Admin Portal link.
 */
export function PublicFooter({
  menu,
  contacts,
  siteName = SITE_NAME,
  siteDescription = DEFAULT_SITE_DESCRIPTION,
  dataSaver = false,
}: {
  menu: MenuItem[];
  contacts: Contact[];
  siteName?: string;
  siteDescription?: string;
  dataSaver?: boolean;
}) {
  const { t } = useLingui();
  const year = new Date().getFullYear();
  return (
    <footer data-refresh="footer" className="border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="font-semibold text-brand-800">{siteName}</p>
          <p className="text-sm text-slate-700">{t(SITE_LONG_NAME)}</p>
          <p className="mt-2 text-sm text-slate-600">{siteDescription}</p>
        </div>
        <nav aria-labelledby="footer-links-heading">
          <h2 id="footer-links-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-700">
            <Trans>Quick Links</Trans>
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            {footerLinks(menu).map((m) => (
              <li key={m.url}>
                <Link to={m.url} className="text-slate-700 hover:text-brand-700 hover:underline">
                  {m.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-contact-heading">
          <h2 id="footer-contact-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-700">
            <Trans>Contact</Trans>
          </h2>
          <div className="mt-3">
            <ContactList contacts={contacts} />
          </div>
        </section>
      </div>
      <div className="border-t border-slate-100">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-4 text-sm text-slate-600">
          <p>
            <Trans>© {year} CCCM Cluster Somalia. All rights reserved.</Trans>
          </p>
          <div className="flex flex-wrap items-center gap-4">
            <DataSaverSwitch on={dataSaver} />
            {/* What this device keeps for reading offline (decision 0036), and the open data API
                for developers (decision 0035): whole-page links, so they work offline too. */}
            <a href="/saved" className="hover:text-brand-700 hover:underline">
              <Trans>Saved documents</Trans>
            </a>
            <a href="/api" className="hover:text-brand-700 hover:underline">
              <Trans>API</Trans>
            </a>
            <a href="/admin" className="hover:text-brand-700 hover:underline">
              <Trans>Admin Portal</Trans>
            </a>
          </div>
        </div>
      </div>
    </footer>
  );
}
