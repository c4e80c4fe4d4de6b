// Glicko-2 ratings, as in Mark Glickman's "Example of the Glicko-2 system"
// (glicko.net/glicko/glicko2.pdf): new players start at 1500 with rating
// deviation (RD) 350 and volatility 0.06; results are applied per rating
// period, in which every player's games are rated against the opponents'
// ratings from the start of the period; a player without games only becomes
// less certain (RD grows with volatility).
//
// Choices beyond the paper, stated once here:
// - tau (system constant) defaults to 0.5, within the paper's 0.3–1.2.
// - RD never grows above 350, the RD of an unknown player (the paper
//   suggests such a cap for long inactivity; lichess and others do the same).
// - A rating is "provisional" while RD > 110 (the lichess threshold: roughly
//   until a dozen games have been rated), and is then shown with a "?".

import type { GameResult } from "./result";

export interface Rating {
  readonly rating: number;
  /** Rating deviation: one standard deviation of uncertainty, in rating points. */
  readonly rd: number;
  readonly volatility: number;
}

export const INITIAL_RATING: Rating = { rating: 1500, rd: 350, volatility: 0.06 };
export const DEFAULT_TAU = 0.5;
export const PROVISIONAL_RD = 110;
const MAX_RD = 350;

/** Glicko-2 works on a scale where 1 unit is 173.7178 rating points around 1500. */
const SCALE = 173.7178;
/** Convergence tolerance of the volatility iteration (the paper's epsilon). */
const EPSILON = 0.000001;

/** One game from the rated player's point of view: score 1 win, 0.5 draw, 0 loss. */
export interface RatedGame {
  readonly opponent: Rating;
  readonly score: number;
}

function g(phi: number): number {
  return 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
}

function expectedScore(mu: number, muJ: number, phiJ: number): number {
  return 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));
}

/**
 * Step 5 of the paper: the new volatility, by the Illinois variant of regula
 * falsi on f(x) = 0 where x = ln(sigma'^2).
 */
function newVolatility(phi: number, sigma: number, v: number, delta: number, tau: number): number {
  const a = Math.log(sigma * sigma);
  const f = (x: number): number => {
    const ex = Math.exp(x);
    const denominator = phi * phi + v + ex;
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * denominator * denominator) - (x - a) / (tau * tau);
  };
  let lower = a;
  let upper: number;
  if (delta * delta > phi * phi + v) {
    upper = Math.log(delta * delta - phi * phi - v);
  } else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    upper = a - k * tau;
  }
  let fLower = f(lower);
  let fUpper = f(upper);
  while (Math.abs(upper - lower) > EPSILON) {
    const candidate = lower + ((lower - upper) * fLower) / (fUpper - fLower);
    const fCandidate = f(candidate);
    if (fCandidate * fUpper <= 0) {
      lower = upper;
      fLower = fUpper;
    } else {
      fLower /= 2;
    }
    upper = candidate;
    fUpper = fCandidate;
  }
  return Math.exp(lower / 2);
}

/**
 * A player's rating after one rating period with these games (opponents at
 * their ratings from the start of the period). No games: only RD grows.
 */
export function updateRating(player: Rating, games: readonly RatedGame[], tau = DEFAULT_TAU): Rating {
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.rd / SCALE;
  const sigma = player.volatility;
  if (games.length === 0) {
    const grown = Math.sqrt(phi * phi + sigma * sigma) * SCALE;
    return { ...player, rd: Math.min(grown, MAX_RD) };
  }
  let inverseV = 0;
  let improvement = 0; // sum of g(phi_j) (s_j - E_j)
  for (const { opponent, score } of games) {
    const muJ = (opponent.rating - 1500) / SCALE;
    const gJ = g(opponent.rd / SCALE);
    const expected = expectedScore(mu, muJ, opponent.rd / SCALE);
    inverseV += gJ * gJ * expected * (1 - expected);
    improvement += gJ * (score - expected);
  }
  const v = 1 / inverseV;
  const delta = v * improvement;
  const volatility = newVolatility(phi, sigma, v, delta, tau);
  const phiStar = Math.sqrt(phi * phi + volatility * volatility);
  const newPhi = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const newMu = mu + newPhi * newPhi * improvement;
  return { rating: 1500 + SCALE * newMu, rd: Math.min(SCALE * newPhi, MAX_RD), volatility };
}

/** A game of a rating period between two players: score is `first`'s (1, 0.5 or 0). */
export interface PeriodGame<Id> {
  readonly first: Id;
  readonly second: Id;
  readonly score: number;
}

