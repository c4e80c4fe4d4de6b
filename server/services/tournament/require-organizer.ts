// Who may run a tournament: its organizer, or a site admin; nobody else.
import type { TournamentRow } from "@/db/schema";
import type { SessionUser } from "@/server/auth/session";
import { AppError } from "../errors";

export function requireOrganizer(t: TournamentRow, user: SessionUser): void {
  if (t.organizerId !== user.id && !user.isAdmin) {
    throw new AppError("FORBIDDEN", "Only the tournament's organizer (or a site admin) may do that.");
  }
}
