"use client";
// A game as players and spectators see it, kept live over Socket.IO: every change
// arrives as the whole new state with the server's time; after a dropped connection
// the state is fetched afresh, so nothing missed is lost.
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useCallback, useState } from "react";
import { FormAlert } from "@/components/form";
import { GameClock } from "@/components/game/game-clock";
import { HnefataflBoard } from "@/components/game/hnefatafl-board";
import { MoveList } from "@/components/game/move-list";
import { catalogGame } from "@/engine/game-catalog";
import { displayRating } from "@/engine/glicko2";
import { NO_FIRST_MOVE } from "@/lib/game-endings";
import { useRealtime } from "@/lib/realtime-client";
import { useTRPC, useTRPCClient } from "@/lib/trpc/client";
import type { GameView } from "@/server/services/game/game-view";
import { ReportPanel, SetResultButtons } from "./report-panel";

const REASONS: Record<string, string> = {
  "king captured": "the king was captured",
  encircled: "the defenders were encircled",
  "king escaped": "the king escaped to a corner",
  "exit fort": "the king built an exit fort",
  "no attackers left": "no attackers were left",
  "no legal moves": "the side to move had no legal move",
  resignation: "resignation",
  timeout: "time ran out",
  agreement: "agreement",
};

function lastMoveOf(view: GameView) {
  const last = view.moves.at(-1)?.notation;
  if (!last) return { lastMove: null, captures: [] as string[] };
  const [move, ...captures] = last.split("x");
  const [from, to] = move!.split("-");
  return { lastMove: { from: from!, to: to! }, captures };
}

