"use client";
// The lobby: open a challenge, accept someone else's, or watch a live game. Lists
// refresh when the lobby room signals a change.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { FormAlert } from "@/components/form";
import { LiveGamesList } from "@/components/live-games-list";
import { DEFAULT_CLOCK_PRESET_ID, OFFERED_CLOCK_PRESETS } from "@/engine/clock";
import { GAME_CATALOG, catalogGame } from "@/engine/game-catalog";
import { onSiteGame } from "@/engine/games/registry";
import { displayRating } from "@/engine/glicko2";
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
  const [gameType, setGameType] = useState("hnefatafl");
  const sides = catalogGame(gameType)?.sideNames ?? ["First player", "Second player"];
  // The chosen game's own settings (a backgammon match's length), if it has any.
  const gameOptions = onSiteGame(gameType)?.settings ?? [];
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.challenge.list.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.game.live.queryKey() });
  };
  useRealtime(LOBBY_ROOM, { changed: refresh, reconnected: refresh });

  const onError = (err: unknown) => setError(err instanceof Error ? err.message : "Something went wrong.");
  const create = useMutation(trpc.challenge.create.mutationOptions({ onSuccess: refresh, onError }));
  const accept = useMutation(trpc.challenge.accept.mutationOptions({ onSuccess: ({ gameId }) => router.push(`/games/${gameId}`), onError }));
  const cancel = useMutation(trpc.challenge.cancel.mutationOptions({ onSuccess: refresh, onError }));

  function onCreate(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setError(null);
    const f = new FormData(e.currentTarget);
    create.mutate({
      gameType: String(f.get("gameType")),
      timeControl: String(f.get("timeControl")),
      side: String(f.get("side")) as "side1" | "side2" | "random",
      rated: f.get("rated") === "on",
      // An empty field takes the game's default; the server checks the ranges and says what is wrong.
      gameSettings: Object.fromEntries(
        gameOptions.flatMap((o) => {
          const text = String(f.get(`setting-${o.key}`) ?? "").trim();
          return text === "" ? [] : [[o.key, Number(text)]];
        }),
      ),
    });
  }

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section className="space-y-3" aria-labelledby="challenges-heading">
        <h2 id="challenges-heading" className="text-lg font-semibold">
          Open challenges
        </h2>
        <FormAlert message={error} />
        {me ? (
          <form onSubmit={onCreate} className="card grid gap-3 sm:grid-cols-2" aria-label="New challenge">
            <label className="text-sm">
              Game
              <select name="gameType" className="input mt-1" value={gameType} onChange={(e) => setGameType(e.target.value)}>
                {GAME_CATALOG.map((g) => (
                  <option key={g.id} value={g.id}>
                    {g.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="text-sm">
              Time control
              <select name="timeControl" className="input mt-1" defaultValue={DEFAULT_CLOCK_PRESET_ID}>
                {OFFERED_CLOCK_PRESETS.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.label}
                  </option>
                ))}
              </select>
            </label>
            <label className="text-sm">
              Your side
              <select name="side" className="input mt-1" defaultValue="random">
                <option value="random">Random</option>
                {/* Sides as the chosen game names them: attackers / defenders, white / black, … */}
                <option value="side1">{sides[0]} (moves first)</option>
                <option value="side2">{sides[1]}</option>
              </select>
            </label>
            {gameOptions.map((o) => (
              <label key={`${gameType}-${o.key}`} className="text-sm">
                {o.label}
                <input name={`setting-${o.key}`} type="number" inputMode="numeric" min={o.min} max={o.max} step={1} defaultValue={o.default} className="input mt-1" />
              </label>
            ))}
            <label className="flex items-center gap-2 self-end text-sm">
              <input type="checkbox" name="rated" defaultChecked /> Rated
            </label>
            <button type="submit" className="btn-primary sm:col-span-2" disabled={create.isPending}>
              {create.isPending ? "Opening…" : "Open challenge"}
            </button>
          </form>
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
                  <span className="font-semibold">{c.creator.username}</span> ({displayRating(c.creator)}) ·{" "}
                  {catalogGame(c.gameType)?.name ?? c.gameType}
                  {(onSiteGame(c.gameType)?.settings ?? []).map((o) => ` · ${o.label.toLowerCase()}: ${c.gameSettings[o.key] ?? o.default}`)} ·{" "}
                  {timeControlLabel(c.initialMs, c.incrementMs)} · {c.rated ? "rated" : "unrated"}
                </div>
                {me?.id === c.creator.id ? (
                  <button type="button" className="btn-secondary" onClick={() => cancel.mutate({ challengeId: c.id })}>
                    Cancel
                  </button>
                ) : me ? (
                  <button type="button" className="btn-primary" disabled={accept.isPending} onClick={() => accept.mutate({ challengeId: c.id })}>
                    Accept
                  </button>
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
          <LiveGamesList games={live.data.games} />
        )}
      </section>
    </div>
  );
}
