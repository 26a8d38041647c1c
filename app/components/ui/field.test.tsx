import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Field } from "./field";

/** The attributes of the first <input> in server-rendered markup (React orders them as it likes). */
function inputAttributes(html: string): Record<string, string> {
  const tag = /<input ([^>]*?)\/?>/.exec(html)?.[1] ?? "";
  return Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
}

describe("Field", () => {
  it("labels its input and names it after its id unless told otherwise", () => {
    const html = renderToStaticMarkup(<Field id="invite-email" name="email" label="Email" type="email" defaultValue="a@b.org" />);
    expect(html).toContain('<label for="invite-email"');
    expect(inputAttributes(html)).toMatchObject({ id: "invite-email", name: "email", type: "email", value: "a@b.org" });
    expect(html).not.toContain("aria-invalid");
    expect(inputAttributes(renderToStaticMarkup(<Field id="confirm" label="Confirm password" type="password" />)).name).toBe("confirm");
  });

  it("ties its hint and its error to the input, and marks it invalid only with an error", () => {
    const html = renderToStaticMarkup(<Field id="password" label="New password" hint="At least 8 characters" error="Too short" />);
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="password-hint password-error"');
    expect(html).toContain('<p id="password-hint" class="mt-1 text-xs text-slate-600">At least 8 characters</p>');
    expect(html).toContain('<p id="password-error" class="mt-1 text-sm text-red-700">Too short</p>');
    const calm = renderToStaticMarkup(<Field id="password" label="New password" hint="At least 8 characters" />);
    expect(calm).toContain('aria-describedby="password-hint"');
    expect(calm).not.toContain("password-error");
  });

  it("keeps a control at the end of the box (show password) inside the field", () => {
    const html = renderToStaticMarkup(
      <Field id="password" label="Password" type="password" trailing={<button type="button">Show password</button>} />,
    );
    expect(html).toMatch(/<div class="relative mt-1"><input [^>]*\/><button type="button">Show password<\/button><\/div>/);
    expect(inputAttributes(html).class).toContain("pr-10");
  });

  it("keeps the input in that box while the control is not there yet (null), so the input is not replaced when it comes", () => {
    const html = renderToStaticMarkup(<Field id="password" label="Password" type="password" trailing={null} />);
    expect(html).toMatch(/<div class="relative mt-1"><input [^>]*\/><\/div>/);
    expect(inputAttributes(html).class).toContain("pr-10");
  });
});
