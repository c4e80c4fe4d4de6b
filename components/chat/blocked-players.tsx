"use client";
// Settings: the players whose chat messages the user no longer sees, each with Unblock.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { FormAlert } from "@/components/form";
import { useTRPC } from "@/lib/trpc/client";

export function BlockedPlayers() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const blocks = useQuery(trpc.chat.blocks.queryOptions());
  const [message, setMessage] = useState<{ text: string; tone: "error" | "success" } | null>(null);
  const unblock = useMutation(
    trpc.chat.unblock.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.chat.blocks.queryKey() }),
    }),
  );
  if (blocks.isPending) return <p className="text-sm text-stone-600 dark:text-stone-400">Loading…</p>;
  if (blocks.isError) return <FormAlert message="Could not load the players you block." />;
  return (
    <div className="space-y-2" data-testid="blocked-players">
      <FormAlert message={message?.text ?? null} tone={message?.tone} />
      {blocks.data.length === 0 ? (
        <p className="text-sm text-stone-600 dark:text-stone-400">
          You block nobody. Block a player from the menu beside one of their chat messages; you will no longer see their messages.
        </p>
      ) : (
        <ul className="space-y-1">
          {blocks.data.map((b) => (
            <li key={b.id} className="flex items-center justify-between gap-2 text-sm">
              <Link className="link" href={`/players/${encodeURIComponent(b.username)}`}>
                {b.username}
              </Link>
              <button
                type="button"
                className="btn-secondary"
                disabled={unblock.isPending}
                onClick={() =>
                  unblock.mutate(
                    { userId: b.id },
                    {
                      onSuccess: () => setMessage({ text: `${b.username} is unblocked: you see their chat messages again.`, tone: "success" }),
                      onError: (err) => setMessage({ text: err.message, tone: "error" }),
                    },
                  )
                }
              >
                Unblock
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
