// Where to go back to after sign-in. Only addresses on this site are allowed (no open
// redirects). The check parses the value the way browsers do (the WHATWG URL parser
// drops tabs and newlines and reads "\" as "/", so "/\t/evil.example" and
// "/\evil.example" both mean another host) and then hands back the parsed path, so
// what is redirected to is exactly what was checked.
const BASE = "http://moot.invalid";

export function safeCallbackUrl(raw: string | string[] | null | undefined): string {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value) return "/";
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return "/";
  }
  if (url.origin !== BASE) return "/";
  return `${url.pathname}${url.search}${url.hash}`;
}
