// The organizer edits a tournament before it starts: name, description, format and
// settings, game, time control, limits and dates, invite-only. Nothing has been
// drawn yet, so everything may change, as long as the players already registered
// still fit. The change is written to the audit log field by field.
import { count, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { tournamentPlayers } from "@/db/schema";
import { catalogGame } from "@/engine/game-catalog";
import { timeControlLabel } from "@/lib/format-labels";
import { formatLabel } from "@/engine/formats";
import type { EditTournamentInput } from "@/lib/tournament-rules";
import type { SessionUser } from "@/server/auth/session";
import { publishChanged } from "@/server/realtime/publish";
import { AppError } from "../errors";
import { afterCommit, transaction } from "../transaction";
import { checkTournamentInput, newInviteToken, tournamentColumns } from "./create-tournament";
import { requireOrganizer } from "./require-organizer";
import { saveTournament } from "./save-tournament";
import { audit } from "./audit";
import { lockTournament } from "./lock-tournament";
import { LOBBY_ROOM } from "@/lib/contracts";

const when = (d: Date | null | undefined) => (d ? d.toISOString().slice(0, 16).replace("T", " ") + " UTC" : "none");

export async function editTournament(db: Db, user: SessionUser, input: EditTournamentInput, now = new Date()): Promise<{ changed: string[] }> {
  const next = { ...input.tournament, inviteOnly: input.tournament.inviteOnly ?? false };
  checkTournamentInput(next, now);
  const columns = tournamentColumns(next);
  const changed = await transaction(db, async (tx) => {
    const t = await lockTournament(tx, input.tournamentId);
    requireOrganizer(t, user);
    if (t.status !== "registering") throw new AppError("BAD_REQUEST", "A tournament can only be edited before it starts.");
    const [joined] = await tx.select({ n: count() }).from(tournamentPlayers).where(eq(tournamentPlayers.tournamentId, t.id));
    const players = joined?.n ?? 0;
    if (next.maxPlayers < players) {
      throw new AppError("BAD_REQUEST", `${players} players have already joined: the most players cannot be fewer (remove registrants first).`);
    }
    const { settings, initialMs, incrementMs } = columns;
    const changed: string[] = [];
    const note = <T>(label: string, before: T, after: T, show: (v: T) => string = String) => {
      if (JSON.stringify(before) !== JSON.stringify(after)) changed.push(`${label} ${show(before)} → ${show(after)}`);
    };
    note("name", t.name, next.name, (v: string) => `“${v}”`);
    if (t.description !== next.description) changed.push("description");
    note("format", t.format, next.format, formatLabel);
    if (JSON.stringify(t.settings) !== JSON.stringify(settings)) changed.push("format settings");
    note("game", t.gameType, next.gameType, (v: string) => catalogGame(v)?.name ?? v);
    if (t.initialMs !== initialMs || t.incrementMs !== incrementMs) {
      changed.push(`time control ${timeControlLabel(t.initialMs, t.incrementMs)} → ${timeControlLabel(initialMs, incrementMs)}`);
    }
    note("rated", t.rated, next.rated, (v: boolean) => (v ? "yes" : "no"));
    note("players", `${t.minPlayers}–${t.maxPlayers}`, `${next.minPlayers}–${next.maxPlayers}`);
    note("rating range", `${t.minRating ?? "any"}–${t.maxRating ?? "any"}`, `${next.minRating ?? "any"}–${next.maxRating ?? "any"}`);
    note("registration closes", when(t.registrationClosesAt), when(next.registrationClosesAt));
    note("start", when(t.startsAt), when(next.startsAt));
    note("invite-only", t.inviteOnly, next.inviteOnly, (v: boolean) => (v ? "yes" : "no"));
    if (changed.length === 0) return changed;
    await saveTournament(tx, t.id, { ...columns, inviteToken: next.inviteOnly ? (t.inviteToken ?? newInviteToken()) : null });
    await audit(tx, t.id, user.id, "edited", `Changed ${changed.join("; ")}.`);
    afterCommit(tx, () => publishChanged(LOBBY_ROOM, 0));
    return changed;
  });
  return { changed };
}
