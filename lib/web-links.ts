// Web addresses inside text people wrote (a tournament's announcements): split into
// text and links, so the page can make the addresses clickable without ever treating
// the text as HTML. Only http and https addresses become links (never javascript: or
// data:), and the punctuation that ends a sentence stays out of the link.

export type TextPart = { readonly text: string; readonly href?: undefined } | { readonly text: string; readonly href: string };

// An address starts with http:// or https:// (or www.) and runs to the next blank.
const ADDRESS = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
// Trailing characters that close the sentence around the address, not the address.
const TRAILING = /[.,;:!?'"»”’)\]]+$/;

/** The text in order, each web address a part of its own with the href it opens. */
export function webLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(ADDRESS)) {
    let address = match[0];
    const trailing = TRAILING.exec(address)?.[0] ?? "";
    // A closing bracket belongs to the address when it opened one of its own (Wikipedia's "(game)").
    address = address.slice(0, address.length - trailing.length);
    const count = (c: string) => address.split(c).length - 1;
    if (trailing.startsWith(")") && count("(") > count(")")) address += ")";
    const href = /^www\./i.test(address) ? `https://${address}` : address;
    let valid = false;
    try {
      valid = ["http:", "https:"].includes(new URL(href).protocol);
    } catch {
      valid = false;
    }
    if (!valid || address.length === 0) continue;
    const start = match.index;
    if (start > at) parts.push({ text: text.slice(at, start) });
    parts.push({ text: address, href });
    at = start + address.length;
  }
  if (at < text.length || parts.length === 0) parts.push({ text: text.slice(at) });
  return parts;
}
