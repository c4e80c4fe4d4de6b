"use client";
// The signed-in user's notifications, newest first, 20 a page. Unread items stand out;
// resolved ones (their cause is gone) are shown muted as done. Opening one marks it read.
// The header's bell refreshes the list when the inbox changes (inbox-refresh.ts).
import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Pagination } from "@/components/pagination";
import { useInboxRefresh } from "@/lib/inbox-refresh";
import { useTRPC } from "@/lib/trpc/client";

const when = (d: Date) => d.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

export function InboxList({ page }: { page: number }) {
  const trpc = useTRPC();
  const list = useQuery(trpc.notification.list.queryOptions({ page }));
  const refresh = useInboxRefresh();
  const markRead = useMutation(trpc.notification.markRead.mutationOptions({ onSuccess: refresh }));
  const markAll = useMutation(trpc.notification.markAllRead.mutationOptions({ onSuccess: refresh }));

  if (list.isPending) return <p className="text-sm text-stone-500">Loading…</p>;
  if (list.isError) return <p role="alert">Could not load your inbox: {list.error.message}</p>;
  const { items, pages } = list.data;
  const anyUnread = items.some((i) => !i.read && !i.resolved);
  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-stone-600 dark:text-stone-400">
          {list.data.total === 0 ? "" : `${list.data.total} notification${list.data.total === 1 ? "" : "s"}`}
        </p>
        <button type="button" className="btn-secondary" disabled={!anyUnread || markAll.isPending} onClick={() => markAll.mutate()}>
          Mark all read
        </button>
      </div>
      {markAll.isError && <p role="alert">{markAll.error.message}</p>}
      {items.length === 0 ? (
        <p className="card text-stone-600 dark:text-stone-400">
          Nothing here yet. You will be told here when it is your move, a game is created for you, or a tournament you joined moves on.
        </p>
      ) : (
        <ul className="space-y-2" data-testid="inbox-list">
          {items.map((i) => {
            const unread = !i.read && !i.resolved;
            return (
              <li
                key={i.id}
                data-testid="inbox-item"
                data-unread={unread}
                className={`card flex items-start justify-between gap-3 py-3 text-sm ${unread ? "border-amber-500" : "text-stone-700 dark:text-stone-300"}`}
              >
                <Link href={i.link} className="min-w-0 flex-1 hover:underline" onClick={() => unread && markRead.mutate({ id: i.id })}>
                  <span className="font-semibold">{i.title}</span>
                  {i.resolved && <span className="ml-2 rounded bg-stone-200 px-1.5 text-xs dark:bg-stone-700">done</span>}
                  <span className="block">{i.body}</span>
                  <time className="block text-xs text-stone-500" dateTime={i.createdAt.toISOString()}>
                    {when(i.createdAt)}
                  </time>
                </Link>
                {unread && (
                  <button type="button" className="text-xs text-stone-600 underline dark:text-stone-400" onClick={() => markRead.mutate({ id: i.id })}>
                    Mark read
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <Pagination page={page} pageCount={pages} href={(p) => `/inbox?page=${p}`} />
    </div>
  );
}
