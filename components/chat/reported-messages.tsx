"use client";
// "Your turn" for organizers and site admins: reported chat messages in the rooms they
// moderate, each hidden (gone for everyone) or kept (its reports closed). Shows nothing
// to anyone with no report waiting.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { FormAlert } from "@/components/form";
import { LocalTime } from "@/components/local-time";
import { useInboxRefresh } from "@/lib/inbox-refresh";
import { useRealtime } from "@/lib/realtime-client";
import { useTRPC } from "@/lib/trpc/client";

export function ReportedMessages() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const reported = useQuery(trpc.chat.reported.queryOptions());
  // A new report pings the organizer's pages (as the inbox does): fetch the list again.
  const refetch = () => void reported.refetch();
  const refreshInbox = useInboxRefresh();
  useRealtime(null, { inbox: refetch, reconnected: refetch });
  const [error, setError] = useState<string | null>(null);
  const options = {
    // The list, the "Your turn" count and the page's sentence all count reported messages.
    onSuccess: () => {
      refreshInbox();
      return queryClient.invalidateQueries({ queryKey: trpc.chat.reported.queryKey() });
    },
    onError: (err: { message: string }) => setError(err.message),
  };
  const hide = useMutation(trpc.chat.hide.mutationOptions(options));
  const keep = useMutation(trpc.chat.keep.mutationOptions(options));
  if (!reported.data || reported.data.length === 0) return null;
  return (
    <section className="card space-y-3" aria-labelledby="reported-heading" data-testid="reported-messages">
      <h2 id="reported-heading" className="text-lg font-semibold">
        Reported chat messages
      </h2>
      <FormAlert message={error} />
      <ul className="space-y-3">
        {reported.data.map((r) => (
          <li key={r.messageId} className="space-y-1 text-sm">
            <p>
              <span className="font-semibold">{r.author}</span>: {r.text}
            </p>
            <p className="text-xs text-stone-600 dark:text-stone-400">
              In{" "}
              <Link className="link" href={r.link}>
                {r.place}
              </Link>
              , <LocalTime at={r.createdAt} /> · reported {r.reports === 1 ? "once" : `${r.reports} times`}
              {r.reasons.length > 0 ? `: ${r.reasons.map((reason) => `“${reason}”`).join(", ")}` : ""}
            </p>
            <div className="flex gap-2">
              <button type="button" className="btn-danger" disabled={hide.isPending} onClick={() => hide.mutate({ messageId: r.messageId })}>
                Hide for everyone
              </button>
              <button type="button" className="btn-secondary" disabled={keep.isPending} onClick={() => keep.mutate({ messageId: r.messageId })}>
                Keep
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
