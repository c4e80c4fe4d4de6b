// What a notification can be about, shared by server and browser: the kinds, the
// payload of each, and the one wording used by every channel (inbox, toast, Web Push,
// e-mail). Adding a kind: a member here, its wording in `describe`, and a call to
// `notify` where it happens.

import { ABORTED_BY_PLAYER, NO_FIRST_MOVE } from "./game-endings";

export const NOTIFICATION_KINDS = [
  "your-move",
  "game-created",
  "challenge",
  "result-reported",
  "result-disputed",
  "deadline",
  "game-over",
  "tournament-soon",
  "tournament-started",
  "round-released",
  "advanced",
  "eliminated",
  "champion",
  "announcement",
] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * Kinds that ask a player to act in a game; all resolved once the game is over. The
 * only kinds ever resolved, so the only ones the notifications' subject index holds
 * (db/schema/notifications.ts).
 */
export const GAME_ACTION_KINDS: readonly NotificationKind[] = ["your-move", "game-created", "deadline", "result-reported", "result-disputed"];

/** Everything a wording may need; each kind uses a few of these. */
export interface NotificationPayload {
  gameId?: string;
  opponent?: string;
  /** For a dispute: both players, "alice vs bob". */
  players?: string;
  tournamentId?: string;
  tournament?: string;
  result?: string | null;
  /** Why a game ended (game-over), e.g. "no first move". */
  reason?: string | null;
  /** Hours left before the flag falls (deadline reminders). */
  hours?: number;
  round?: number;
  /** How many games a release gave the player (one notice per player, not per game). */
  games?: number;
  /** Epoch ms (a tournament's start). */
  at?: number;
  message?: string;
  from?: string;
  /** A challenge's game, by name ("Chess"), and its time control ("3+2"). */
  game?: string;
  timeControl?: string;
  /** A challenge that repeats a finished game, sides swapped. */
  rematch?: boolean;
  /** Renewals of this notice its reader has not seen (announcements: the earlier ones, kept on the tournament page). */
  earlier?: number;
}

/** Short labels for settings (per-kind e-mail preferences). */
export const KIND_LABELS: Record<NotificationKind, string> = {
  "your-move": "It is your move",
  "game-created": "New games for you",
  challenge: "A player challenges you",
  "result-reported": "A result was reported against you",
  "result-disputed": "A result was disputed (organizers)",
  deadline: "Your time is running out",
  "game-over": "A game of yours ended",
  "tournament-soon": "A tournament starts soon",
  "tournament-started": "A tournament started",
  "round-released": "A new round was released",
  advanced: "You advanced",
  eliminated: "You were eliminated",
  champion: "You won a tournament",
  announcement: "Organizer announcements",
};

/** Kinds that ask something of you: e-mailed by default. */
export const DEFAULT_EMAIL_KINDS: NotificationKind[] = ["game-created", "result-reported", "result-disputed", "deadline", "tournament-started", "announcement"];

export const DEFAULT_REMINDER_HOURS = [24, 1];

const hoursText = (h: number) => (h === 1 ? "1 hour" : `${h} hours`);
const inT = (p: NotificationPayload) => (p.tournament ? ` in ${p.tournament}` : "");
const roundOf = (p: NotificationPayload) => (p.round ? `Round ${p.round} of ${p.tournament}: ` : `${p.tournament}: `);
const gamesText = (n: number, round: number) =>
  n === 0 ? `You have no game in round ${round}.` : `You have ${n === 1 ? "1 game" : `${n} games`} to play in round ${round}.`;

/** The one wording of a notification: a title and a sentence. */
export function describe(kind: NotificationKind, p: NotificationPayload): { title: string; body: string } {
  switch (kind) {
    case "your-move":
      return { title: "Your move", body: `It is your move against ${p.opponent}${inT(p)}.` };
    case "game-created":
      if (p.games != null && p.games > 1) return { title: "New games", body: `${roundOf(p)}${p.games} new games are ready for you.` };
      return {
        title: "New game",
        body: p.tournament
          ? `A new game against ${p.opponent} is ready for you in ${p.tournament}.`
          : `${p.opponent} accepted your challenge: the game has started.`,
      };
    case "challenge":
      return p.rematch
        ? { title: "Rematch offered", body: `${p.from} offers you a rematch (${p.game}, ${p.timeControl}), sides swapped.` }
        : { title: "Challenge", body: `${p.from} challenges you to a game of ${p.game} (${p.timeControl}).` };
    case "result-reported":
      return { title: "Result to confirm", body: `${p.opponent} reported a result (${p.result ?? "?"})${inT(p)}: confirm or dispute it.` };
    case "result-disputed":
      return { title: "Disputed result", body: `The result of ${p.players}${inT(p)} is disputed: please settle it.` };
    case "deadline":
      return { title: "Time is running out", body: `Less than ${hoursText(p.hours ?? 1)} left on your clock against ${p.opponent}${inT(p)}.` };
    case "game-over":
      if (p.reason === NO_FIRST_MOVE) {
        return p.result
          ? {
              title: "Game forfeited",
              body: `Your game against ${p.opponent} ended by forfeit (${p.result}): a side ran out of time before its first move. It counts in the standings but is unrated.`,
            }
          : { title: "Game aborted", body: `Your game against ${p.opponent} was aborted: a side ran out of time before its first move. No rating changed.` };
      }
      if (p.reason === ABORTED_BY_PLAYER)
        return { title: "Game aborted", body: `Your game against ${p.opponent} was aborted before both sides had moved. No rating changed.` };
      return { title: "Game over", body: `Your game against ${p.opponent} is over${p.result ? ` (${p.result})` : ""}.` };
    case "tournament-soon":
      return { title: "Starting soon", body: `${p.tournament} starts ${p.at ? `at ${new Date(p.at).toUTCString()}` : "soon"}.` };
    case "tournament-started":
      return { title: "Tournament started", body: `${p.tournament} has started.${p.games == null ? "" : ` ${gamesText(p.games, p.round ?? 1)}`}` };
    case "round-released":
      return { title: "New round", body: `Round ${p.round ?? "?"} of ${p.tournament} has been released.` };
    case "advanced":
      return { title: "You advanced", body: `You advanced to the next stage of ${p.tournament}.` };
    case "eliminated":
      return { title: "Eliminated", body: `You were eliminated from ${p.tournament}. Thank you for playing.` };
    case "champion":
      return { title: "Champion", body: `You won ${p.tournament}. Congratulations!` };
    case "announcement":
      return {
        title: `${p.tournament}: announcement`,
        body: `${p.from}: ${p.message}${p.earlier ? ` (and ${p.earlier === 1 ? "1 earlier announcement" : `${p.earlier} earlier announcements`} on the tournament page)` : ""}`,
      };
  }
}

/** An inbox item as the browser receives it. */
export interface InboxItem {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  createdAt: Date;
  read: boolean;
  resolved: boolean;
}
