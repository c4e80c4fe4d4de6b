"use client";
// Organizer announcements on the tournament page: the organizer posts a message, every
// player also gets it in their inbox. Plus the tournament's schedule as .ics.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { FormAlert } from "@/components/form";
import { LinkedText } from "@/components/linked-text";
import { useTRPC } from "@/lib/trpc/client";

export function Announcements({ tournamentId, canPost }: { tournamentId: string; canPost: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.notification.announcements.queryOptions({ tournamentId }));
  const post = useMutation(
    trpc.notification.announce.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.notification.announcements.queryKey({ tournamentId }) }),
    }),
  );
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const message = String(new FormData(form).get("message") ?? "").trim();
    if (!message) return setError("Write a message first.");
    setError(null);
    try {
      await post.mutateAsync({ tournamentId, message });
      form.reset();
    } catch (err) {
      setError(err instanceof Error ? err.message : "Could not post the announcement.");
    }
  }

  const items = list.data ?? [];
  if (!canPost && items.length === 0) {
    return (
      <p className="text-sm">
        <a className="link" href={`/api/calendar/tournament/${tournamentId}`}>
          Add the schedule to your calendar (.ics)
        </a>
      </p>
    );
  }
  return (
    <section className="card space-y-3" aria-labelledby="announcements-heading" data-testid="announcements">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="announcements-heading" className="font-semibold">
          Announcements
        </h2>
        <a className="link text-sm" href={`/api/calendar/tournament/${tournamentId}`}>
          Schedule (.ics)
        </a>
      </div>
      {items.length === 0 ? (
        <p className="text-sm text-stone-500">No announcements yet.</p>
      ) : (
        <ul className="space-y-2">
          {items.map((a) => (
            <li key={a.id} className="text-sm">
              <p className="whitespace-pre-wrap" data-testid="announcement-text">
                <LinkedText text={a.message} />
              </p>
              <p className="text-xs text-stone-500">
                {a.author} ·{" "}
                <time dateTime={a.createdAt.toISOString()}>{a.createdAt.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
      {canPost && (
        <form onSubmit={onSubmit} className="space-y-2" noValidate>
          <FormAlert message={error} />
          <label htmlFor="announcement" className="block text-sm font-medium">
            Message to every player (also sent to their inbox)
          </label>
          <textarea id="announcement" name="message" className="input min-h-20" maxLength={2000} />
          <button type="submit" className="btn-primary" disabled={post.isPending}>
            {post.isPending ? "Posting…" : "Post announcement"}
          </button>
        </form>
      )}
    </section>
  );
}