export function GameScreen({ initial, me }: { initial: GameView; me: { id: string; isAdmin: boolean } | null }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const [view, setView] = useState(initial);
  // serverNow − clientNow, so local countdowns follow the server's clock.
  const [offset, setOffset] = useState(() => initial.serverNow - Date.now());
  const [flipped, setFlipped] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const accept = useCallback((next: GameView) => {
    setOffset(next.serverNow - Date.now());
    // Events can cross a refetch: never go back to an older version.
    setView((current) => (next.version >= current.version ? next : current));
  }, []);

  useRealtime(`game:${initial.id}`, {
    game: (next) => {
      if (next.id === initial.id) accept(next);
    },
    reconnected: () => {
      void client.game.get.query({ gameId: initial.id }).then(accept);
    },
  });

  const onError = (err: unknown) => {
    setError(err instanceof Error ? err.message : "Something went wrong.");
    void client.game.get.query({ gameId: initial.id }).then(accept);
  };
  const move = useMutation(trpc.game.move.mutationOptions({ onSuccess: accept, onError }));
  const resign = useMutation(trpc.game.resign.mutationOptions({ onSuccess: accept, onError }));
  const draw = useMutation(trpc.game.draw.mutationOptions({ onSuccess: accept, onError }));
  const chooseRole = useMutation(
    trpc.tournament.chooseRole.mutationOptions({ onSuccess: () => void client.game.get.query({ gameId: initial.id }).then(accept), onError }),
  );

  const mySide = me ? (view.side1.id === me.id ? 1 : view.side2.id === me.id ? 2 : null) : null;
  const active = view.status === "active";
  const type = catalogGame(view.gameType);
  const sideNames = type?.sideNames ?? ["Side 1", "Side 2"];
  // The side that ran out of time before its first move (games ended for "no first move").
  const neverMovedName = (view.clock.toMove === 1 ? view.side1 : view.side2).username;
  const { lastMove, captures } = lastMoveOf(view);
  const myTurn = active && mySide !== null && view.clock.toMove === mySide;
  const opponentOffered = view.drawOfferBy !== null && view.drawOfferBy !== mySide;
  const canSetResult = !!me && (me.isAdmin || (view.tournament !== null && view.tournament.organizerId === me.id));
  const mayChooseRole = active && !!me && view.tournament?.roleChooser === me.id && (view.state?.ply ?? 0) === 0;

  const clockFor = (side: 1 | 2) => (
    <GameClock
      label={`${sideNames[side - 1]}: ${side === 1 ? view.side1.username : view.side2.username}`}
      remainingMs={side === 1 ? view.clock.remaining1Ms : view.clock.remaining2Ms}
      running={active && view.state !== null && view.clock.toMove === side && view.clock.turnStartedAt !== null}
      stampedAt={view.clock.turnStartedAt ?? view.serverNow}
      serverOffsetMs={offset}
      active={active && view.clock.toMove === side}
      initialMs={view.initialMs}
    />
  );
  // The side shown at the bottom: your own, else side 1; flipping swaps.
  const bottom: 1 | 2 = ((mySide ?? 1) === 1) !== flipped ? 1 : 2;
  const top: 1 | 2 = bottom === 1 ? 2 : 1;

  return (
    <div className="space-y-4" data-testid="game-screen" data-version={view.version} data-ply={view.state?.ply ?? 0}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-xl font-bold">
          <PlayerName p={view.side1} /> <span className="text-stone-500">vs</span> <PlayerName p={view.side2} />
        </h1>
        <p className="text-sm text-stone-600 dark:text-stone-400">
          {type?.name ?? view.gameType} · {view.rated ? "rated" : "unrated"}
          {view.tournament && (
            <>
              {" · "}
              <Link className="link" href={`/tournaments/${view.tournament.id}`}>
                {view.tournament.name}
              </Link>
            </>
          )}
        </p>
      </div>
      {mayChooseRole && (
        <div role="status" className="card flex flex-wrap items-center gap-3" data-testid="role-choice">
          <span className="text-sm">You are the higher seed: choose your role before the game starts (you are A unless you choose B).</span>
          <button type="button" className="btn-secondary" disabled={chooseRole.isPending} onClick={() => chooseRole.mutate({ gameId: view.id, role: "A" })}>
            Play A
          </button>
          <button type="button" className="btn-secondary" disabled={chooseRole.isPending} onClick={() => chooseRole.mutate({ gameId: view.id, role: "B" })}>
            Play B
          </button>
        </div>
      )}
      {view.status === "void" && (
        <div role="status" data-testid="result-banner" className="rounded-lg border border-stone-300 bg-stone-100 px-4 py-3 font-semibold dark:border-stone-600 dark:bg-stone-800">
          This game was voided{view.endReason ? ` (${view.endReason})` : ""}.
        </div>
      )}

      {view.status === "aborted" && (
        <div role="status" data-testid="result-banner" className="rounded-lg border border-stone-300 bg-stone-100 px-4 py-3 font-semibold dark:border-stone-600 dark:bg-stone-800">
          Aborted: {neverMovedName} ({sideNames[view.clock.toMove - 1]}) ran out of time before making a first move. Nobody won, and no
          rating changed.
        </div>
      )}

      {view.status === "finished" && view.endReason === NO_FIRST_MOVE && (
        <div role="status" data-testid="result-banner" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 font-semibold dark:border-amber-700 dark:bg-amber-950">
          {view.result === "1-0" ? view.side1.username : view.side2.username} ({sideNames[view.result === "1-0" ? 0 : 1]}) won by forfeit:{" "}
          {neverMovedName} ran out of time before making a first move. The forfeit counts in the tournament&apos;s standings, but the game is
          unrated.
        </div>
      )}

      {view.status === "finished" && view.endReason !== NO_FIRST_MOVE && (
        <div role="status" data-testid="result-banner" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 font-semibold dark:border-amber-700 dark:bg-amber-950">
          {view.result === "draw"
            ? "Draw"
            : `${view.result === "1-0" ? view.side1.username : view.side2.username} (${sideNames[view.result === "1-0" ? 0 : 1]}) won`}
          {view.endReason ? ` by ${REASONS[view.endReason] ?? view.endReason}` : ""}
          {view.margin != null ? ` (margin ${view.margin})` : ""}.
        </div>
      )}
      <FormAlert message={error} />

      {view.state ? (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <div className="space-y-3">
            <div data-testid={`clock-top`}>{clockFor(top)}</div>
            <HnefataflBoard
              state={view.state}
              flipped={flipped}
              lastMove={lastMove}
              captures={captures}
              canMove={myTurn && !move.isPending}
              onMove={(m) => {
                setError(null);
                move.mutate({ gameId: view.id, ply: view.state!.ply, move: `${m.from}-${m.to}` });
              }}
            />
            <div data-testid={`clock-bottom`}>{clockFor(bottom)}</div>
          </div>
          <aside className="space-y-4">
            <div className="flex flex-wrap gap-2">
              <button type="button" className="btn-secondary" onClick={() => setFlipped((f) => !f)}>
                Flip board
              </button>
              {active && mySide !== null && (
                <>
                  {opponentOffered ? (
                    <>
                      <button type="button" className="btn-primary" disabled={draw.isPending} onClick={() => draw.mutate({ gameId: view.id, action: "accept" })}>
                        Accept draw
                      </button>
                      <button type="button" className="btn-secondary" disabled={draw.isPending} onClick={() => draw.mutate({ gameId: view.id, action: "decline" })}>
                        Decline draw
                      </button>
                    </>
                  ) : (
                    <button
                      type="button"
                      className="btn-secondary"
                      disabled={draw.isPending || view.drawOfferBy === mySide}
                      onClick={() => draw.mutate({ gameId: view.id, action: "offer" })}
                    >
                      {view.drawOfferBy === mySide ? "Draw offered" : "Offer draw"}
                    </button>
                  )}
                  <button
                    type="button"
                    className="btn-danger"
                    disabled={resign.isPending}
                    onClick={() => window.confirm("Resign this game?") && resign.mutate({ gameId: view.id })}
                  >
                    Resign
                  </button>
                </>
              )}
            </div>
            {active && opponentOffered && <p role="status" className="text-sm">Your opponent offers a draw.</p>}
            {active && mySide === null && <p className="text-sm text-stone-600 dark:text-stone-400">You are watching this game.</p>}
            {myTurn && <p className="text-sm font-semibold text-amber-800 dark:text-amber-400">Your move.</p>}
            {canSetResult && view.tournament && <SetResultButtons view={view} onChange={accept} onError={onError} />}
            <MoveList moves={view.moves.map((m) => m.notation)} />
          </aside>
        </div>
      ) : (
        <ReportPanel view={view} mySide={mySide} canSetResult={canSetResult} onChange={accept} onError={onError} />
      )}
    </div>
  );
}

function PlayerName({ p }: { p: GameView["side1"] }) {
  return (
    <Link className="link" href={`/players/${encodeURIComponent(p.username)}`}>
      {p.username}
      <span className="ml-1 text-sm font-normal text-stone-500">({displayRating(p)})</span>
    </Link>
  );
}
