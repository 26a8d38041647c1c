import { useLingui } from "@lingui/react";
import { apiPage } from "~/.server/api/api-page";
import { app } from "~/.server/context";
import { i18nFor, requestLanguage } from "~/.server/i18n/i18n";
import { siteTitle } from "~/lib/site";
import type { Route } from "./+types/api-docs";

/**
 * /api: the public API for developers (decision 0035), rendered on the server from the OpenAPI
 * document: each endpoint, its parameters, example requests (links) and their answers. Works
 * without JavaScript. Its texts are composed by the loader with the server catalogue (api-page.ts);
 * this component only renders them. Code (paths, names, values, JSON) is marked as English.
 */

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: siteTitle(matches, loaderData?.texts.title ?? "API") },
  { name: "description", content: loaderData?.texts.intro ?? "" },
];

export async function loader({ request }: Route.LoaderArgs) {
  return apiPage(app(), i18nFor(requestLanguage(request)), new URL(request.url).origin);
}

export default function ApiDocs({ loaderData }: Route.ComponentProps) {
  const { texts, operations } = loaderData;
  // The texts come composed from the loader; the hook is here because every page uses Lingui's
  // React runtime: a page without it would split that runtime out of the framework's shared
  // chunk into one of its own, which the page-weight budget then counts as the languages' share.
  useLingui();
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold">{texts.title}</h1>
      <p className="mt-3 text-lg text-slate-700">{texts.intro}</p>
      <p className="mt-3">
        <a href="/api/openapi.json" className="font-medium text-brand-700 underline hover:text-brand-800">
          {texts.documentLink}
        </a>{" "}
        <code lang="en" className="break-all text-sm">
          /api/openapi.json
        </code>
      </p>
      <nav aria-labelledby="api-endpoints" className="mt-8">
        <h2 id="api-endpoints" className="text-xl font-semibold">
          {texts.endpoints}
        </h2>
        <ul className="mt-3 list-disc space-y-1 pl-6">
          {operations.map((op) => (
            <li key={op.id}>
              <a href={`#${op.id}`} className="text-brand-700 underline hover:text-brand-800">
                {op.summary}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-10 space-y-12">
        {operations.map((op) => (
          <section key={op.id} id={op.id} aria-labelledby={`${op.id}-title`} className="border-t border-slate-200 pt-6">
            <h2 id={`${op.id}-title`} className="text-xl font-semibold">
              {op.summary}
            </h2>
            <p className="mt-2 font-mono text-sm">
              <span className="mr-2 rounded bg-slate-100 px-1.5 py-0.5 font-semibold">{op.method}</span>
              <code lang="en" className="break-all">
                {op.path}
              </code>
            </p>
            <p className="mt-3 text-slate-700">{op.description}</p>

            <h3 className="mt-6 text-lg font-semibold">{texts.parameters}</h3>
            {op.parameters.length === 0 ? (
              <p className="mt-2 text-slate-700">{texts.noParameters}</p>
            ) : (
              <dl className="mt-2 divide-y divide-slate-200">
                {op.parameters.map((p) => (
                  <div key={p.name} className="py-2 sm:grid sm:grid-cols-[10rem_1fr] sm:gap-4">
                    <dt>
                      <code lang="en" className="font-semibold">
                        {p.name}
                      </code>{" "}
                      <span className="text-sm text-slate-600">{p.where}</span>
                    </dt>
                    <dd className="text-slate-700">
                      {p.description}
                      {p.repeatable ? ` ${texts.repeatable}` : ""}
                      {p.values ? (
                        <span className="block text-sm">
                          {texts.values}{" "}
                          <code lang="en" className="break-words">
                            {p.values.join(", ")}
                          </code>
                        </span>
                      ) : null}
                    </dd>
                  </div>
                ))}
              </dl>
            )}

            {op.examples.length > 0 ? (
              <>
                <h3 className="mt-6 text-lg font-semibold">{texts.examples}</h3>
                <p className="mt-1 text-sm text-slate-600">{texts.cut}</p>
                {op.examples.map((example) => (
                  <div key={example.href} className="mt-4">
                    <h4 className="font-medium">{example.summary}</h4>
                    <p className="mt-1 text-sm">
                      {texts.request}:{" "}
                      <a href={example.href} lang="en" className="break-all font-mono text-brand-700 underline hover:text-brand-800">
                        {example.href}
                      </a>
                    </p>
                    <p className="mt-1 text-sm">
                      {texts.status} {example.status}
                    </p>
                    <pre lang="en" className="mt-2 max-h-96 overflow-auto rounded bg-slate-50 p-3 text-xs" tabIndex={0}>
                      <code>{example.body}</code>
                    </pre>
                  </div>
                ))}
              </>
            ) : null}
          </section>
        ))}
      </div>
    </div>
  );
}
