/**
 * Shared class names for our few primitives, so buttons and fields look alike everywhere. The
 * primary and secondary buttons are classes of app.css (drawn on every card of a list page); the
 * ghost button stays utilities, as its callers adjust its padding and colour with more of them.
 */
export const buttonClass = {
  primary: "btn btn-primary",
  secondary: "btn btn-secondary",
  ghost: "inline-flex items-center justify-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100",
} as const;

export const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30";

export const labelClass = "block text-sm font-medium text-slate-800";

/**
 * A modal's box. Toasts sit at the bottom of the screen (root.tsx); a dialog starts near the top
 * and stops 8rem above the bottom edge, so a toast shown while it is open (a refusal, "Link
 * copied") never covers its close button or its own buttons. Longer content scrolls inside it.
 */
export const dialogClass =
  "fixed left-1/2 top-4 z-50 max-h-[calc(100dvh-9rem)] w-[calc(100vw-2rem)] -translate-x-1/2 overflow-y-auto rounded-lg bg-white p-5 shadow-xl focus:outline-none sm:top-16 sm:max-h-[calc(100dvh-12rem)]";
