"use client";
// The tab list a tournament's rounds are browsed with (WAI-ARIA tabs: arrow keys,
// Home / End, roving tabindex). On the tournament page each tab is a link to the
// page with `?round=` (so it works without JavaScript and with the back button)
// and the server renders only the selected round's panel; the demo selects
// tabs in the browser through `onSelect`.

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useRef, useState, type KeyboardEvent } from "react";

export interface TabItem {
  readonly key: string;
  readonly label: string;
  /** Not planned yet: shown dimmed. */
  readonly upcoming: boolean;
}

export interface RoundTabListProps {
  readonly tabs: readonly TabItem[];
  /** The selected tab. */
  readonly index: number;
  /** Label of the tab list, for screen readers. */
  readonly label: string;
  /** Prefix of the tabs' and panel's element ids (`<idBase>-tab-<key>`, `<idBase>-panel`). */
  readonly idBase: string;
  /** Each tab's link (the page mode). */
  readonly hrefs?: readonly string[];
  /** Called with the tab chosen (the in-browser mode). */
  readonly onSelect?: (index: number) => void;
}

const tabClass = (active: boolean, upcoming: boolean) =>
  `-mb-px shrink-0 border-b-2 px-3 py-2 text-sm whitespace-nowrap transition-colors ${
    active
      ? "border-amber-600 font-semibold text-amber-900 dark:border-amber-400 dark:text-amber-200"
      : "border-transparent text-stone-600 hover:border-stone-300 hover:text-stone-900 dark:text-stone-400 dark:hover:text-stone-100"
  } ${upcoming ? "italic" : ""}`;

export function RoundTabList({ tabs, index, label, idBase, hrefs, onSelect }: RoundTabListProps) {
  const router = useRouter();
  const refs = useRef<(HTMLElement | null)[]>([]);
  // The tab chosen by keyboard shows as selected at once, before the page for it arrives.
  const [chosen, setChosen] = useState(index);
  const [given, setGiven] = useState(index);
  if (given !== index) {
    setGiven(index);
    setChosen(index);
  }

  const choose = (i: number) => {
    setChosen(i);
    refs.current[i]?.focus();
    const href = hrefs?.[i];
    if (href) router.push(href, { scroll: false });
    onSelect?.(i);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const last = tabs.length - 1;
    const moves: Record<string, number> = { ArrowRight: chosen === last ? 0 : chosen + 1, ArrowLeft: chosen === 0 ? last : chosen - 1, Home: 0, End: last };
    const to = moves[e.key];
    if (to === undefined) return;
    e.preventDefault();
    choose(to);
  };

  return (
    <div
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      className="relative -mx-1 flex gap-1 overflow-x-auto border-b border-stone-200 px-1 dark:border-stone-700"
    >
      {tabs.map((t, i) => {
        const active = i === chosen;
        const common = {
          ref: (el: HTMLElement | null) => {
            refs.current[i] = el;
          },
          role: "tab",
          id: `${idBase}-tab-${t.key}`,
          "aria-selected": active,
          "aria-controls": `${idBase}-panel`,
          tabIndex: active ? 0 : -1,
          "data-testid": "round-tab",
          className: tabClass(active, t.upcoming),
        } as const;
        const href = hrefs?.[i];
        return href ? (
          <Link key={t.key} {...common} href={href} scroll={false} onClick={() => setChosen(i)}>
            {t.label}
          </Link>
        ) : (
          <button key={t.key} {...common} type="button" onClick={() => choose(i)}>
            {t.label}
          </button>
        );
      })}
    </div>
  );
}
