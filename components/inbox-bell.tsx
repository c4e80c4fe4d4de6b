"use client";
// The bell in the header: the unread count, kept live over Socket.IO (the server pings
// the user's room when the inbox changes). The bell is the one listener for those
// pings on every signed-in page: it refreshes every view of the inbox (inbox-refresh.ts),
// the "Your turn" count and the lists of /inbox and /my-turn among them. Items that arrive while
// the page is open show once as a toast; what was already there at load never does.
//
// A toast is only for news that is not on the screen: nothing about the page being
// looked at (no "your move" on that game's own page). It leaves by itself, and it
// never covers a control: it is portalled into its own line under the header, in the
// page's flow, rather than floating over the board's buttons on a phone. One at a
// time: the newest, since the others are in the inbox.
import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useInboxRefresh } from "@/lib/inbox-refresh";
import type { InboxItem } from "@/lib/notification-kinds";
import { useRealtime } from "@/lib/realtime-client";
import { useTRPC } from "@/lib/trpc/client";
import { TOAST_SLOT_ID } from "./toast-slot";

/** How long a toast stays (ms), unless the pointer or focus is on it. */
const TOAST_MS = 8000;

/** The path a notification's link leads to ("/games/x?ply=3" -> "/games/x"). */
function linkPath(link: string): string {
  return link.split(/[?#]/)[0] ?? link;
}

export function InboxBell() {
  const trpc = useTRPC();
  const pathname = usePathname();
  const summary = useQuery(trpc.notification.summary.queryOptions());
  const refresh = useInboxRefresh();
  useRealtime(null, { inbox: refresh, reconnected: refresh });

  // Ids already seen by this page (toasted or present at load): never toasted again.
  const seen = useRef<Set<string> | null>(null);
  const [toast, setToast] = useState<InboxItem | null>(null);
  // The toast the pointer or focus is on (an id, so a removed toast never holds the next one).
  const [heldId, setHeldId] = useState<string | null>(null);
  const held = toast !== null && heldId === toast.id;
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useEffect(() => setSlot(document.getElementById(TOAST_SLOT_ID)), []);
  useEffect(() => {
    const latest = summary.data?.latest;
    if (!latest) return;
    if (seen.current === null) {
      seen.current = new Set(latest.map((i) => i.id));
      return;
    }
    const fresh = latest.filter((i) => !seen.current!.has(i.id));
    for (const i of fresh) seen.current.add(i.id);
    // The newest item about something off this page (`latest` is newest first).
    const news = fresh.find((i) => linkPath(i.link) !== pathname);
    if (news) setToast(news);
  }, [summary.data, pathname]);

  // Going to the page a toast is about answers it.
  useEffect(() => {
    if (toast && linkPath(toast.link) === pathname) setToast(null);
  }, [toast, pathname]);

  // Leaves by itself; held while the pointer or the keyboard focus is on it.
  useEffect(() => {
    if (!toast || held) return;
    const timer = setTimeout(() => setToast(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast, held]);

  const markRead = useMutation(trpc.notification.markRead.mutationOptions({ onSuccess: refresh }));
  const dismiss = () => setToast(null);
  const unread = summary.data?.unread ?? 0;

  return (
    <>
      <Link
        href="/inbox"
        className="relative rounded p-1 hover:text-amber-700"
        aria-label={unread > 0 ? `Inbox, ${unread} unread` : "Inbox"}
        data-testid="inbox-bell"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </svg>
        {unread > 0 && (
          <span
            data-testid="inbox-count"
            className="absolute -right-1.5 -top-1 min-w-[1.1rem] rounded-full bg-red-600 px-1 text-center text-[0.65rem] font-bold leading-[1.1rem] text-white"
          >
            {unread > 99 ? "99+" : unread}
          </span>
        )}
      </Link>
      {toast &&
        slot &&
        createPortal(
          <div
            className="pb-2"
            onPointerEnter={() => setHeldId(toast.id)}
            onPointerLeave={() => setHeldId(null)}
            onFocus={() => setHeldId(toast.id)}
            onBlur={() => setHeldId(null)}
          >
            <div key={toast.id} data-testid="toast" className="card flex items-start justify-between gap-2 py-2 text-sm shadow-sm">
              <Link
                className="link"
                href={toast.link}
                onClick={() => {
                  dismiss();
                  markRead.mutate({ id: toast.id });
                }}
              >
                <strong>{toast.title}.</strong> {toast.body}
              </Link>
              <button type="button" aria-label="Dismiss" className="text-stone-500" onClick={dismiss}>
                ×
              </button>
            </div>
          </div>,
          slot,
        )}
    </>
  );
}
