"use client";
// The bell in the header: the unread count, kept live over Socket.IO (the server pings
// the user's room when the inbox changes; the bell refetches). Items that arrive while
// the page is open show once as a toast; what was already there at load never does.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import type { InboxItem } from "@/lib/notification-kinds";
import { useRealtime } from "@/lib/realtime-client";
import { useTRPC } from "@/lib/trpc/client";

const MAX_TOASTS = 3;

export function InboxBell() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const summary = useQuery(trpc.notification.summary.queryOptions());
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.notification.summary.queryKey() });
  useRealtime(null, { inbox: refresh, reconnected: refresh });

  // Ids already seen by this page (toasted or present at load): never toasted again.
  const seen = useRef<Set<string> | null>(null);
  const [toasts, setToasts] = useState<InboxItem[]>([]);
  useEffect(() => {
    const latest = summary.data?.latest;
    if (!latest) return;
    if (seen.current === null) {
      seen.current = new Set(latest.map((i) => i.id));
      return;
    }
    const fresh = latest.filter((i) => !seen.current!.has(i.id));
    for (const i of fresh) seen.current.add(i.id);
    if (fresh.length > 0) setToasts((all) => [...fresh.reverse(), ...all].slice(0, MAX_TOASTS));
  }, [summary.data]);

  const markRead = useMutation(trpc.notification.markRead.mutationOptions({ onSuccess: refresh }));
  const dismiss = (id: string) => setToasts((all) => all.filter((t) => t.id !== id));
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
          <span data-testid="inbox-count" className="absolute -right-1.5 -top-1 min-w-[1.1rem] rounded-full bg-red-600 px-1 text-center text-[0.65rem] font-bold leading-[1.1rem] text-white">
            {unread > 99 ? "99+" : unread}
          </span>
        )}
      </Link>
      {toasts.length > 0 && (
        <div aria-live="polite" className="fixed bottom-4 right-4 z-30 flex w-80 flex-col gap-2">
          {toasts.map((t) => (
            <div key={t.id} data-testid="toast" className="card flex items-start justify-between gap-2 py-3 text-sm shadow-lg">
              <Link
                className="link"
                href={t.link}
                onClick={() => {
                  dismiss(t.id);
                  markRead.mutate({ id: t.id });
                }}
              >
                <strong>{t.title}.</strong> {t.body}
              </Link>
              <button type="button" aria-label="Dismiss" className="text-stone-500" onClick={() => dismiss(t.id)}>
                ×
              </button>
            </div>
          ))}
        </div>
      )}
    </>
  );
}
