"use client";
// "Your turn" in the header with a count of everything waiting on the user (games,
// reports, role choices and, for organizers, their queues), kept live by inbox pings.
// The tab's title carries the same count, as on lichess, so a player sees it is their
// move from another tab. The inbox bell beside it (always shown with it) listens for
// the pings and refreshes this count.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect } from "react";
import { useTRPC } from "@/lib/trpc/client";

export function YourTurnLink() {
  const trpc = useTRPC();
  const count = useQuery(trpc.notification.waitingCount.queryOptions());
  const n = count.data ?? 0;
  useWaitingInTitle(n);
  return (
    <Link
      href="/my-turn"
      className="flex items-center gap-1.5 text-sm font-medium hover:text-amber-700"
      aria-label={n > 0 ? `Your turn, ${n} waiting` : "Your turn"}
    >
      Your turn
      {n > 0 && (
        <span data-testid="your-turn-count" className="rounded-full bg-amber-600 px-1.5 text-xs font-bold leading-5 text-white">
          {n > 99 ? "99+" : n}
        </span>
      )}
    </Link>
  );
}

const COUNT_PREFIX = /^\(\d+\+?\) /;

/**
 * "(2) Inbox · Moot" while two things wait. Next.js rewrites the title on every
 * navigation, so the prefix is put back whenever the head changes; writing the same
 * title again changes nothing, so this never loops.
 */
function useWaitingInTitle(n: number) {
  useEffect(() => {
    const apply = () => {
      const base = document.title.replace(COUNT_PREFIX, "");
      const wanted = n > 0 ? `(${n > 99 ? "99+" : n}) ${base}` : base;
      if (document.title !== wanted) document.title = wanted;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { childList: true, characterData: true, subtree: true });
    return () => {
      observer.disconnect();
      document.title = document.title.replace(COUNT_PREFIX, "");
    };
  }, [n]);
}
