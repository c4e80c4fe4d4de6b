import { describe, expect, it } from "vitest";
import {
  displayRating,
  ratingRange,
  INITIAL_RATING,
  isProvisional,
  rateGame,
  ratePeriod,
  replayRatings,
  ratingInterval,
  updateRating,
  type Rating,
} from "./glicko2";

describe("Glicko-2", () => {
  it("reproduces the worked example of Glickman's paper", () => {
    const player: Rating = { rating: 1500, rd: 200, volatility: 0.06 };
    const after = updateRating(player, [
      { opponent: { rating: 1400, rd: 30, volatility: 0.06 }, score: 1 },
      { opponent: { rating: 1550, rd: 100, volatility: 0.06 }, score: 0 },
      { opponent: { rating: 1700, rd: 300, volatility: 0.06 }, score: 0 },
    ]);
    // The paper rounds its intermediate steps (mu' = -0.2069, phi' = 0.8722) and
    // prints 1464.06 / 151.52; exact arithmetic gives 1464.0507 / 151.5165.
    expect(Math.abs(after.rating - 1464.06)).toBeLessThan(0.01);
    expect((after.rating - 1500) / 173.7178).toBeCloseTo(-0.2069, 4);
    expect(after.rd / 173.7178).toBeCloseTo(0.8722, 4);
    expect(after.rd).toBeCloseTo(151.52, 2);
    expect(Math.abs(after.volatility - 0.05999)).toBeLessThan(0.00001);
    expect(after.volatility).toBeLessThan(0.06);
  });

  it("only widens the deviation of a player without games, up to 350", () => {
    const player: Rating = { rating: 1500, rd: 200, volatility: 0.06 };
    const idle = updateRating(player, []);
    expect(idle.rating).toBe(1500);
    expect(idle.volatility).toBe(0.06);
    expect(idle.rd).toBeCloseTo(Math.sqrt(200 ** 2 + (0.06 * 173.7178) ** 2), 6);
    expect(updateRating(INITIAL_RATING, []).rd).toBe(350);
  });

  it("rates a period from the ratings at its start, whatever the order of games", () => {
    const ratings = new Map<string, Rating>([
      ["ann", { rating: 1500, rd: 200, volatility: 0.06 }],
      ["bob", { rating: 1400, rd: 30, volatility: 0.06 }],
      ["cat", { rating: 1550, rd: 100, volatility: 0.06 }],
      ["dan", { rating: 1700, rd: 300, volatility: 0.06 }],
      ["eve", { rating: 1600, rd: 80, volatility: 0.06 }],
    ]);
    const games = [
      { first: "ann", second: "bob", score: 1 },
      { first: "cat", second: "ann", score: 1 },
      { first: "ann", second: "dan", score: 0 },
    ];
    const after = ratePeriod(ratings, games);
    expect(after.get("ann")?.rating).toBeCloseTo(1464.05, 2);
    expect(after.get("ann")?.rd).toBeCloseTo(151.52, 2);
    expect(ratePeriod(ratings, [...games].reverse())).toEqual(after);
    expect(after.get("bob")?.rating).toBeLessThan(1400);
    expect(after.get("cat")?.rating).toBeGreaterThan(1550);
    // Eve did not play: same rating, slightly wider deviation.
    expect(after.get("eve")?.rating).toBe(1600);
    expect(after.get("eve")?.rd).toBeGreaterThan(80);
    // A newcomer starts from 1500 / 350 / 0.06.
    const newcomer = ratePeriod(ratings, [{ first: "zed", second: "eve", score: 0.5 }]).get("zed");
    expect(newcomer?.rd).toBeLessThan(350);
    expect(newcomer?.rating).toBeGreaterThan(1500);
  });

  it("is zero-sum in direction: the winner gains, the loser loses", () => {
    const after = ratePeriod(new Map(), [{ first: 1, second: 2, score: 1 }]);
    expect(after.get(1)?.rating).toBeGreaterThan(1500);
    expect(after.get(2)?.rating).toBeLessThan(1500);
    expect((after.get(1)?.rating ?? 0) - 1500).toBeCloseTo(1500 - (after.get(2)?.rating ?? 0), 6);
  });

  it("writes a rating one way, with '?' while provisional, and its ~95% range in words", () => {
    expect(displayRating(INITIAL_RATING)).toBe("1500?");
    expect(displayRating({ rating: 1464.06, rd: 151.52 })).toBe("1464?");
    expect(displayRating({ rating: 1694.5, rd: 60 })).toBe("1695");
    expect(ratingRange({ rating: 1694.4, rd: 171 })).toBe("likely between 1352 and 2036");
    expect(ratingInterval(INITIAL_RATING)).toEqual([800, 2200]);
    expect(isProvisional(INITIAL_RATING)).toBe(true);
    expect(isProvisional({ rd: 110 })).toBe(false);
    expect(isProvisional({ rd: 110.5 })).toBe(true);
  });

  it("takes a provisional player out of provisional status after enough games", () => {
    let player = INITIAL_RATING;
    let periods = 0;
    while (isProvisional(player) && periods < 50) {
      player = updateRating(player, [
        { opponent: { rating: 1500, rd: 60, volatility: 0.06 }, score: 1 },
        { opponent: { rating: 1500, rd: 60, volatility: 0.06 }, score: 0 },
      ]);
      periods++;
    }
    expect(periods).toBeGreaterThan(2);
    expect(periods).toBeLessThan(12);
  });
});

describe("replaying a rating history per game type", () => {
  it("keeps a separate rating per game type and counts games per pool", () => {
    const { ratings, history } = replayRatings([
      { gameType: "chess", side1: "ann", side2: "bob", score1: 1 },
      { gameType: "tafl", side1: "bob", side2: "ann", score1: 1 },
      { gameType: "chess", side1: "ann", side2: "bob", score1: 0.5 },
    ]);
    const [annChess1, bobChess1] = rateGame(INITIAL_RATING, INITIAL_RATING, 1);
    const [annChess2] = rateGame(annChess1, bobChess1, 0.5);
    const [bobTafl] = rateGame(INITIAL_RATING, INITIAL_RATING, 1);
    expect(ratings.get("chess")!.get("ann")).toEqual({ ...annChess2, ratedGames: 2 });
    // The tafl game saw both at the initial rating, untouched by their chess game.
    expect(ratings.get("tafl")!.get("bob")).toEqual({ ...bobTafl, ratedGames: 1 });
    expect(history.map((h) => [h.gameIndex, h.gameType, h.player])).toEqual([
      [0, "chess", "ann"],
      [0, "chess", "bob"],
      [1, "tafl", "bob"],
      [1, "tafl", "ann"],
      [2, "chess", "ann"],
      [2, "chess", "bob"],
    ]);
  });
});
