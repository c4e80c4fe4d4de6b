import type { Metadata } from "next";
import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { diceRecordOf } from "@/lib/dice-record";
import { api } from "@/server/trpc/page-caller";
import { DiceVerifier } from "./dice-verifier";

export const metadata: Metadata = { title: "Verify the dice" };

type Props = { searchParams: Promise<{ game?: string }> };

/** The dice record of a finished game on this site (`?game=ID`, the game page's link), or null. */
async function recordOfGame(game: string | undefined): Promise<string | null> {
  const id = z.uuid().safeParse(game);
  if (!id.success) return null;
  const view = await (await api()).game.get({ gameId: id.data }).catch((err: unknown) => {
    if (err instanceof TRPCError && err.code === "NOT_FOUND") return null;
    throw err;
  });
  const record = view && view.dice?.serverSeed ? diceRecordOf(view) : null;
  return record && JSON.stringify(record, null, 2);
}

// Anyone may check a finished game's dice: no account needed, nothing sent to the
// server; the rolls are recomputed in this browser (docs/dice.md). A game's link fills
// in its record, which the page then checks like any pasted one.
export default async function VerifyDicePage({ searchParams }: Props) {
  const initial = await recordOfGame((await searchParams).game);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Verify the dice</h1>
      <p className="max-w-prose text-stone-700 dark:text-stone-300">
        When a game with dice starts, Moot publishes the SHA-256 commitment of a secret server seed; each player may add a seed of their own before the first
        roll; every roll is derived from the server seed, both player seeds and the roll&apos;s number with HMAC-SHA256. The server seed is revealed when the
        game ends. Paste or open a game&apos;s dice record here: this page recomputes the commitment and every roll in your browser, with nothing sent anywhere.
        The scheme is written down (the <code>moot-dice/1</code> scheme, in the project&apos;s <code>docs/dice.md</code>, with test vectors) so that anyone can
        check it another way too.
      </p>
      <DiceVerifier initial={initial} />
    </div>
  );
}
