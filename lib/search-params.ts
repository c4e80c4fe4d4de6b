// Reading list pages' query strings: anything odd falls back to a sensible default
// instead of an error, since people edit URLs by hand.
import { toPlainText } from "./text-rules";

type Param = string | string[] | undefined;

/** A page number from `?page=`, or 1 unless it is a whole number in 1..max. */
export function pageParam(value: Param, max: number): number {
  const n = Number(typeof value === "string" ? value : "1");
  return Number.isInteger(n) && n >= 1 && n <= max ? n : 1;
}

/**
 * Search text from `?q=`, without the characters the API refuses (control and
 * text-direction characters, and text with nothing visible; see lib/text-rules.ts), cut
 * to the longest it accepts.
 */
export function searchParam(value: Param, maxLength: number): string {
  if (typeof value !== "string") return "";
  // Again after cutting: the cut may leave only invisible characters.
  return toPlainText(toPlainText(value).slice(0, maxLength));
}
