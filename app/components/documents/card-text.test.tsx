import { I18nProvider } from "@lingui/react";
import type { ReactNode } from "react";
import { renderToStaticMarkup as render } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { i18nFor } from "~/.server/i18n/i18n";
import { CardText } from "./card-text";

const renderToStaticMarkup = (node: ReactNode, language: "en" | "so" = "en") =>
  render(<I18nProvider i18n={i18nFor(language)}>{node}</I18nProvider>);

describe("CardText", () => {
  it("shows the snippet with its matched words marked, escaped like any text", () => {
    const html = renderToStaticMarkup(
      <CardText
        className="c"
        description="The whole description"
        snippet={[
          { text: "…sites in ", mark: false },
          { text: "Baidoa", mark: true },
          { text: " <script>alert(1)</script> & ", mark: false },
          { text: "<b>", mark: true },
        ]}
      />,
    );
    expect(html).toBe(
      '<p class="c">…sites in <mark class="rounded-sm bg-amber-100 px-0.5 text-slate-900">Baidoa</mark> &lt;script&gt;alert(1)&lt;/script&gt; &amp; <mark class="rounded-sm bg-amber-100 px-0.5 text-slate-900">&lt;b&gt;</mark></p>',
    );
  });

  it("shows the description without a snippet, and nothing without either", () => {
    expect(renderToStaticMarkup(<CardText className="c" description="Plain" snippet={null} />)).toBe('<p class="c">Plain</p>');
    expect(renderToStaticMarkup(<CardText className="c" description="Plain" snippet={[]} />)).toBe('<p class="c">Plain</p>');
    expect(renderToStaticMarkup(<CardText className="c" description={null} />)).toBe("");
  });

  it("says where in the file the snippet comes from, in the reader's language", () => {
    const snippet = [{ text: "Baidoa", mark: true }];
    const place = { unit: "slide", number: 4 } as const;
    expect(renderToStaticMarkup(<CardText className="c" description={null} snippet={snippet} snippetPlace={place} />)).toContain(
      ">Slide 4: </span>",
    );
    expect(renderToStaticMarkup(<CardText className="c" description={null} snippet={snippet} snippetPlace={place} />, "so")).not.toContain(
      "Slide",
    );
  });
});
