// Creates a tournament in registration. The engine judges the format settings; the
// seed for every later random decision is drawn here and written to the audit log.
import { randomBytes } from "node:crypto";
import type { Db } from "@/db/client";
import { tournaments } from "@/db/schema";
import { clockPreset } from "@/engine/clock";
import { usableClockPreset } from "@/server/test-features";
import { getFormat, resolveSettings, validateSettings } from "@/engine/formats";
import type { CreateTournamentInput } from "@/lib/tournament-rules";
import type { SessionUser } from "@/server/auth/session";
import { publishChanged } from "@/server/realtime/publish";
import { AppError } from "../errors";
import { afterCommit, transaction } from "../transaction";
import { checkedGameSettings } from "../game/game-settings";
import { audit } from "./audit";
import { LOBBY_ROOM } from "@/lib/contracts";

/** The checks a tournament's settings must pass, on creation and on every edit before the start. */
export function checkTournamentInput(input: CreateTournamentInput, now: Date): void {
  const format = getFormat(input.format);
  if (input.minPlayers < format.minPlayers) {
    throw new AppError("BAD_REQUEST", `${format.title} needs at least ${format.minPlayers} players.`);
  }
  if (input.maxPlayers > format.maxPlayers) {
    throw new AppError("BAD_REQUEST", `${format.title} takes at most ${format.maxPlayers} players.`);
  }
  // Judge the settings alone here: the player count is checked again at the start.
  const problems = validateSettings(input.format, input.settings, input.minPlayers).filter((p) => p.field !== "players");
  if (problems.length > 0) {
    throw new AppError("BAD_REQUEST", `Settings: ${problems.map((p) => `${p.field}: ${p.message}`).join("; ")}.`);
  }
  if (input.startsAt && input.startsAt.getTime() <= now.getTime()) {
    throw new AppError("BAD_REQUEST", "The start time must be in the future.");
  }
  if (input.registrationClosesAt && input.startsAt && input.registrationClosesAt > input.startsAt) {
    throw new AppError("BAD_REQUEST", "Registration must close before the tournament starts.");
  }
  // Unknown clocks are refused by the input schema; test-only ones here, in production.
  usableClockPreset(input.timeControl);
  checkedGameSettings(input.gameType, input.gameSettings);
}

/** The columns the creation form sets (on creation and on an edit before the start). */
export function tournamentColumns(input: CreateTournamentInput) {
  const preset = clockPreset(input.timeControl)!;
  return {
    name: input.name,
    description: input.description,
    format: input.format,
    settings: resolveSettings(input.format, input.settings),
    gameType: input.gameType,
    gameSettings: checkedGameSettings(input.gameType, input.gameSettings),
    initialMs: preset.initialMs,
    incrementMs: preset.incrementMs,
    rated: input.rated,
    minPlayers: input.minPlayers,
    maxPlayers: input.maxPlayers,
    minRating: input.minRating ?? null,
    maxRating: input.maxRating ?? null,
    registrationClosesAt: input.registrationClosesAt ?? null,
    startsAt: input.startsAt ?? null,
    inviteOnly: input.inviteOnly ?? false,
  };
}

/** A new invite link's secret. */
export function newInviteToken(): string {
  return randomBytes(18).toString("base64url");
}

export async function createTournament(db: Db, user: SessionUser, input: CreateTournamentInput, now = new Date()) {
  checkTournamentInput(input, now);
  const seed = randomBytes(8).toString("hex");
  return transaction(db, async (tx) => {
    const [created] = await tx
      .insert(tournaments)
      .values({
        ...tournamentColumns(input),
        organizerId: user.id,
        inviteToken: input.inviteOnly ? newInviteToken() : null,
        seed,
        createdAt: now,
      })
      .returning();
    await audit(tx, created!.id, user.id, "created", `Random seed ${seed}: every random decision of the draw follows from it.`);
    afterCommit(tx, () => publishChanged(LOBBY_ROOM, 0));
    return created!;
  });
}
