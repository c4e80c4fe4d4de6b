"use client";
// The only interactive part of a standings table: the "Why?" buttons that open the
// engine's sentence under a row, and the header button that opens them all. The
// table itself renders on the server; these islands share the open rows through
// a context and take nothing but player ids.

import { createContext, useContext, useState, type ReactNode } from "react";

interface WhyState {
  readonly isOpen: (player: string) => boolean;
  readonly toggle: (player: string) => void;
  readonly allOpen: boolean;
  readonly setAllOpen: (open: boolean) => void;
}

const Why = createContext<WhyState | null>(null);

function useWhy(): WhyState {
  const ctx = useContext(Why);
  if (!ctx) throw new Error("standings-why: used outside WhyScope");
  return ctx;
}

export function WhyScope({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const [allOpen, setAllOpen] = useState(false);
  const toggle = (player: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(player)) next.delete(player);
      else next.add(player);
      return next;
    });
  return <Why.Provider value={{ isOpen: (p) => allOpen || open.has(p), toggle, allOpen, setAllOpen }}>{children}</Why.Provider>;
}

export function WhyAllButton() {
  const { allOpen, setAllOpen } = useWhy();
  return (
    <button
      type="button"
      className="rounded px-2 py-1 text-xs font-medium text-amber-800 hover:bg-amber-50 dark:text-amber-400 dark:hover:bg-stone-700"
      aria-pressed={allOpen}
      onClick={() => setAllOpen(!allOpen)}
    >
      {allOpen ? "Hide reasons" : "Show why each place"}
    </button>
  );
}

export function WhyButton({ player, controls, title }: { player: string; controls: string; title: string }) {
  const { isOpen, toggle } = useWhy();
  return (
    <button
      type="button"
      className="rounded-full px-2 py-0.5 text-xs text-stone-500 hover:bg-stone-100 hover:text-stone-800 dark:text-stone-400 dark:hover:bg-stone-700 dark:hover:text-stone-100"
      aria-expanded={isOpen(player)}
      aria-controls={controls}
      title={title}
      onClick={() => toggle(player)}
    >
      Why?
    </button>
  );
}

/** The row under a standings row with the sentence; always rendered (hidden when closed) so aria-controls points at it. */
export function WhyRow({ player, id, className, children }: { player: string; id: string; className: string; children: ReactNode }) {
  const { isOpen } = useWhy();
  return (
    <tr id={id} hidden={!isOpen(player)} data-testid="standings-why" className={className}>
      {children}
    </tr>
  );
}
