import { useId, useRef, useState } from "react";
import { tabKeyTarget } from "~/lib/tab-keys";
import { useHydrated } from "./use-hydrated";

export interface Tab {
  id: string;
  label: string;
  content: React.ReactNode;
}

/**
 * Accessible tabs (WAI-ARIA tabs pattern, arrow keys move between tabs).
 * Without JavaScript every panel is shown one after another under its own
 * heading. The markup is the same before and after the scripts load (only
 * attributes change), so nothing typed into a panel is lost on hydration.
 * `data-tabs="on"` on the root turns the panels into tabs (the classes follow
 * it): React sets it on a hydrated page (the admin settings), app/enhance/tabs.ts
 * on a page that does not hydrate (the home page, decision 0038).
 */
export function Tabs({ tabs, label }: { tabs: Tab[]; label: string }) {
  const hydrated = useHydrated();
  const [active, setActive] = useState(tabs[0]?.id);
  const base = useId();
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  const onKeyDown = (event: React.KeyboardEvent, index: number) => {
    const next = tabKeyTarget(event.key, index, tabs.length);
    if (next === null) return;
    event.preventDefault();
    setActive(tabs[next]?.id);
    buttons.current[next]?.focus();
  };

  return (
    <div data-tabs={hydrated ? "on" : "off"} className="group/tabs">
      <div role="tablist" aria-label={label} hidden={!hydrated} className="flex gap-1 overflow-x-auto border-b border-slate-200">
        {tabs.map((t, i) => (
          <button
            key={t.id}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            id={`${base}-${t.id}-tab`}
            role="tab"
            type="button"
            aria-selected={active === t.id}
            aria-controls={`${base}-${t.id}-panel`}
            tabIndex={active === t.id ? 0 : -1}
            onClick={() => setActive(t.id)}
            onKeyDown={(e) => onKeyDown(e, i)}
            className="whitespace-nowrap border-b-2 border-transparent px-4 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 aria-selected:border-brand-600 aria-selected:text-brand-700"
          >
            {t.label}
          </button>
        ))}
      </div>
      <div className="space-y-8 group-data-[tabs=on]/tabs:space-y-0">
        {tabs.map((t) => (
          <section
            key={t.id}
            id={`${base}-${t.id}-panel`}
            role={hydrated ? "tabpanel" : undefined}
            aria-labelledby={hydrated ? `${base}-${t.id}-tab` : `${base}-${t.id}-h`}
            data-tab-label={`${base}-${t.id}-tab`}
            hidden={hydrated && active !== t.id}
            tabIndex={hydrated ? 0 : undefined}
            className="group-data-[tabs=on]/tabs:pt-4"
          >
            <h3 id={`${base}-${t.id}-h`} className="text-lg font-semibold group-data-[tabs=on]/tabs:sr-only">
              {t.label}
            </h3>
            <div className="mt-3 group-data-[tabs=on]/tabs:mt-0">{t.content}</div>
          </section>
        ))}
      </div>
    </div>
  );
}
