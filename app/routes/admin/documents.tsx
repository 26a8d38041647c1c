import { Download, Upload } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { buttonClass, inputClass, labelClass } from "~/components/ui/styles";
import { useToastMessage } from "~/components/ui/use-toast-message";
import { requireUser } from "~/.server/auth/guards";
import { app } from "~/.server/context";
import { listAllDocuments, parseList } from "~/.server/documents/documents.service";
import { uploadDocument } from "~/.server/documents/upload";
import { requestMeta } from "~/.server/http/request-meta";
import { DOCUMENT_UPLOAD_TYPES } from "~/.server/uploads/file-types";
import { UPLOAD_CATEGORIES } from "~/lib/categories";
import { formatBytes, formatLongDate } from "~/lib/format";
import type { Route } from "./+types/documents";

export const meta: Route.MetaFunction = () => [{ title: "Documents | Admin Portal" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  const rows = await listAllDocuments(app());
  return {
    accept: DOCUMENT_UPLOAD_TYPES.map((e) => `.${e}`).join(","),
    documents: rows.map((d) => ({
      id: d.id,
      title: d.title,
      description: d.description,
      category: d.category,
      size: d.size,
      published: d.published === 1,
      created_at: d.created_at,
      tags: parseList(d.tags),
    })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireUser(request);
  const outcome = await uploadDocument(app(), request, session.user, requestMeta(request));
  if (!outcome.ok) {
    return data(
      { message: { tone: "error" as const, title: outcome.title, description: outcome.description }, fields: outcome.fields },
      { status: outcome.status },
    );
  }
  return {
    message: { tone: "success" as const, title: "Upload successful", description: `"${outcome.document.title}" has been uploaded.` },
    fields: null,
  };
}

export default function AdminDocuments({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const uploading = navigation.state === "submitting" && navigation.formMethod === "POST";
  useToastMessage(actionData?.message);
  const fields = actionData?.fields;
  return (
    <>
      <h1 className="text-2xl font-bold">Documents</h1>

      <section aria-labelledby="upload-heading" className="mt-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="upload-heading" className="flex items-center gap-2 text-lg font-semibold">
          <Upload aria-hidden className="h-5 w-5" />
          Upload Document
        </h2>
        {/* key resets the form after a successful upload */}
        <Form method="post" encType="multipart/form-data" noValidate className="mt-4 grid gap-4 md:grid-cols-2" key={actionData?.fields ? "retry" : navigation.state === "idle" ? "ready" : "busy"}>
          {actionData?.message ? (
            <div className="md:col-span-2">
              <Alert tone={actionData.message.tone} title={actionData.message.title}>
                {actionData.message.description}
              </Alert>
            </div>
          ) : null}
          <div className="md:col-span-2">
            <label htmlFor="file" className={labelClass}>
              File <span className="font-normal text-slate-600">(PDF, Word, Excel, PowerPoint, text or image; up to 50MB)</span>
            </label>
            <input id="file" name="file" type="file" required accept={loaderData.accept} className={`${inputClass} mt-1`} />
          </div>
          <div>
            <label htmlFor="title" className={labelClass}>
              Title
            </label>
            <input id="title" name="title" type="text" required defaultValue={fields?.title} className={`${inputClass} mt-1`} />
          </div>
          <div>
            <label htmlFor="category" className={labelClass}>
              Category
            </label>
            <select id="category" name="category" defaultValue={fields?.category || "Other"} className={`${inputClass} mt-1`}>
              {UPLOAD_CATEGORIES.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </div>
          <div className="md:col-span-2">
            <label htmlFor="description" className={labelClass}>
              Description
            </label>
            <textarea id="description" name="description" rows={3} defaultValue={fields?.description} className={`${inputClass} mt-1`} />
          </div>
          <div>
            <label htmlFor="tags" className={labelClass}>
              Tags <span className="font-normal text-slate-600">(comma-separated)</span>
            </label>
            <input id="tags" name="tags" type="text" defaultValue={fields?.tags} className={`${inputClass} mt-1`} />
          </div>
          <div className="flex items-end">
            <label className="flex items-center gap-2 text-sm font-medium">
              <input type="checkbox" name="published" value="true" defaultChecked={fields ? fields.published : true} className="h-4 w-4" />
              Publish immediately
            </label>
          </div>
          <div className="flex gap-2 md:col-span-2">
            <button type="submit" className={buttonClass.primary} disabled={uploading}>
              <Upload aria-hidden className="h-4 w-4" />
              {uploading ? "Uploading file..." : "Upload Document"}
            </button>
            <button type="reset" className={buttonClass.secondary}>
              Clear All
            </button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="list-heading" className="mt-8">
        <h2 id="list-heading" className="text-lg font-semibold">
          All documents ({loaderData.documents.length})
        </h2>
        {loaderData.documents.length === 0 ? (
          <p className="mt-4 rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">No Documents Found</p>
        ) : (
          <div className="mt-4 overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <thead className="bg-slate-50 text-left text-slate-700">
                <tr>
                  {["Title", "Description", "Category", "Size", "Status", "Date", "Actions"].map((h) => (
                    <th key={h} scope="col" className="px-3 py-2 font-semibold">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {loaderData.documents.map((d) => (
                  <tr key={d.id}>
                    <td className="px-3 py-2 font-medium">{d.title}</td>
                    <td className="max-w-xs truncate px-3 py-2 text-slate-600">{d.description ?? "—"}</td>
                    <td className="px-3 py-2">{d.category}</td>
                    <td className="whitespace-nowrap px-3 py-2">{formatBytes(d.size)}</td>
                    <td className="px-3 py-2">
                      <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${d.published ? "bg-green-100 text-green-800" : "bg-amber-100 text-amber-900"}`}>
                        {d.published ? "Published" : "Draft"}
                      </span>
                    </td>
                    <td className="whitespace-nowrap px-3 py-2">{formatLongDate(d.created_at)}</td>
                    <td className="px-3 py-2">
                      <a href={`/api/documents/${d.id}/download`} className={buttonClass.ghost} aria-label={`Download ${d.title}`}>
                        <Download aria-hidden className="h-4 w-4" />
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
