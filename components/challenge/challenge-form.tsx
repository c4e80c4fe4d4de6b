"use client";
// The form that opens a challenge: game, time control, side, the game's own settings,
// rated or not. The lobby opens it to anyone; a player's profile addresses it to them.
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { DEFAULT_CLOCK_PRESET_ID, OFFERED_CLOCK_PRESETS } from "@/engine/clock";
import { GameOptions } from "@/components/game-options";
import { catalogGame, type GameTypeId } from "@/engine/game-catalog";
import { onSiteGame } from "@/engine/games/registry";
import { useTRPC } from "@/lib/trpc/client";

export function ChallengeForm({
  opponent,
  onOpened,
  onError,
  label = "New challenge",
}: {
  /** A directed challenge: the username of the one player who may accept it. */
  opponent?: string;
  onOpened: () => void;
  onError: (err: unknown) => void;
  label?: string;
}) {
  const trpc = useTRPC();
  const [gameType, setGameType] = useState<GameTypeId>("hnefatafl");
  const sides = catalogGame(gameType)?.sideNames ?? ["First player", "Second player"];
  // The chosen game's own settings (a backgammon match's length), if it has any.
  const gameOptions = onSiteGame(gameType)?.settings ?? [];
  const create = useMutation(trpc.challenge.create.mutationOptions({ onSuccess: onOpened, onError }));

  function onCreate(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    create.mutate({
      gameType,
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
      ...(opponent ? { opponent } : {}),
    });
  }

  return (
    <form onSubmit={onCreate} className="card grid gap-3 sm:grid-cols-2" aria-label={label}>
      {/* Game and time control take the whole row: in half of the lobby's column their
          longest choices ("10 minutes + 5 seconds per move") were cut off. */}
      <label className="text-sm sm:col-span-2">
        Game
        <select name="gameType" className="input mt-1" value={gameType} onChange={(e) => setGameType(catalogGame(e.target.value)?.id ?? gameType)}>
          <GameOptions />
        </select>
      </label>
      <label className="text-sm sm:col-span-2">
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
        {create.isPending ? "Sending…" : opponent ? "Send challenge" : "Open challenge"}
      </button>
    </form>
  );
}

/**
 * The side the card's reader gets, as the game names it: "you play Black" (the
 * accepter's side, or the creator's own on their card), or "sides drawn at random".
 */
export function sideOnCard(creatorSide: "side1" | "side2" | "random", gameType: string, readerIsCreator: boolean): string {
  if (creatorSide === "random") return "sides drawn at random";
  const sides = catalogGame(gameType)?.sideNames ?? ["First player", "Second player"];
  const creatorPlays = creatorSide === "side1" ? 0 : 1;
  return `you play ${sides[readerIsCreator ? creatorPlays : 1 - creatorPlays]}`;
}
