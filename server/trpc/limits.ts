// The limits applied at the API boundary, read from the configuration.
import type { Limit } from "@/server/services/rate-limit";
import { config } from "@/server/config";

const HOUR = 3_600_000;

export const limits = {
  signUp: (): Limit => ({ what: "sign-ups from your address", max: config().SIGNUPS_PER_IP_PER_HOUR, windowMs: HOUR }),
  move: (): Limit => ({ what: "moves", max: config().MOVES_PER_USER_PER_MINUTE, windowMs: 60_000 }),
  tournament: (): Limit => ({ what: "new tournaments", max: config().TOURNAMENTS_PER_USER_PER_DAY, windowMs: 24 * HOUR }),
  challenge: (): Limit => ({ what: "new challenges", max: config().CHALLENGES_PER_USER_PER_HOUR, windowMs: HOUR }),
};
