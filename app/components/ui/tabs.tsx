import { useId, useRef, useState } from "react";
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
 * `hidden` changes), so nothing typed into a panel is lost on hydration.
 */
export function Tabs({ tabs, label }: { tabs: Tab[]; label: string }) {
  const hydrated = useHydrated();
  const [active, setActive] = useState(tabs[0]?.id);
  const base = useId();
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  const onKeyDown = (event: React.KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const keys: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const next = keys[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setActive(tabs[next]?.id);
    buttons.current[next]?.focus();
  };

  return (
    <div>
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
            className={`whitespace-nowrap border-b-2 px-4 py-2 text-sm font-medium ${
              active === t.id ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900"
            }`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div className={hydrated ? "" : "space-y-8"}>
        {tabs.map((t) => (
          <section
            key={t.id}
            id={`${base}-${t.id}-panel`}
            role={hydrated ? "tabpanel" : undefined}
            aria-labelledby={hydrated ? `${base}-${t.id}-tab` : `${base}-${t.id}-h`}
            hidden={hydrated && active !== t.id}
            tabIndex={hydrated ? 0 : undefined}
            className={hydrated ? "pt-4" : ""}
          >
            <h3 id={`${base}-${t.id}-h`} className={hydrated ? "sr-only" : "text-lg font-semibold"}>
              {t.label}
            </h3>
            <div className={hydrated ? "" : "mt-3"}>{t.content}</div>
          </section>
        ))}
      </div>
    </div>
  );
}
