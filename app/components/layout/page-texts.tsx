/**
 * Texts a page's enhancements show (a toast, a button's new label), in the reader's language, as
 * an inert element: `<template data-texts="<name>" data-<key>="...">`, read in the browser by
 * app/enhance/texts.ts (decision 0038). A page that does not hydrate has no catalogue in the
 * browser; what its scripts may say is in its HTML. Render it once per page, not per card.
 * Keys are camelCase (`downloadFailed` becomes `data-download-failed`, and back in the browser).
 */
export function PageTexts({ name, texts }: { name: string; texts: Record<string, string> }) {
  const attributes = Object.fromEntries(Object.entries(texts).map(([key, text]) => [`data-${kebab(key)}`, text]));
  return <template data-texts={name} {...attributes} />;
}

function kebab(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}
