"use client";
// A finished game's rematch, for its two players: offer the same game again with sides
// swapped, or answer the opponent's offer (accept, decline), or withdraw your own. The
// offer is a directed challenge (server/services/challenge/challenges.ts); both pages
// learn of each change through the players' inbox pings, and on acceptance both go to
// the new board (the accepter by the answer, the challenger by GameStartFollower).
import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useRealtime } from "@/lib/realtime-client";
import { useTRPC } from "@/lib/trpc/client";
import type { GameView } from "@/lib/contracts";

export function RematchPanel({ view, meId, onError }: { view: GameView; meId: string; onError: (err: unknown) => void }) {
  const trpc = useTRPC();
  const router = useRouter();
  const offer = useQuery(trpc.challenge.rematchOf.queryOptions({ gameId: view.id }));
  const refetch = () => void offer.refetch();
  // An offer, an answer or a withdrawal pings both players' inboxes.
  useRealtime(null, { inbox: refetch, reconnected: refetch });
  const opts = { onSuccess: refetch, onError };
  const rematch = useMutation(trpc.challenge.rematch.mutationOptions(opts));
  const cancel = useMutation(trpc.challenge.cancel.mutationOptions(opts));
  const decline = useMutation(trpc.challenge.decline.mutationOptions(opts));
  const accept = useMutation(trpc.challenge.accept.mutationOptions({ onSuccess: ({ gameId }) => router.push(`/games/${gameId}`), onError }));
  const opponent = view.side1.id === meId ? view.side2 : view.side1;
  const busy = rematch.isPending || cancel.isPending || decline.isPending || accept.isPending;
  const o = offer.data;

  const offerButton = (
    <button type="button" className="btn-secondary" disabled={busy} onClick={() => rematch.mutate({ gameId: view.id })}>
      Rematch
    </button>
  );
  let body;
  if (offer.isPending) body = <p className="text-sm text-stone-600 dark:text-stone-400">Looking for a rematch…</p>;
  else if (o?.status === "open" && o.creatorId === meId) {
    body = (
      <>
        <p role="status" className="text-sm">
          Rematch offered to {opponent.username}, sides swapped. Waiting for the answer…
        </p>
        <button type="button" className="btn-secondary" disabled={busy} onClick={() => cancel.mutate({ challengeId: o.id })}>
          Cancel rematch
        </button>
      </>
    );
  } else if (o?.status === "open") {
    body = (
      <>
        <p role="status" className="text-sm font-semibold">
          {opponent.username} offers a rematch, sides swapped.
        </p>
        <div className="flex gap-2">
          <button type="button" className="btn-primary" disabled={busy} onClick={() => accept.mutate({ challengeId: o.id })}>
            Accept rematch
          </button>
          <button type="button" className="btn-secondary" disabled={busy} onClick={() => decline.mutate({ challengeId: o.id })}>
            Decline
          </button>
        </div>
      </>
    );
  } else if (o?.status === "accepted" && o.gameId) {
    body = (
      <p className="text-sm">
        <Link className="link" href={`/games/${o.gameId}`}>
          Go to the rematch
        </Link>
      </p>
    );
  } else {
    body = (
      <>
        {o?.status === "declined" && (
          <p role="status" className="text-sm">
            {o.creatorId === meId ? `${opponent.username} declined the rematch.` : "You declined the rematch."}
          </p>
        )}
        {offerButton}
      </>
    );
  }
  return (
    <section className="space-y-2" aria-label="Rematch" data-testid="rematch">
      {body}
      <p className="text-sm">
        <Link className="link" href={`/players/${encodeURIComponent(opponent.username)}#challenge`}>
          Challenge {opponent.username} to another game
        </Link>
      </p>
    </section>
  );
}
