import { type AboutBlock, type AboutListItem, aboutBlocks } from "~/lib/about-text";

/**
 * One section of the About text as paragraphs and lists (lib/about-text.ts). Everything is React
 * text, so whatever staff typed, markup included, is shown as written and never run as HTML.
 * The loader sends the text as the page shows it: what staff wrote as written, the default in the
 * page's language (.server/settings/about-defaults.ts).
 * "cards" shows a list as a grid of cards, each labelled item's heading on top (How to Use).
 */
export function AboutTextView({ text, variant = "plain" }: { text: string; variant?: "plain" | "cards" }) {
  return (
    <div className="space-y-3 text-slate-700">
      {aboutBlocks(text).map((block, i) => (
        // The blocks have no identity but their place, and the list is re-made from the text each render.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Block key={i} block={block} variant={variant} />
      ))}
    </div>
  );
}

function Block({ block, variant }: { block: AboutBlock; variant: "plain" | "cards" }) {
  if (block.kind === "paragraph") return <p>{block.text}</p>;
  if (variant === "cards") {
    return (
      <ul className="grid gap-4 sm:grid-cols-2">
        {block.items.map((item, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: items are identified by their place in the text
          <li key={i} className="rounded-lg border border-slate-200 bg-white p-4">
            {item.label ? <p className="font-semibold text-slate-900">{item.label}</p> : null}
            <p className={item.label ? "mt-2 text-sm" : "text-sm"}>{item.text}</p>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className="list-disc space-y-2 pl-5">
      {block.items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: items are identified by their place in the text
        <li key={i}>
          <Item item={item} />
        </li>
      ))}
    </ul>
  );
}

function Item({ item }: { item: AboutListItem }) {
  if (!item.label) return <>{item.text}</>;
  return (
    <>
      <strong className="font-semibold text-slate-900">{item.label}:</strong> {item.text}
    </>
  );
}
