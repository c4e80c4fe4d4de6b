"use client";
// Stepping through a game (finished, or live for a spectator): first,
// previous, next and last move by button or by the arrow keys and Home/End
// (anywhere on the page except in a text field or on the board, whose own
// cursor uses the arrows); downloading the game's record; copying a link to
// the move shown (`/games/<id>?ply=N`).

import { useEffect, useState } from "react";

export interface ReplayControlsProps {
  gameId: string;
  /** Moves the board shows. */
  shown: number;
  /** Moves played. */
  total: number;
  /** The game is still running: the last step is "live". */
  live: boolean;
  onStep: (ply: number) => void;
  /** The record file, made when asked for. */
  record: () => { name: string; mimeType: string; text: string };
}

function ignoresKeys(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || !!target.closest("input, textarea, select, [role=grid], [role=dialog]"));
}

export function ReplayControls({ gameId, shown, total, live, onStep, record }: ReplayControlsProps) {
  const [copied, setCopied] = useState<string | null>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || ignoresKeys(event.target)) return;
      const next = { ArrowLeft: shown - 1, ArrowRight: shown + 1, Home: 0, End: total }[event.key];
      if (next === undefined) return;
      event.preventDefault();
      onStep(next);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [shown, total, onStep]);

  const download = () => {
    const { name, mimeType, text } = record();
    const url = URL.createObjectURL(new Blob([text], { type: mimeType }));
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  const copyLink = async () => {
    const url = `${window.location.origin}/games/${gameId}?ply=${shown}`;
    try {
      await navigator.clipboard.writeText(url);
      setCopied("Link copied.");
    } catch {
      // No clipboard (insecure origin, denied): show the link to copy by hand.
      setCopied(url);
    }
  };

  const button = "btn-secondary px-2.5 py-1 text-sm disabled:opacity-40";
  return (
    <div className="space-y-2" data-testid="replay-controls">
      <div className="flex items-center gap-1" role="group" aria-label="Step through the game">
        <button type="button" className={button} aria-label="First position" disabled={shown === 0} onClick={() => onStep(0)}>
          <StepIcon kind="first" />
        </button>
        <button type="button" className={button} aria-label="Previous move" disabled={shown === 0} onClick={() => onStep(shown - 1)}>
          <StepIcon kind="previous" />
        </button>
        <span className="min-w-16 text-center text-sm tabular-nums" data-testid="replay-position" aria-live="polite">
          {shown}/{total}
        </span>
        <button type="button" className={button} aria-label="Next move" disabled={shown >= total} onClick={() => onStep(shown + 1)}>
          <StepIcon kind="next" />
        </button>
        <button
          type="button"
          className={button}
          aria-label={live ? "Back to the live position" : "Last position"}
          disabled={shown >= total}
          onClick={() => onStep(total)}
        >
          <StepIcon kind="last" />
        </button>
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={button} onClick={download}>
          Download record
        </button>
        <button type="button" className={button} onClick={() => void copyLink()}>
          Copy link to this move
        </button>
      </div>
      {copied && (
        <p role="status" className="text-xs break-all text-stone-600 dark:text-stone-400">
          {copied}
        </p>
      )}
    </div>
  );
}

/**
 * The step buttons' icons, drawn: the ⏮ ⏭ glyphs rendered as empty boxes where the
 * font lacks them (Chromium on Debian without an emoji font).
 */
function StepIcon({ kind }: { kind: "first" | "previous" | "next" | "last" }) {
  // Drawn pointing right (next, last); mirrored for previous and first.
  const bar = kind === "first" || kind === "last";
  return (
    <svg
      viewBox="0 0 16 16"
      width="14"
      height="14"
      aria-hidden="true"
      focusable="false"
      className="block"
      transform={kind === "first" || kind === "previous" ? "scale(-1 1)" : undefined}
    >
      <path d={bar ? "M3 3 L10 8 L3 13 Z" : "M4 3 L12 8 L4 13 Z"} fill="currentColor" />
      {bar ? <rect x="11" y="3" width="2" height="10" fill="currentColor" /> : null}
    </svg>
  );
}
