"use client";
// Games played elsewhere: report the result, confirm or dispute the opponent's
// report, or (admins) set it.
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { LocalTime } from "@/components/local-time";
import { catalogGame } from "@/engine/game-catalog";
import { useTRPC } from "@/lib/trpc/client";
import type { GameResult, GameUpdate, GameView } from "@/lib/contracts";

interface Props {
  view: GameView;
  mySide: 1 | 2 | null;
  canSetResult: boolean;
  onChange: (view: GameView) => void;
  /** A result set by the organizer answers with the game's update, as a move does. */
  onUpdate: (update: GameUpdate) => void;
  onError: (err: unknown) => void;
}

export function ReportPanel({ view, mySide, canSetResult, onChange, onUpdate, onError }: Props) {
  const trpc = useTRPC();
  const type = catalogGame(view.gameType);
  const report = useMutation(trpc.game.report.mutationOptions({ onSuccess: onChange, onError }));
  const answer = useMutation(trpc.game.answerReport.mutationOptions({ onSuccess: onChange, onError }));
  // Nothing preselected: a result is something the player states, not a default they forget to change.
  const [outcome, setOutcome] = useState<"win" | "draw" | "loss" | null>(null);
  const [margin, setMargin] = useState("");
  const [disputeReason, setDisputeReason] = useState("");

  if (view.status !== "active") {
    // A finished tournament game of the running round can still be corrected.
    return canSetResult && view.tournament && view.status === "finished" ? (
      <div className="card max-w-xl">
        <SetResultButtons view={view} onUpdate={onUpdate} onError={onError} />
      </div>
    ) : null;
  }
  const describe = (r: GameResult) => describeResult(view, r);
  const pending = view.report;
  const iReported = pending?.reporterId !== undefined && mySide !== null && pending.reporterId === (mySide === 1 ? view.side1.id : view.side2.id);

  function resultFromOutcome(side: 1 | 2): GameResult | null {
    if (outcome === null) return null;
    if (outcome === "draw") return "draw";
    return (outcome === "win") === (side === 1) ? "1-0" : "0-1";
  }
  function submit(e: FormEvent) {
    e.preventDefault();
    const m = margin.trim() === "" ? null : Number(margin);
    if (m !== null && (!Number.isInteger(m) || m < 0)) {
      onError(new Error("The margin must be a whole number, 0 or more."));
      return;
    }
    const result = mySide ? resultFromOutcome(mySide) : null;
    if (mySide && result === null) {
      onError(new Error("Choose your result: win, draw or loss."));
      return;
    }
    if (mySide && result) report.mutate({ gameId: view.id, result, margin: m });
  }

  return (
    <div className="card max-w-xl space-y-4">
      <p className="text-sm">
        This game is played elsewhere. Report the result here
        {view.clock.deadline ? (
          <>
            {" "}
            by <LocalTime at={view.clock.deadline} relative />
          </>
        ) : null}
        .
      </p>
      {pending && (
        <p role="status" data-testid="report-status">
          Reported: {describe(pending.result)}
          {pending.margin != null ? ` (margin ${pending.margin})` : ""} —{" "}
          {pending.status === "disputed" ? (
            <>
              disputed; an organizer will decide.
              {pending.disputeReason ? (
                <span className="mt-1 block whitespace-pre-line text-sm text-stone-600 dark:text-stone-400" data-testid="dispute-reason">
                  Reason given: {pending.disputeReason}
                </span>
              ) : null}
            </>
          ) : (
            <>
              confirmed automatically on <LocalTime at={pending.confirmAt} relative /> unless disputed.
            </>
          )}
        </p>
      )}
      {mySide !== null && pending && !iReported && pending.status === "pending" && (
        <div className="space-y-2">
          <div className="flex gap-2">
            <button type="button" className="btn-primary" onClick={() => answer.mutate({ gameId: view.id, answer: "confirm", reportId: pending.id })}>
              Confirm
            </button>
            <button
              type="button"
              className="btn-secondary"
              onClick={() =>
                answer.mutate({ gameId: view.id, answer: "dispute", reportId: pending.id, ...(disputeReason.trim() ? { reason: disputeReason } : {}) })
              }
            >
              Dispute
            </button>
          </div>
          <label className="block text-sm">
            <span className="font-medium">If you dispute it, why?</span>{" "}
            <span className="text-stone-500">(optional; the organizer who settles it reads it)</span>
            <textarea className="input mt-1 w-full" rows={2} maxLength={500} value={disputeReason} onChange={(e) => setDisputeReason(e.target.value)} />
          </label>
        </div>
      )}
      {mySide !== null && (!pending || (iReported && pending.status === "pending")) && (
        <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
          <fieldset className="flex gap-3">
            <legend className="mb-1 text-sm font-medium">Your result</legend>
            {(["win", "draw", "loss"] as const)
              .filter((o) => o !== "draw" || type?.drawsPossible)
              .map((o) => (
                <label key={o} className="flex items-center gap-1 text-sm">
                  <input type="radio" name="outcome" value={o} checked={outcome === o} onChange={() => setOutcome(o)} />
                  {o}
                </label>
              ))}
          </fieldset>
          {type?.marginLabel && (
            <label className="text-sm">
              Margin ({type.marginLabel}, optional)
              <input className="input mt-1 w-28" inputMode="numeric" value={margin} onChange={(e) => setMargin(e.target.value)} maxLength={5} />
            </label>
          )}
          <button className="btn-primary" type="submit" disabled={report.isPending}>
            {pending ? "Change report" : "Report result"}
          </button>
        </form>
      )}
      {canSetResult && <SetResultButtons view={view} onUpdate={onUpdate} onError={onError} />}
    </div>
  );
}

function describeResult(view: GameView, r: GameResult): string {
  return r === "draw" ? "a draw" : `a win for ${r === "1-0" ? view.side1.username : view.side2.username}`;
}

/** Site admins anywhere and organizers in their tournaments set (or correct) a result. */
export function SetResultButtons({ view, onUpdate, onError }: Pick<Props, "view" | "onUpdate" | "onError">) {
  const trpc = useTRPC();
  const set = useMutation(trpc.game.setResult.mutationOptions({ onSuccess: onUpdate, onError }));
  const type = catalogGame(view.gameType);
  return (
    <div className="flex flex-wrap items-center gap-2 border-t border-stone-200 pt-3 dark:border-stone-700">
      <span className="text-sm font-medium">{view.status === "active" ? "Set the result" : "Correct the result"} (organizer):</span>
      {(["1-0", "draw", "0-1"] as const)
        .filter((r) => r !== "draw" || type?.drawsPossible)
        .map((r) => (
          <button key={r} type="button" className="btn-secondary" disabled={set.isPending} onClick={() => set.mutate({ gameId: view.id, result: r })}>
            {describeResult(view, r)}
          </button>
        ))}
    </div>
  );
}
