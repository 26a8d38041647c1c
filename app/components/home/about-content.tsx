import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { Link } from "react-router";
import type { AboutText } from "~/lib/about-text";
import { AboutTextView } from "../about/about-text-view";

function DocumentsTab() {
  return (
    <div className="space-y-3 text-slate-700">
      <p>
        <Trans>
          The portal publishes the cluster's reports, guidelines, standard operating procedures, training material and templates. Everything
          here can be previewed, downloaded and shared without an account.
        </Trans>
      </p>
      <p>
        <Trans>
          <Link to="/documents" className="font-medium text-brand-700 hover:underline">
            Browse the document library
          </Link>{" "}
          or read{" "}
          <Link to="/about" className="font-medium text-brand-700 hover:underline">
            how to use the portal
          </Link>
          .
        </Trans>
      </p>
    </div>
  );
}

/** The tab's labels are the caller's to translate (`t` of useLingui). */
type Translate = (descriptor: MessageDescriptor) => string;

/** The Documents tab: links into the portal, so it stays part of the page rather than the editable text. */
export function documentsTab(t: Translate) {
  return { id: "documents", label: t(msg`Documents`), content: <DocumentsTab /> };
}

/** The About tabs of the home page (public-portal section 2): Overview and Key Tasks are the text staff edit in Settings. */
export function aboutTabs(text: AboutText, t: Translate) {
  return [
    { id: "overview", label: t(msg`Overview`), content: <AboutTextView text={text.overview} /> },
    { id: "tasks", label: t(msg`Key Tasks`), content: <AboutTextView text={text.keyTasks} /> },
    documentsTab(t),
  ];
}
