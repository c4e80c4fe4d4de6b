// The audit log as people read it. Merges the engine's audit log (random draws and
// "what was done", per round, no clock time: the engine is pure) with the site's
// recorded actions (timed) into one list, and writes every entry as a sentence
// whose player ids and game codes become names and links. With `roundTimes` (when
// each round started, as the server knows) both kinds sort by time; without it the
// engine entries are listed by round first, then the site's actions in time order,
// since the two cannot be interleaved honestly.

import { findGame, groupsOf, type AuditEntry, type FormatName, type Game, type TournamentState } from "@/engine/formats";
import { groupingOptions } from "@/components/formats/pages";
import type { TournamentAuditAction } from "@/lib/contracts";
import { AUDIT_TOKEN, GAME_KEY, type ActorKind, type AuditItem } from "@/lib/tournament-view";

export type { ActorKind, AuditItem } from "@/lib/tournament-view";
import type { PlayerNames } from "./model";

export interface OrganizerAction {
  /** ISO date-time. */
  readonly at: string;
  readonly who: string;
  readonly what: string;
  /** Defaults to "organizer". */
  readonly actor?: ActorKind;
  /** The stored action name ("result set"), when `what` is only its detail. */
  readonly action?: TournamentAuditAction;
}

const time = (iso: string | undefined): number => {
  const t = iso === undefined ? Number.NaN : Date.parse(iso);
  return Number.isNaN(t) ? Number.POSITIVE_INFINITY : t;
};

export function mergeAudit(audit: readonly AuditEntry[], actions: readonly OrganizerAction[] = [], roundTimes?: Readonly<Record<number, string>>): AuditItem[] {
  const engine: AuditItem[] = audit.map((e, i) => {
    const at = roundTimes?.[e.round];
    return { kind: "engine", key: `e${i}`, round: e.round, what: e.what, decided: e.decided, ...(at ? { at } : {}) };
  });
  const organizer: AuditItem[] = actions
    .map((a, i): AuditItem => ({
      kind: "organizer",
      key: `o${i}`,
      at: a.at,
      who: a.who,
      what: a.what,
      actor: a.actor ?? "organizer",
      ...(a.action ? { action: a.action } : {}),
    }))
    .sort((a, b) => time(a.at) - time(b.at));
  if (!roundTimes) return [...engine.sort((a, b) => (a.kind === "engine" && b.kind === "engine" ? a.round - b.round : 0)), ...organizer];
  // Stable sort: entries of the same round keep the engine's order; an action at
  // the same instant as a round start comes after the round's entries.
  const rank = (item: AuditItem) => (item.kind === "engine" ? 0 : 1);
  return [...engine, ...organizer].sort((a, b) => time(a.at) - time(b.at) || rank(a) - rank(b));
}

/** A piece of a sentence: plain text, a player (drawn as their name), or a game (drawn as a link). */
export type Segment =
  | { readonly type: "text"; readonly text: string }
  | { readonly type: "player"; readonly id: string; readonly name: string }
  | { readonly type: "game"; readonly id: string; readonly label: string };

const RESULT_CODE: Readonly<Record<string, string>> = { "1-0": "1-0", "0-1": "0-1", draw: "draw" };

type GamePlayers = Pick<Game, "side1" | "side2">;

/** Looks games up by their engine id: in the page's own lookup, else in the state. */
function gameFinder(ctx: SentenceContext) {
  return (key: string): GamePlayers | undefined => (ctx.games ? ctx.games[key] : ctx.state ? (findGame(ctx.state, key) ?? undefined) : undefined);
}

/**
 * What sentences name: players by id, and either the whole state or lookups
 * holding only the games and staged groupings the shown entries mention.
 */
export interface SentenceContext {
  readonly names: PlayerNames;
  /** The tournament's format (a format's own entries read as it says); the state's when absent. */
  readonly format?: FormatName;
  readonly state?: TournamentState | null;
  /** Engine game id -> its players. */
  readonly games?: Readonly<Record<string, GamePlayers>>;
  /** Round number -> its groups (the staged grouping draws list them). */
  readonly groups?: Readonly<Record<number, readonly { readonly name: string; readonly players: readonly string[] }[]>>;
}

