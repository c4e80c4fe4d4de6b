"use client";
// A dice game's dice (commit–reveal, docs/dice.md) on its page: the commitment
// published at the start, both players' seeds, and the server seed once the game is
// over, with the dice record to download and a link to check it. Before the first
// roll a player's browser adds a random seed of its own unless the player gives one.
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { diceRecordOf } from "@/lib/dice-record";
import type { GameView } from "@/lib/contracts";
import { useTRPC } from "@/lib/trpc/client";

const SEED_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** 22 random seed letters (132 bits) from the browser's cryptographic generator. */
function randomSeed(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(22)), (b) => SEED_LETTERS[b % 64]).join("");
}

export function DicePanel({
  view,
  mySide,
  onView,
  onError,
}: {
  view: GameView;
  mySide: 1 | 2 | null;
  onView: (view: GameView) => void;
  onError: (err: unknown) => void;
}) {
  const trpc = useTRPC();
  const setSeed = useMutation(trpc.game.setDiceSeed.mutationOptions({ onSuccess: onView, onError }));
  const [own, setOwn] = useState("");
  const dice = view.dice!;
  const open = view.status === "active" && dice.rolls === 0 && mySide !== null;
  const mine = mySide === null ? null : dice.playerSeeds[mySide - 1];
  const autoSent = useRef(false);
  useEffect(() => {
    // The default: a random seed, sent once, so neither the server nor the opponent alone decides the dice.
    if (open && mine === null && !autoSent.current) {
      autoSent.current = true;
      setSeed.mutate({ gameId: view.id, seed: randomSeed() });
    }
  }, [open, mine, setSeed, view.id]);

  const download = () => {
    const url = URL.createObjectURL(new Blob([JSON.stringify(diceRecordOf(view), null, 2)], { type: "application/json" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = `moot-${view.id.slice(0, 8)}-dice.json`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  const seed = (s: string | null) => (s === null ? <em>not given</em> : s === "" ? <em>empty</em> : <code>{s}</code>);

  return (
    <section className="card space-y-1 text-sm" data-testid="dice-panel">
      <h2 className="font-semibold">Dice anyone can verify</h2>
      <p className="break-all">
        Commitment: <code data-testid="dice-commitment">{dice.commitment}</code>
      </p>
      <p>
        Seeds: {view.side1.username} {seed(dice.playerSeeds[0])}, {view.side2.username} {seed(dice.playerSeeds[1])} · {dice.rolls} rolls
      </p>
      {dice.serverSeed ? (
        <p className="break-all">
          Server seed: <code data-testid="dice-server-seed">{dice.serverSeed}</code>
        </p>
      ) : (
        <p className="text-stone-600 dark:text-stone-400">The server seed is revealed when the game ends.</p>
      )}
      {open && (
        <form
          className="flex flex-wrap gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            setSeed.mutate({ gameId: view.id, seed: own });
          }}
        >
          <input className="input" aria-label="Your seed" value={own} maxLength={64} onChange={(e) => setOwn(e.target.value)} placeholder="your own seed" />
          <button type="submit" className="btn-secondary" disabled={setSeed.isPending}>
            Use my seed
          </button>
        </form>
      )}
      <div className="flex flex-wrap gap-3">
        <button type="button" className="link" onClick={download}>
          Download the dice record
        </button>
        {dice.serverSeed && (
          <Link className="link" href={`/dice/verify?game=${view.id}`}>
            Verify the dice
          </Link>
        )}
      </div>
    </section>
  );
}
