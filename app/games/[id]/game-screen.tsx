"use client";
// A game as players and spectators see it, kept live over Socket.IO: every change
// arrives as a small update (the move and the clocks, with the game's version and the
// server's time) that is applied to the view held here (lib/game-update.ts); a missed
// update (a gap in the versions), a reconnect or an update the page cannot apply fetch
// the whole view afresh, so nothing missed is lost.
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { FormAlert } from "@/components/form";
import { GameClock } from "@/components/game/game-clock";
import { MoveList } from "@/components/game/move-list";
import { ReplayControls } from "@/components/game/replay-controls";
import { boardFor } from "@/components/games/registry";
import { catalogGame } from "@/engine/game-catalog";
import { onSiteGame } from "@/engine/games/registry";
import { displayRating } from "@/engine/glicko2";
import { NO_FIRST_MOVE } from "@/lib/game-endings";
import { GameFollower } from "@/lib/game-update";
import { useRealtime } from "@/lib/realtime-client";
import { useTRPC, useTRPCClient } from "@/lib/trpc/client";
import { gameRoom, type GameUpdate, type GameView } from "@/lib/contracts";
import { ReportPanel, SetResultButtons } from "./report-panel";

// How each end reason every game shares reads after "X won" or "Draw", so every
// banner is a sentence; a game's own reasons (checkmate, king escaped) come from its rules.
const ENDINGS: Record<string, string> = {
  resignation: " by resignation",
  timeout: " on time",
  agreement: " by agreement",
  reported: " (result reported by the players)",
  "set by organizer": " (result set by the organizer)",
  withdrawal: " (the opponent withdrew from the tournament)",
  [NO_FIRST_MOVE]: " by forfeit: the opponent ran out of time before making a first move. The forfeit counts in the tournament's standings, but the game is unrated",
};

/** "alice (Defenders) won on time.", "Draw by agreement.": the result banner's sentence. */
export function resultSentence(view: Pick<GameView, "result" | "endReason" | "margin" | "side1" | "side2" | "gameType">, sideNames: readonly [string, string], marginLabel: string | null): string {
  const head =
    view.result === "draw" ? "Draw" : `${view.result === "1-0" ? view.side1.username : view.side2.username} (${sideNames[view.result === "1-0" ? 0 : 1]}) won`;
  const ending = view.endReason ? (ENDINGS[view.endReason] ?? `: ${onSiteGame(view.gameType)?.describeReason(view.endReason) ?? view.endReason}`) : "";
  const margin = view.margin != null && view.result !== "draw" ? ` by a margin of ${view.margin}${marginLabel ? ` ${marginLabel}` : ""}` : "";
  return `${head}${margin}${ending}.`;
}

/** `?ply=N` in the address: the move a shared link points at. */
function plyFromAddress(moves: number): number | null {
  if (typeof window === "undefined") return null;
  const ply = Number(new URLSearchParams(window.location.search).get("ply"));
  return Number.isInteger(ply) && ply >= 0 && ply < moves && new URLSearchParams(window.location.search).has("ply") ? ply : null;
}

/**
 * The largest board (px) that leaves both clocks in view: the window's height
 * below the board's top, less the clock under it. Measured, because what sits
 * above the board (header, banners) varies with the page and the viewport.
 */
