// Entries after the start: a format that takes late entries (the Swiss, as its
// settings allow) enters the player in its state, paired from the next round it
// plans. Joining, asking to join and approving a request all pass through here, so
// a late entry meets the same checks (invitation, rating range, room) as one
// before the start.
import type { Db } from "@/db/client";
import type { TournamentRow } from "@/db/schema";
import { addPlayer, lateEntryRound, type TournamentState } from "@/engine/formats";
import { AppError } from "../errors";
import { ratingsFor } from "../rating/player-ratings";
import { audit } from "./audit";
import { engineCall } from "./engine-call";
import { requireRegistering } from "./admit-player";
import { lockedState } from "./close-round";
import { saveSnapshot, saveTournament } from "./save-tournament";

/** A running tournament taking a late entry: its live state, and the round the entrant plays first. */
export interface LateEntry {
  readonly state: TournamentState;
  readonly seq: number;
  readonly round: number;
}

/**
 * Whether the tournament (locked) takes an entry now: null before the start (the
 * registration rules apply), the late entry's details while it runs and its format
 * takes one; otherwise a clear refusal.
 */
export async function openForEntries(tx: Db, t: TournamentRow, now: Date): Promise<LateEntry | null> {
  if (t.status !== "running") {
    requireRegistering(t, now);
    return null;
  }
  const { state, seq } = await lockedState(tx, t);
  const round = lateEntryRound(state);
  if (round === null) throw new AppError("BAD_REQUEST", "The tournament has started and takes no more players.");
  return { state, seq, round };
}

/**
 * After the entry checks (admitPlayer): enters the player in the running
 * tournament's state, audits it (`actorId` did it: the player, or the organizer
 * approving them), and tells live pages. Before the start only the version moves.
 */
export async function completeEntry(tx: Db, t: TournamentRow, entry: LateEntry | null, userId: string, actorId: string): Promise<void> {
  if (!entry) {
    await saveTournament(tx, t.id);
    return;
  }
  const rating = (await ratingsFor(tx, [userId], t.gameType)).get(userId)!.rating;
  const next = engineCall(() => addPlayer(entry.state, { id: userId, rating }));
  await saveSnapshot(tx, t.id, next, entry.seq);
  await audit(tx, t.id, actorId, "late entry", `Player ${userId} entered late and plays from round ${entry.round}.`);
}
