// Why a game waits on a player, in one wording for every page that lists such games
// (the home page and "Your turn"), so the two never disagree on what counts.
export const WAITING_REASONS = {
  move: "Your move",
  report: "Play it and report the result",
  confirm: "Confirm or dispute the reported result",
  "choose-role": "Choose your side (A or B)",
} as const;

export type WaitingReason = keyof typeof WAITING_REASONS;