function useBoardFit() {
  const column = useRef<HTMLDivElement>(null);
  const [max, setMax] = useState<number | null>(null);
  const measure = useCallback(() => {
    const element = column.current;
    const board = element?.querySelector<HTMLElement>("[data-board-slot]");
    const below = element?.querySelector<HTMLElement>("[data-testid=clock-bottom]");
    if (!board || !below) return;
    const top = board.getBoundingClientRect().top + window.scrollY;
    // The height left under the board's top, less the lower clock, the gap above it and a margin.
    const room = window.innerHeight - top - below.offsetHeight - 8 - 12;
    // The board with its coordinates is a little taller than wide: keep its own proportion.
    const ratio = board.offsetWidth > 0 ? board.offsetHeight / board.offsetWidth : 1;
    setMax(Math.max(200, Math.floor(room / ratio)));
  }, []);
  // After every render: banners above the board come and go (same value = no re-render).
  useLayoutEffect(measure);
  useEffect(() => {
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, [measure]);
  return { column, max };
}

export function GameScreen({ initial, me }: { initial: GameView; me: { id: string; isAdmin: boolean } | null }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const [view, setView] = useState(initial);
  // serverNow − clientNow, so local countdowns follow the server's clock.
  const [offset, setOffset] = useState(() => initial.serverNow - Date.now());
  const [flipped, setFlipped] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Updates and whole views (fetches, mutation answers) may arrive in any order; the
  // follower applies each in version order and never goes back to an older view.
  const [follower] = useState(
    () =>
      new GameFollower(
        initial,
        () => client.game.get.query({ gameId: initial.id }),
        (next) => {
          setOffset(next.serverNow - Date.now());
          setView(next);
        },
      ),
  );
  const accept = useCallback((next: GameView) => follower.whole(next), [follower]);
  const applyUpdate = useCallback((update: GameUpdate) => follower.update(update), [follower]);

  useRealtime(gameRoom(initial.id), {
    gameUpdate: (update) => follower.update(update),
    reconnected: () => follower.refetch(),
  });

  const onError = (err: unknown) => {
    setError(err instanceof Error ? err.message : "Something went wrong.");
    follower.refetch();
  };
  const move = useMutation(trpc.game.move.mutationOptions({ onSuccess: (update) => follower.update(update), onError }));
  const resign = useMutation(trpc.game.resign.mutationOptions({ onSuccess: accept, onError }));
  const draw = useMutation(trpc.game.draw.mutationOptions({ onSuccess: accept, onError }));
  const chooseRole = useMutation(
    trpc.tournament.chooseRole.mutationOptions({ onSuccess: () => follower.refetch(), onError }),
  );

  const mySide = me ? (view.side1.id === me.id ? 1 : view.side2.id === me.id ? 2 : null) : null;
  const active = view.status === "active";
  const type = catalogGame(view.gameType);
  const rules = onSiteGame(view.gameType);
  const Board = boardFor(view.gameType);
  const sideNames: readonly [string, string] = type?.sideNames ?? ["First player", "Second player"];
  // The side that ran out of time before its first move (games ended for "no first move").
  const neverMovedName = (view.clock.toMove === 1 ? view.side1 : view.side2).username;
  const notations = useMemo(() => view.moves.map((m) => m.notation), [view.moves]);

  // Replay: the number of moves the board shows, or null to follow the game live.
  const [shownPly, setShownPly] = useState<number | null>(() => plyFromAddress(initial.moves.length));
  const replayWanted = shownPly !== null;
  // Every position of the game, worked out once when replaying starts (and again as moves arrive).
  const positions = useMemo(() => (rules && replayWanted ? rules.replay(notations) : null), [rules, notations, replayWanted]);
  const replaying = shownPly !== null && shownPly < view.moves.length && positions !== null;
  const shown = replaying ? shownPly : view.moves.length;
  const step = useCallback(
    (ply: number) => {
      const clamped = Math.max(0, Math.min(ply, view.moves.length));
      setShownPly(clamped >= view.moves.length ? null : clamped);
    },
    [view.moves.length],
  );
  const boardPosition = replaying ? (positions[shownPly] ?? view.position) : view.position;
  const lastNotation = shown > 0 ? (notations[shown - 1] ?? null) : null;

  const myTurn = active && mySide !== null && view.clock.toMove === mySide;
  const opponentOffered = view.drawOfferBy !== null && view.drawOfferBy !== mySide;
  const canSetResult = !!me && (me.isAdmin || (view.tournament !== null && view.tournament.organizerId === me.id));
  const mayChooseRole = active && !!me && view.tournament?.roleChooser === me.id && view.ply === 0;
  const { column, max: boardMax } = useBoardFit();

  // While replaying, the clocks show what each side had left after the move shown.
  const replayedClock = replaying ? (shown === 0 ? { remaining1Ms: view.initialMs, remaining2Ms: view.initialMs } : view.moves[shown - 1]!) : null;
  const clockFor = (side: 1 | 2) => (
    <GameClock
      label={`${sideNames[side - 1]}: ${side === 1 ? view.side1.username : view.side2.username}`}
      remainingMs={replayedClock ? (side === 1 ? replayedClock.remaining1Ms : replayedClock.remaining2Ms) : side === 1 ? view.clock.remaining1Ms : view.clock.remaining2Ms}
      running={!replaying && active && view.position !== null && view.clock.toMove === side && view.clock.turnStartedAt !== null}
      stampedAt={replaying ? view.serverNow : (view.clock.turnStartedAt ?? view.serverNow)}
      serverOffsetMs={offset}
      active={replaying ? shown % 2 === side - 1 : active && view.clock.toMove === side}
      initialMs={view.initialMs}
    />
  );
  // The side shown at the bottom: your own, else side 1; flipping swaps.
  const bottom: 1 | 2 = ((mySide ?? 1) === 1) !== flipped ? 1 : 2;
  const top: 1 | 2 = bottom === 1 ? 2 : 1;

  return (
    <div className="space-y-4" data-testid="game-screen" data-version={view.version} data-ply={view.ply}>
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

      {view.status === "finished" && (
        <div role="status" data-testid="result-banner" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 font-semibold dark:border-amber-700 dark:bg-amber-950">
          {resultSentence(view, sideNames, type?.marginLabel ?? null)}
        </div>
      )}
      <FormAlert message={error} />

      {view.position && rules && Board && boardPosition ? (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <div
            ref={column}
            className="mx-auto w-full space-y-2"
            // The clocks take the board's width; the board is as large as the height allows.
            style={boardMax ? { maxWidth: `${boardMax}px` } : undefined}
          >
            <div data-testid="clock-top">{clockFor(top)}</div>
            <div data-board-slot="" data-replaying={replaying ? "" : undefined} data-shown-ply={shown}>
              <Board
                position={boardPosition}
                lastMove={lastNotation}
                flipped={flipped}
                canMove={myTurn && !move.isPending && !replaying}
                onMove={(m) => {
                  setError(null);
                  move.mutate({ gameId: view.id, ply: view.ply, move: m });
                }}
              />
            </div>
            <div data-testid="clock-bottom">{clockFor(bottom)}</div>
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
            {canSetResult && view.tournament && <SetResultButtons view={view} onUpdate={applyUpdate} onError={onError} />}
            <ReplayControls
              gameId={view.id}
              shown={shown}
              total={view.moves.length}
              live={active}
              onStep={step}
              record={() => ({
                name: `moot-${view.id.slice(0, 8)}.${rules.record.extension}`,
                mimeType: rules.record.mimeType,
                text: rules.exportRecord({
                  side1: view.side1.username,
                  side2: view.side2.username,
                  result: view.result,
                  endReason: view.endReason,
                  startedAt: view.createdAt,
                  event: view.tournament?.name ?? null,
                  site: window.location.origin,
                  moves: notations,
                }),
              })}
            />
            <MoveList moves={notations} shown={shown} onSelect={step} />
          </aside>
        </div>
      ) : (
        <ReportPanel view={view} mySide={mySide} canSetResult={canSetResult} onChange={accept} onUpdate={applyUpdate} onError={onError} />
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
