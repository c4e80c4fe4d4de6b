"use client";
// The lobby: open a challenge, accept someone else's (or decline one addressed to you),
// or watch a live game. Lists refresh when the lobby room signals a change.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ChallengeForm, sideOnCard } from "@/components/challenge/challenge-form";
import { RatingText } from "@/components/rating-text";
import { FormAlert } from "@/components/form";
import { GamesInPlay } from "@/components/games-in-play";
import { catalogGame } from "@/engine/game-catalog";
import { onSiteGame } from "@/engine/games/registry";
import { useRealtime } from "@/lib/realtime-client";
import { timeControlLabel } from "@/lib/format-labels";
import { useTRPC, type RouterOutputs } from "@/lib/trpc/client";
import { LOBBY_ROOM } from "@/lib/contracts";

type Challenges = RouterOutputs["challenge"]["list"];
type LiveGames = RouterOutputs["game"]["live"];

export function Lobby({ me, initialChallenges, initialLive }: { me: { id: string } | null; initialChallenges: Challenges; initialLive: LiveGames }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  // Server-rendered lists first; the lobby room's "changed" signal refetches them.
  const challenges = useQuery({ ...trpc.challenge.list.queryOptions(), initialData: initialChallenges });
  const live = useQuery({ ...trpc.game.live.queryOptions({ page: 1 }), initialData: initialLive });
  const [error, setError] = useState<string | null>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.challenge.list.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.game.live.queryKey() });
  };
  useRealtime(LOBBY_ROOM, { changed: refresh, reconnected: refresh });

  const onError = (err: unknown) => setError(err instanceof Error ? err.message : "Something went wrong.");
  const accept = useMutation(trpc.challenge.accept.mutationOptions({ onSuccess: ({ gameId }) => router.push(`/games/${gameId}`), onError }));
  const cancel = useMutation(trpc.challenge.cancel.mutationOptions({ onSuccess: refresh, onError }));
  const decline = useMutation(trpc.challenge.decline.mutationOptions({ onSuccess: refresh, onError }));

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section className="space-y-3" aria-labelledby="challenges-heading">
        <h2 id="challenges-heading" className="text-lg font-semibold">
          Open challenges
        </h2>
        <FormAlert message={error} />
        {me ? (
          <ChallengeForm
            onOpened={() => {
              setError(null);
              refresh();
            }}
            onError={onError}
          />
        ) : (
          <p className="card text-sm">
            <Link className="link" href="/signin?callbackUrl=%2Fplay">
              Sign in
            </Link>{" "}
            to open or accept a challenge.
          </p>
        )}
        {challenges.isPending ? (
          <p className="text-sm text-stone-500">Loading challenges…</p>
        ) : challenges.data?.length === 0 ? (
          <p className="text-sm text-stone-600 dark:text-stone-400">No open challenges. Open one!</p>
        ) : (
          <ul className="space-y-2" data-testid="challenge-list">
            {challenges.data?.map((c) => (
              <li key={c.id} className="card flex flex-wrap items-center justify-between gap-2 py-3" data-testid="challenge">
                <div className="text-sm">
                  {c.addressee && (
                    <span className="mr-1 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100">
                      {c.rematchOf ? "Rematch" : "Challenge"} {me?.id === c.creator.id ? `to ${c.addressee.username}` : "for you"}
                    </span>
                  )}
                  <span className="font-semibold">{c.creator.username}</span> (<RatingText rating={c.creator} />) ·{" "}
                  {catalogGame(c.gameType)?.name ?? c.gameType}
                  {(onSiteGame(c.gameType)?.settings ?? []).map((o) => ` · ${o.label.toLowerCase()}: ${c.gameSettings[o.key] ?? o.default}`)} ·{" "}
                  {timeControlLabel(c.initialMs, c.incrementMs)} · {c.rated ? "rated" : "unrated"} ·{" "}
                  <span data-testid="challenge-side">{sideOnCard(c.creatorSide, c.gameType, me?.id === c.creator.id)}</span>
                </div>
                {me?.id === c.creator.id ? (
                  <button type="button" className="btn-secondary" onClick={() => cancel.mutate({ challengeId: c.id })}>
                    Cancel
                  </button>
                ) : me ? (
                  <div className="flex gap-2">
                    <button type="button" className="btn-primary" disabled={accept.isPending} onClick={() => accept.mutate({ challengeId: c.id })}>
                      Accept
                    </button>
                    {c.addressee && (
                      <button type="button" className="btn-secondary" disabled={decline.isPending} onClick={() => decline.mutate({ challengeId: c.id })}>
                        Decline
                      </button>
                    )}
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="space-y-3" aria-labelledby="live-heading">
        <h2 id="live-heading" className="text-lg font-semibold">
          Live games
        </h2>
        {live.isPending ? (
          <p className="text-sm text-stone-500">Loading games…</p>
        ) : (
          <GamesInPlay games={live.data.games} empty="No games are being played right now." />
        )}
      </section>
    </div>
  );
}
