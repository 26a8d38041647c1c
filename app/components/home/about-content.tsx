import { Link } from "react-router";
import type { AboutText } from "~/lib/about-text";
import { AboutTextView } from "../about/about-text-view";

/** The Documents tab: links into the portal, so it stays part of the page rather than the editable text. */
export const DOCUMENTS_TAB = {
  id: "documents",
  label: "Documents",
  content: (
    <div className="space-y-3 text-slate-700">
      <p>
        The portal publishes the cluster's reports, guidelines, standard operating procedures, training material and templates. Everything
        here can be previewed, downloaded and shared without an account.
      </p>
      <p>
        <Link to="/documents" className="font-medium text-brand-700 hover:underline">
          Browse the document library
        </Link>{" "}
        or read{" "}
        <Link to="/about" className="font-medium text-brand-700 hover:underline">
          how to use the portal
        </Link>
        .
      </p>
    </div>
  ),
};

/** The About tabs of the home page (public-portal section 2): Overview and Key Tasks are the text staff edit in Settings. */
export function aboutTabs(text: AboutText) {
  return [
    { id: "overview", label: "Overview", content: <AboutTextView text={text.overview} /> },
    { id: "tasks", label: "Key Tasks", content: <AboutTextView text={text.keyTasks} /> },
    DOCUMENTS_TAB,
  ];
}
