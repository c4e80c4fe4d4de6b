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
import { RatingText } from "@/components/rating-text";
import { FirstMoveCountdown } from "@/components/game/first-move-countdown";
import { GameClock } from "@/components/game/game-clock";
import { MoveList } from "@/components/game/move-list";
import { ReplayControls } from "@/components/game/replay-controls";
import { ChatPanel } from "@/components/chat/chat-panel";
import { boardFor } from "@/components/games/registry";
import { firstMoveMs, firstMovePending } from "@/engine/clock";
import { catalogGame } from "@/engine/game-catalog";
import { onSiteGame } from "@/engine/games/registry";
import { NO_FIRST_MOVE, type EndReason } from "@/lib/game-endings";
import { GameFollower } from "@/lib/game-update";
import { setSoundsEnabled, soundMove, useSoundsEnabled } from "@/lib/move-sound";
import { useRealtime } from "@/lib/realtime-client";
import { useTRPC, useTRPCClient } from "@/lib/trpc/client";
import { gameRoom, type GameUpdate, type GameView } from "@/lib/contracts";
import { DicePanel } from "./dice-panel";
import { RematchPanel } from "./rematch-panel";
import { ReportPanel, SetResultButtons } from "./report-panel";

// How each end reason every game shares reads after "X won" or "Draw", so every
// banner is a sentence; a game's own reasons (checkmate, king escaped) come from its rules.
const ENDINGS: Partial<Record<EndReason, string>> = {
  resignation: " by resignation",
  timeout: " on time",
  agreement: " by agreement",
  reported: " (result reported by the players)",
  "set by organizer": " (result set by the organizer)",
  withdrawal: " (the opponent withdrew from the tournament)",
  [NO_FIRST_MOVE]:
    " by forfeit: the opponent ran out of time before making a first move. The forfeit counts in the tournament's standings, but the game is unrated",
};

/** "alice (Defenders) won on time.", "Draw by agreement.": the result banner's sentence. */
export function resultSentence(
  view: Pick<GameView, "result" | "endReason" | "margin" | "side1" | "side2" | "gameType">,
  sideNames: readonly [string, string],
  marginLabel: string | null,
): string {
  const head =
    view.result === "draw" ? "Draw" : `${view.result === "1-0" ? view.side1.username : view.side2.username} (${sideNames[view.result === "1-0" ? 0 : 1]}) won`;
  const ending = view.endReason ? (ENDINGS[view.endReason] ?? `: ${onSiteGame(view.gameType)?.describeReason(view.endReason) ?? view.endReason}`) : "";
  // After the ending, so that it names what the number counts: "won: points, points difference 12".
  const margin = view.margin != null && view.result !== "draw" ? `, ${marginLabel ?? "margin"} ${view.margin}` : "";
  return `${head}${ending}${margin}.`;
}

/**
 * The last entry of the record, or in a dice game the last player's action with the
 * server's rolls after it ("24/18 13/11 · roll 5-2"): the roll alone would hide the move.
 */
