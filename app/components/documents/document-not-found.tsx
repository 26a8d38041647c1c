import { Trans } from "@lingui/react/macro";
import { ArrowLeft, FileX } from "lucide";
import { Link } from "react-router";
import { LineIcon } from "../ui/line-icon";
import { buttonClass } from "../ui/styles";

/** A document that is not there (unknown, unpublished, a dead link): the detail page's and the text view's one screen. */
export function DocumentNotFound() {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <LineIcon name="file-x" icon={FileX} className="mx-auto h-12 w-12 text-slate-400" />
      <h1 className="mt-4 text-2xl font-semibold">
        <Trans>Document not found</Trans>
      </h1>
      <p className="mt-2 text-slate-700">
        <Trans>The document you're looking for doesn't exist or has been removed.</Trans>
      </p>
      <Link to="/documents" className={`${buttonClass.primary} mt-8`}>
        <LineIcon name="arrow-left" icon={ArrowLeft} className="h-4 w-4" />
        <Trans>Back to Documents</Trans>
      </Link>
    </div>
  );
}
