import { CircleAlert, Menu } from "lucide";
import { CircleAlert as ReactCircleAlert, Menu as ReactMenu } from "lucide-react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LineIcon } from "./line-icon";

describe("LineIcon", () => {
  it("draws the markup lucide-react draws for the same icon", () => {
    expect(renderToStaticMarkup(<LineIcon name="menu" icon={Menu} className="h-5 w-5" />)).toBe(
      renderToStaticMarkup(<ReactMenu aria-hidden className="h-5 w-5" />),
    );
    expect(renderToStaticMarkup(<LineIcon name="menu" icon={Menu} />)).toBe(renderToStaticMarkup(<ReactMenu aria-hidden />));
  });

  it("carries an icon's shapes and stroke settings whatever its name, without lucide-react's alias classes", () => {
    const ours = renderToStaticMarkup(<LineIcon name="circle-alert" icon={CircleAlert} className="h-4 w-4" />);
    const theirs = renderToStaticMarkup(<ReactCircleAlert aria-hidden className="h-4 w-4" />);
    expect(ours).toMatch(/^<svg [^>]*class="lucide lucide-circle-alert h-4 w-4" aria-hidden="true"><circle /);
    expect(ours.replace(/ class="[^"]*"/, "")).toBe(theirs.replace(/ class="[^"]*"/, ""));
  });
});