function lastAction(entries: readonly string[], readRoll: ((entry: string) => number[] | null) | undefined): string | null {
  let start = entries.length - 1;
  while (readRoll && start > 0 && readRoll(entries[start]!) !== null) start--;
  return entries.length === 0 ? null : entries.slice(Math.max(0, start)).join(" · ");
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
    const next = Math.max(200, Math.floor(room / ratio));
    // The ratio shifts a little with the size (the coordinates' font follows the width), so
    // the result may flip between two neighbouring values; a growth of a pixel or two is
    // kept out, or the layout effect below would re-render forever. A shrink is always
    // taken: kept out too, it left the lower clock 2 px below a 640 px high window when the
    // players' names took one more line.
    setMax((previous) => (previous !== null && next > previous && next - previous <= 2 ? previous : next));
  }, []);
  // After every render: banners above the board come and go (same value = no re-render).
  useLayoutEffect(measure);
  useEffect(() => {
    window.addEventListener("resize", measure);
    // The header grows and shrinks too (a toast takes a line of it), which moves the board.
    const header = document.querySelector("header");
    const observer = header ? new ResizeObserver(measure) : null;
    if (header) observer?.observe(header);
    return () => {
      window.removeEventListener("resize", measure);
      observer?.disconnect();
    };
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
  const abort = useMutation(trpc.game.abort.mutationOptions({ onSuccess: accept, onError }));
  const chooseRole = useMutation(trpc.tournament.chooseRole.mutationOptions({ onSuccess: () => follower.refetch(), onError }));

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
  // From the game's own start: a game with settings (a match's length) holds them in its position.
  const startPosition = useMemo(() => (rules && view.position ? rules.startOf(view.position) : undefined), [rules, view.position]);
  const positions = useMemo(() => (rules && replayWanted ? rules.replay(notations, startPosition) : null), [rules, notations, replayWanted, startPosition]);
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
  const lastNotation = shown > 0 ? lastAction(notations.slice(0, shown), rules?.chance?.readRoll) : null;

  const myTurn = active && mySide !== null && view.clock.toMove === mySide;
  // A live challenge game before both sides moved: the side to move is on its first-move
  // countdown (its main clock waits), and either player may abort (server/services/game/abort-game.ts).
  const firstMoveCountdown = active && view.position !== null && firstMovePending(view, view.ply, view.tournament === null);
  const opponentOffered = view.drawOfferBy !== null && view.drawOfferBy !== mySide;
  const canSetResult = !!me && (me.isAdmin || (view.tournament !== null && view.tournament.organizerId === me.id));
  const mayChooseRole = active && !!me && view.tournament?.roleChooser === me.id && view.ply === 0;
  const { column, max: boardMax } = useBoardFit();

  // A click for each move that arrives (the opponent's, or your own confirmed by the
  // server), never for the moves already there when the page opened.
  const sounds = useSoundsEnabled();
  const soundedPly = useRef(initial.ply);
  useEffect(() => {
    if (view.ply > soundedPly.current) soundMove(`${view.id}:${view.ply}`);
    soundedPly.current = view.ply;
  }, [view.id, view.ply]);

  // While replaying, the clocks show what each side had left after the move shown.
  const replayedClock = replaying ? (shown === 0 ? { remaining1Ms: view.initialMs, remaining2Ms: view.initialMs } : view.moves[shown - 1]!) : null;
  // Whose turn it was in the position shown: the rules say (not the ply's parity: a side may move twice running).
  const replayedToMove = replaying && rules && boardPosition ? rules.toMove(boardPosition) : null;
  const clockFor = (side: 1 | 2) => (
    <GameClock
      label={`${rules && boardPosition ? rules.sideLabel(boardPosition, side) : sideNames[side - 1]}: ${side === 1 ? view.side1.username : view.side2.username}`}
      remainingMs={
        replayedClock ? (side === 1 ? replayedClock.remaining1Ms : replayedClock.remaining2Ms) : side === 1 ? view.clock.remaining1Ms : view.clock.remaining2Ms
      }
      running={!replaying && active && !firstMoveCountdown && view.position !== null && view.clock.toMove === side && view.clock.turnStartedAt !== null}
      stampedAt={replaying ? view.serverNow : (view.clock.turnStartedAt ?? view.serverNow)}
      serverOffsetMs={offset}
      active={replayedToMove !== null ? replayedToMove === side : active && view.clock.toMove === side}
      initialMs={view.initialMs}
    />
  );
  const countdownFor = (side: 1 | 2) =>
    firstMoveCountdown && !replaying && view.clock.toMove === side && view.clock.turnStartedAt !== null ? (
      <FirstMoveCountdown who={sideNames[side - 1] ?? ""} lengthMs={firstMoveMs(view)} startedAt={view.clock.turnStartedAt} serverOffsetMs={offset} />
    ) : null;
  // The side shown at the bottom: your own, else side 1; flipping swaps. Board and
  // clocks (with the names) follow the same choice, so your clock sits by your pieces.
  const bottom: 1 | 2 = ((mySide ?? 1) === 1) !== flipped ? 1 : 2;
  const top: 1 | 2 = bottom === 1 ? 2 : 1;

  return (
    <div className="space-y-4" data-testid="game-screen" data-version={view.version} data-ply={view.ply}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-xl font-bold">
          <PlayerName p={view.side1} /> <span className="text-stone-500">vs</span> <PlayerName p={view.side2} />
        </h1>
        <p className="text-sm text-stone-600 dark:text-stone-400">
          {type?.name ?? view.gameType}
          {type?.playedOnSite && (
            <>
              {" ("}
              <Link className="link" href={`/rules/${view.gameType}`}>
                rules
              </Link>
              {")"}
            </>
          )}{" "}
          · {view.rated ? "rated" : "unrated"}
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
        <div
          role="status"
          data-testid="result-banner"
          className="rounded-lg border border-stone-300 bg-stone-100 px-4 py-3 font-semibold dark:border-stone-600 dark:bg-stone-800"
        >
          This game was voided{view.endReason ? ` (${view.endReason})` : ""}.
        </div>
      )}

      {view.status === "aborted" && (
        <div
          role="status"
          data-testid="result-banner"
          className="rounded-lg border border-stone-300 bg-stone-100 px-4 py-3 font-semibold dark:border-stone-600 dark:bg-stone-800"
        >
          {view.endReason === NO_FIRST_MOVE ? (
            <>
              Aborted: {neverMovedName} ({sideNames[view.clock.toMove - 1]}) ran out of time before making a first move.
            </>
          ) : (
            <>Aborted before both sides had moved.</>
          )}{" "}
          Nobody won, and no rating changed.
        </div>
      )}

      {view.status === "finished" && (
        <div
          role="status"
          data-testid="result-banner"
          className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 font-semibold dark:border-amber-700 dark:bg-amber-950"
        >
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
            <div data-testid="clock-top">
              {clockFor(top)}
              {countdownFor(top)}
            </div>
            <div data-board-slot="" data-replaying={replaying ? "" : undefined} data-shown-ply={shown}>
              <Board
                position={boardPosition}
                lastMove={lastNotation}
                flipped={bottom === 2}
                canMove={myTurn && !move.isPending && !replaying}
                onMove={(m) => {
                  setError(null);
                  move.mutate({ gameId: view.id, ply: view.ply, move: m });
                }}
              />
            </div>
            <div data-testid="clock-bottom">
              {clockFor(bottom)}
              {countdownFor(bottom)}
            </div>
          </div>
          <aside className="space-y-4">
            <div className="flex flex-wrap gap-2">
              <button type="button" className="btn-secondary" onClick={() => setFlipped((f) => !f)}>
                Flip board
              </button>
              <button
                type="button"
                className="btn-secondary"
                aria-pressed={sounds}
                onClick={() => setSoundsEnabled(!sounds)}
                title="A short click when a move arrives"
              >
                Move sounds<span aria-hidden="true">: {sounds ? "on" : "off"}</span>
              </button>
              {firstMoveCountdown && mySide !== null && (
                <button type="button" className="btn-secondary" disabled={abort.isPending} onClick={() => abort.mutate({ gameId: view.id })}>
                  Abort
                </button>
              )}
              {active && mySide !== null && (
                <>
                  {opponentOffered ? (
                    <>
                      <button
                        type="button"
                        className="btn-primary"
                        disabled={draw.isPending}
                        onClick={() => draw.mutate({ gameId: view.id, action: "accept" })}
                      >
                        Accept draw
                      </button>
                      <button
                        type="button"
                        className="btn-secondary"
                        disabled={draw.isPending}
                        onClick={() => draw.mutate({ gameId: view.id, action: "decline" })}
                      >
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
            {active && opponentOffered && (
              <p role="status" className="text-sm">
                Your opponent offers a draw.
              </p>
            )}
            {active && mySide === null && <p className="text-sm text-stone-600 dark:text-stone-400">You are watching this game.</p>}
            {myTurn && <p className="text-sm font-semibold text-amber-800 dark:text-amber-400">Your move.</p>}
            {/* Once it is over (finished or aborted), its players may play it again. */}
            {(view.status === "finished" || view.status === "aborted") && me && mySide !== null && <RematchPanel view={view} meId={me.id} onError={onError} />}
            {view.dice && <DicePanel view={view} mySide={mySide} onView={accept} onError={onError} />}
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
                text: rules.exportRecord(
                  {
                    side1: view.side1.username,
                    side2: view.side2.username,
                    result: view.result,
                    endReason: view.endReason,
                    startedAt: view.createdAt,
                    event: view.tournament?.name ?? null,
                    site: window.location.origin,
                    moves: notations,
                  },
                  view.position ?? undefined,
                ),
              })}
            />
            <MoveList moves={notations} shown={shown} onSelect={step} />
            <ChatPanel room={{ kind: "game", id: view.id }} meId={me?.id ?? null} />
          </aside>
        </div>
      ) : (
        <>
          <ReportPanel view={view} mySide={mySide} canSetResult={canSetResult} onChange={accept} onUpdate={applyUpdate} onError={onError} />
          <ChatPanel room={{ kind: "game", id: view.id }} meId={me?.id ?? null} />
        </>
      )}
    </div>
  );
}

function PlayerName({ p }: { p: GameView["side1"] }) {
  return (
    <Link className="link" href={`/players/${encodeURIComponent(p.username)}`}>
      {p.username}
      <span className="ml-1 text-sm font-normal text-stone-500">
        (<RatingText rating={p} />)
      </span>
    </Link>
  );
}
