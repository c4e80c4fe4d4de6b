// Small pieces shared by the paginated, searchable lists (players, games, tournaments).

/** An ILIKE pattern matching names that contain `text`, with LIKE wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Pages needed for `total` rows; an empty list still has one (empty) page. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