/** Turns ids and game codes inside a text into player and game segments. */
export function linkify(text: string, ctx: SentenceContext, find = gameFinder(ctx)): Segment[] {
  const out: Segment[] = [];
  let plain = "";
  const flush = () => {
    if (plain) out.push({ type: "text", text: plain });
    plain = "";
  };
  for (const part of text.split(AUDIT_TOKEN)) {
    const name = ctx.names[part]?.username;
    if (name !== undefined) {
      flush();
      out.push({ type: "player", id: part, name });
    } else if (GAME_KEY.test(part)) {
      flush();
      out.push(gameSegment(part, ctx, find));
    } else {
      plain += part;
    }
  }
  flush();
  return out;
}

function gameSegment(key: string, ctx: SentenceContext, find: ReturnType<typeof gameFinder>): Segment {
  const game = find(key);
  const round = key.slice(1, key.indexOf("-"));
  const label = game ? `${nameOf(ctx, game.side1)} vs ${nameOf(ctx, game.side2)} (round ${round})` : `a round ${round} game`;
  return { type: "game", id: key, label };
}

const nameOf = (ctx: SentenceContext, id: string) => ctx.names[id]?.username ?? "a player";

/** "alice won", "a draw": a stored result code from the game's point of view. */
function resultWords(code: string, game: GamePlayers | undefined, ctx: SentenceContext): string {
  const c = RESULT_CODE[code.trim()];
  if (c === "draw") return "a draw";
  if (!game || !c) return code.trim();
  return `a win for ${nameOf(ctx, c === "1-0" ? game.side1 : game.side2)}`;
}

const text = (t: string): Segment => ({ type: "text", text: t });

/**
 * How many orders n players have (n!), in words: exact up to 18! (the largest a double
 * holds exactly), else its magnitude. Printed whole, 100 tied players' count was a
 * 158-digit number that no line could break, and it was not exact either.
 */
function orderCount(n: number): string {
  let f = 1;
  for (let i = 2; i <= n; i++) f *= i;
  if (n <= 18) return f.toLocaleString("en");
  if (!Number.isFinite(f)) return `${n}! (more than 10^308)`;
  const exponent = Math.floor(Math.log10(f));
  return `${n}! (about ${(f / 10 ** exponent).toFixed(1)} × 10^${exponent})`;
}