/**
 * Rates a whole period: every player in `ratings` or in a game gets a new
 * rating (newcomers start from INITIAL_RATING), computed from everyone's
 * ratings at the start of the period, so the order of games does not matter.
 */
export function ratePeriod<Id>(ratings: ReadonlyMap<Id, Rating>, games: readonly PeriodGame<Id>[], tau = DEFAULT_TAU): Map<Id, Rating> {
  const before = (id: Id): Rating => ratings.get(id) ?? INITIAL_RATING;
  const gamesOf = new Map<Id, RatedGame[]>();
  for (const id of ratings.keys()) gamesOf.set(id, []);
  const add = (id: Id, game: RatedGame): void => {
    const list = gamesOf.get(id);
    if (list) list.push(game);
    else gamesOf.set(id, [game]);
  };
  for (const { first, second, score } of games) {
    add(first, { opponent: before(second), score });
    add(second, { opponent: before(first), score: 1 - score });
  }
  const after = new Map<Id, Rating>();
  for (const [id, played] of gamesOf) after.set(id, updateRating(before(id), played, tau));
  return after;
}

/**
 * A rating as the site writes it everywhere: the rounded number, with "?" while it is
 * provisional ("1694?", as lichess does). The uncertainty is said in words where it is
 * explained (ratingRange), never as a bare "± 342" beside the number.
 */
export function displayRating(rating: Pick<Rating, "rating" | "rd">): string {
  return `${Math.round(rating.rating)}${isProvisional(rating) ? "?" : ""}`;
}

/** "likely between 800 and 2200": the ~95% interval (rating ± 2·RD), in words. */
export function ratingRange(rating: Pick<Rating, "rating" | "rd">): string {
  const [low, high] = ratingInterval(rating);
  return `likely between ${low} and ${high}`;
}

/** The ~95% interval [rating − 2·RD, rating + 2·RD], rounded. */
export function ratingInterval(rating: Pick<Rating, "rating" | "rd">): [number, number] {
  return [Math.round(rating.rating - 2 * rating.rd), Math.round(rating.rating + 2 * rating.rd)];
}

export function isProvisional(rating: Pick<Rating, "rd">): boolean {
  return rating.rd > PROVISIONAL_RD;
}

/** Side 1's score for a result: 1 for "1-0", 0 for "0-1", ½ for a draw. */
export function side1Score(result: GameResult): number {
  return result === "1-0" ? 1 : result === "0-1" ? 0 : 0.5;
}

/** One game as its own rating period (as on most online game sites): both players' new ratings. */
export function rateGame(side1: Rating, side2: Rating, score1: number, tau = DEFAULT_TAU): [Rating, Rating] {
  return [updateRating(side1, [{ opponent: side2, score: score1 }], tau), updateRating(side2, [{ opponent: side1, score: 1 - score1 }], tau)];
}

/** A rated game for replaying a rating history: its game type keys a separate rating pool. */
export interface HistoricGame<Id, G> {
  readonly gameType: G;
  readonly side1: Id;
  readonly side2: Id;
  readonly score1: number;
}

export interface RatingAfterGame<Id, G> {
  readonly gameIndex: number;
  readonly gameType: G;
  readonly player: Id;
  readonly rating: Rating;
}

/**
 * Replays rated games in the given order, one rating period per game, with a
 * separate rating per (player, game type): what each rating would be had every
 * game type always been rated on its own. Returns the final ratings with game
 * counts, and each player's rating after every game (for the history).
 */
export function replayRatings<Id, G>(
  games: readonly HistoricGame<Id, G>[],
  tau = DEFAULT_TAU,
): { ratings: Map<G, Map<Id, Rating & { ratedGames: number }>>; history: RatingAfterGame<Id, G>[] } {
  const ratings = new Map<G, Map<Id, Rating & { ratedGames: number }>>();
  const history: RatingAfterGame<Id, G>[] = [];
  games.forEach((game, gameIndex) => {
    let pool = ratings.get(game.gameType);
    if (!pool) ratings.set(game.gameType, (pool = new Map()));
    const before1 = pool.get(game.side1) ?? { ...INITIAL_RATING, ratedGames: 0 };
    const before2 = pool.get(game.side2) ?? { ...INITIAL_RATING, ratedGames: 0 };
    const [after1, after2] = rateGame(before1, before2, game.score1, tau);
    pool.set(game.side1, { ...after1, ratedGames: before1.ratedGames + 1 });
    pool.set(game.side2, { ...after2, ratedGames: before2.ratedGames + 1 });
    history.push({ gameIndex, gameType: game.gameType, player: game.side1, rating: after1 });
    history.push({ gameIndex, gameType: game.gameType, player: game.side2, rating: after2 });
  });
  return { ratings, history };
}
