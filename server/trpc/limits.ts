// The limits applied at the API boundary, read from the configuration.
import type { Limit } from "@/server/services/rate-limit";
import { config } from "@/server/config";
import { enforceLimit } from "@/server/services/rate-limit";

const HOUR = 3_600_000;

export const limits = {
  signUp: (): Limit => ({ what: "sign-ups from your address", max: config().SIGNUPS_PER_IP_PER_HOUR, windowMs: HOUR }),
  move: (): Limit => ({ what: "moves", max: config().MOVES_PER_USER_PER_MINUTE, windowMs: 60_000 }),
  tournament: (): Limit => ({ what: "new tournaments", max: config().TOURNAMENTS_PER_USER_PER_DAY, windowMs: 24 * HOUR }),
  challenge: (): Limit => ({ what: "new challenges", max: config().CHALLENGES_PER_USER_PER_HOUR, windowMs: HOUR }),
  /** Every action that notifies someone else has a limit (moves and challenges have their own above). */
  gameAction: (): Limit => ({ what: "game actions", max: config().GAME_ACTIONS_PER_USER_PER_HOUR, windowMs: HOUR }),
  announcement: (): Limit => ({ what: "announcements", max: config().ANNOUNCEMENTS_PER_USER_PER_HOUR, windowMs: HOUR }),
  chatMessage: (): Limit => ({ what: "chat messages", max: config().CHAT_MESSAGES_PER_USER_PER_MINUTE, windowMs: 60_000 }),
};

/** Counts an action that notifies someone else against the caller's hourly limit (limits.gameAction). */
export function gameAction(ctx: { user: { id: string } }): Promise<void> {
  return enforceLimit(`game-action:${ctx.user.id}`, limits.gameAction());
}