/** One engine entry as a sentence: what was drawn, among which alternatives, with names. */
export function engineSentence(entry: { round: number; what: string; decided: string }, ctx: SentenceContext): Segment[] {
  const find = gameFinder(ctx);
  const equal = /^order of (\d+) players with equal rating (.+)$/.exec(entry.what);
  if (equal) {
    const n = Number(equal[1]);
    return [
      text(`${n} players had the same rating (${equal[2]}), so a random draw decided their seed order: `),
      ...linkify(entry.decided, ctx, find),
      text(` (each of the ${orderCount(n)} possible orders was equally likely).`),
    ];
  }
  const grouping = /^round (\d) grouping$/.exec(entry.what);
  const pick = /^grouping (\d+) of (\d+)$/.exec(entry.decided);
  if (grouping && pick) {
    const round = Number(grouping[1]);
    const chosen = Number(pick[1]);
    const format = ctx.format ?? ctx.state?.format;
    const options = (format && groupingOptions(format, round)) ?? [];
    const drawnRound = ctx.state?.rounds[round - 1];
    const groups = ctx.groups?.[round] ?? (drawnRound ? groupsOf(drawnRound) : []);
    const drawn: Segment[] = [];
    groups.forEach((g, gi) => {
      drawn.push(text(`${gi > 0 ? "; " : ""}group ${g.name}: `));
      g.players.forEach((p, pi) => {
        if (pi > 0) drawn.push(text(", "));
        drawn.push({ type: "player", id: p, name: nameOf(ctx, p) });
      });
    });
    const others = options.map((option, i) => ({ option, i })).filter(({ i }) => i + 1 !== chosen);
    const picked = options[chosen - 1];
    return [
      text(`A random draw picked grouping ${chosen} of the ${pick[2]} the rule book allows for round ${round}${picked ? ` (${picked})` : ""}`),
      ...(drawn.length > 0 ? [text(": "), ...drawn] : []),
      text(others.length > 0 ? `. The other groupings were: ${others.map(({ option, i }) => `${i + 1}. ${option}`).join("; ")}.` : "."),
    ];
  }
  const tiedPair = /^(.*): (\S+) and (\S+) equal on every criterion$/.exec(entry.what);
  if (tiedPair) {
    return [
      text(`${capitalize(tiedPair[1] ?? "")}: `),
      ...linkify(`${tiedPair[2]} and ${tiedPair[3]}`, ctx, find),
      text(" were equal on every criterion, so a coin toss decided: "),
      ...linkify(entry.decided.replace(/ seeded higher$/, ""), ctx, find),
      text(" is seeded higher."),
    ];
  }
  const tiedGroup = /^(.*): order of (.*), tied on every criterion$/.exec(entry.what);
  if (tiedGroup) {
    const n = (tiedGroup[2] ?? "").split(/, | and /).length;
    return [
      text(`In ${tiedGroup[1]}, `),
      ...linkify(tiedGroup[2] ?? "", ctx, find),
      text(` were tied on every criterion, so a random draw ordered them: `),
      ...linkify(entry.decided, ctx, find),
      text(` (any of the ${orderCount(n)} orders was equally likely).`),
    ];
  }
  return [...linkify(capitalize(entry.what), ctx, find), text(": "), ...linkify(entry.decided, ctx, find), text(entry.decided.endsWith(".") ? "" : ".")];
}

/** A site action (stored as an action name and a detail) as a sentence after the actor's name. */
export function actionSentence(action: TournamentAuditAction | undefined, detail: string, ctx: SentenceContext): Segment[] {
  const find = gameFinder(ctx);
  const keyed = /^(r\d+-[gp]\d+-\d+): (.*)$/.exec(detail);
  const game = keyed ? find(keyed[1]!) : undefined;
  const gameSeg = keyed ? gameSegment(keyed[1]!, ctx, find) : undefined;
  const end = (d: string) => (d === "" ? [text(".")] : [text(": "), ...linkify(d, ctx, find), text(/[.!?]$/.test(d) ? "" : ".")]);
  switch (action) {
    case "result corrected": {
      const [from = "", to = ""] = (keyed?.[2] ?? "").split(" → ");
      if (!gameSeg) break;
      return [text("corrected the result of "), gameSeg, text(` from ${resultWords(from, game, ctx)} to ${resultWords(to, game, ctx)}.`)];
    }
    case "result set":
      if (!gameSeg) break;
      return [text("set the result of "), gameSeg, text(`: ${resultWords(keyed?.[2] ?? "", game, ctx)}.`)];
    case "role chosen":
      if (!gameSeg) break;
      return [text(`chose to ${(keyed?.[2] ?? "").replace(/\.$/, "")} in `), gameSeg, text(".")];
    case "created":
      return [text("created the tournament"), ...end(detail)];
    case "started":
      return [text("started the tournament"), ...end(detail)];
    case "edited":
      return [text("edited the tournament"), ...end(detail)];
    case "cancelled":
      return [text("cancelled the tournament"), ...end(detail)];
    case "round started":
      return [text("started the next round"), ...end(detail)];
    case "phase released":
      return [text("released the next phase"), ...end(detail)];
    case "finished":
      return [text("closed the tournament"), ...end(detail)];
    case "late entry":
      return [text("recorded a late entry"), ...end(detail)];
    case "withdrew":
    case "disqualified":
      return [text(action === "withdrew" ? "recorded a withdrawal" : "recorded a disqualification"), ...end(detail)];
    case undefined:
      return linkify(detail, ctx, find);
    default:
      break;
  }
  return [text(action ?? ""), ...end(detail)];
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
