/**
 * Text made safe to stand in a mail's HTML body or attribute: `&`, `<`, `>`, `"` and `'` become numeric
 * character references, so a reseller's name or a staff reason can never open a tag.
 */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain-text mail as HTML: escaped, one paragraph per blank-line-separated block. */
export const paragraphsHtml = (text: string): string =>
  `<p>${escapeHtml(text).split('\n\n').join('</p><p>')}</p>`;
