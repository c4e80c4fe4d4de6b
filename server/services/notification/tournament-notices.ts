// Notifications about tournaments, written in the transaction that changed the
// tournament: started, new games of a round or phase (one notice per player and
// release, not per game), advanced, eliminated, champion, and organizer
// announcements. A round of thousands of games costs one statement: the database
// makes the notices from a few arrays of ids (notifySelected).
import { eq, sql, type SQL } from "drizzle-orm";
import { sendsBytesAsIs, type Db } from "@/db/client";
import { arrayLiteralInSlices, uuidArrayBytes } from "../bulk-insert";
import type { CreatedGame } from "../game/create-game";
import { tournamentPlayers } from "@/db/schema";
import type { EngineEvent, TournamentState } from "@/engine/formats";
import { letGoIfDue } from "@/lib/let-go";
import type { NotificationKind } from "@/lib/notification-kinds";
import { gameLink, gameSubject, notifySelected, tournamentLink, tournamentSubject } from "./notify";

interface TournamentRef {
  id: string;
  name: string;
  organizerId: string;
}

export async function playersOf(tx: Db, tournamentId: string): Promise<string[]> {
  const rows = await tx.select({ id: tournamentPlayers.userId }).from(tournamentPlayers).where(eq(tournamentPlayers.tournamentId, tournamentId));
  return rows.map((r) => r.id);
}

/**
 * A list of ids as one uuid[] parameter, made in slices (a 100,000-player round's lists
 * are about 100,000 ids each): in binary where the driver sends bytes as they are
 * (uuidArrayBytes), else as an array literal. A round's close makes several such lists
 * one after another (letGoIfDue: the event loop turns between them once a slice is up).
 */
async function uuids(tx: Db, ids: readonly string[]): Promise<SQL> {
  await letGoIfDue();
  return sql`${sendsBytesAsIs(tx) ? await uuidArrayBytes(ids) : await arrayLiteralInSlices(ids)}::uuid[]`;
}

/** The new games' first and second players, each as one uuid[] parameter. */
async function sidesOf(tx: Db, created: readonly CreatedGame[]): Promise<[SQL, SQL]> {
  const side1 = created.map((g) => g.side1Id);
  const side2 = created.map((g) => g.side2Id);
  return [await uuids(tx, side1), await uuids(tx, side2)];
}

/** What every notice about the tournament carries, and `extra`, as one JSON value all rows share. */
const payloadOf = (t: TournamentRef, extra: Record<string, number | undefined>): SQL =>
  sql`${JSON.stringify({ tournament: t.name, tournamentId: t.id, ...extra })}::jsonb`;

/**
 * Rows for notifySelected: a notice of `kind` about the tournament, leading to it, for
 * each recipient `p.user_id` of `from`, with `payload` and `dedupe` (SQL over `from`).
 */
function aboutTournament(t: TournamentRef, kind: NotificationKind, payload: SQL, dedupe: SQL, from: SQL): SQL {
  return sql`select p.user_id, ${kind}::text as kind, ${payload} as payload, ${tournamentLink(t.id)}::text as link,
    ${tournamentSubject(t.id)}::text as subject, ${dedupe} as dedupe_key
    from ${from}`;
}

/** The key `prefix` followed by the recipient's id. */
const keyedByPlayer = (prefix: string): SQL => sql`${prefix}::text || p.user_id::text`;

/** A notice of `kind` about the tournament for each of `players`, keyed `dedupe` followed by the player's id. */
async function eachOf(
  tx: Db,
  t: TournamentRef,
  players: readonly string[],
  kind: NotificationKind,
  extra: Record<string, number | undefined>,
  dedupe: string,
): Promise<SQL> {
  return aboutTournament(t, kind, payloadOf(t, extra), keyedByPlayer(dedupe), sql`unnest(${await uuids(tx, players)}) as p(user_id)`);
}

/**
 * One notice per player for a release of games, however many games it gives them
 * (a 100,000-player start is 100,000 notices, not 700,000): with one game it names
 * the opponent and leads to the game (and is resolved when the game is played, as a
 * challenge's new game is); with several it counts them and leads to the tournament.
 * Keyed by the player's first new game, which is created once. Rows for
 * notifySelected: the database groups the games by player and reads the opponents'
 * names. `n` is a game's place in `created`, the order the engine released them.
 */
async function gameRows(tx: Db, t: TournamentRef, created: readonly CreatedGame[], round: number | undefined): Promise<SQL> {
  const payload = payloadOf(t, { round });
  const gameIds = created.map((g) => g.id);
  const ids = await uuids(tx, gameIds);
  const [side1, side2] = await sidesOf(tx, created);
  return sql`with g as (
      select * from unnest(${ids}, ${side1}, ${side2}) with ordinality as g(id, side1, side2, n)
    ),
    mine as (
      select player, count(*) as games, min(n) as first
      from (select side1 as player, n from g union all select side2, n from g) sides group by player
    )
    select m.player as user_id, 'game-created'::text as kind,
      case when m.games = 1 then ${payload} || jsonb_build_object('gameId', g.id, 'opponent', coalesce(u.username, 'your opponent'))
        else ${payload} || jsonb_build_object('games', m.games) end as payload,
      case when m.games = 1 then ${gameLink("")} || g.id::text else ${tournamentLink(t.id)} end as link,
      case when m.games = 1 then ${gameSubject("")} || g.id::text else ${tournamentSubject(t.id)} end as subject,
      'created:' || g.id::text || ':' || m.player::text as dedupe_key
    from mine m join g on g.n = m.first
    left join users u on u.id = case when g.side1 = m.player then g.side2 else g.side1 end`;
}

/**
 * The tournament started: every player (the caller has just read them) hears it once,
 * with how many games round 1 gives them. Fresh keys (notifySelected): one per player,
 * and the caller starts the tournament once (it was registering, and is locked).
 */
export async function noticeStarted(tx: Db, t: TournamentRef, players: readonly string[], created: readonly CreatedGame[], now: Date): Promise<string[]> {
  const everyone = await uuids(tx, players);
  const [side1, side2] = await sidesOf(tx, created);
  const rows = aboutTournament(
    t,
    "tournament-started",
    sql`${payloadOf(t, { round: 1 })} || jsonb_build_object('games', coalesce(c.games, 0))`,
    keyedByPlayer(`started:${t.id}:`),
    sql`unnest(${everyone}) as p(user_id)
    left join (
      select player, count(*) as games from unnest(${side1} || ${side2}) as player group by player
    ) c on c.player = p.user_id`,
  );
  return notifySelected(tx, rows, new Set(players), now, { fresh: true });
}

/**
 * After a result changed the engine state: new games, who advanced or is out, champions.
 * `built` is called once the statement is built and this process's part is done (a
 * caller waits for it before work of its own that would delay the statement). `fresh`
 * (notifySelected): the caller has just inserted every one of `created` in this
 * transaction, and makes the events' release once (a round's close whose games' insert
 * fails on a second closer's); a key already there then fails the statement.
 */
export async function noticeProgress(
  tx: Db,
  t: TournamentRef,
  next: TournamentState,
  events: readonly EngineEvent[],
  created: readonly CreatedGame[],
  now: Date,
  { built, fresh = false }: { built?: () => void; fresh?: boolean } = {},
): Promise<string[]> {
  const released = events.find((e) => e.type === "round-released" || e.type === "phase-released");
  const parts: SQL[] = [];
  const recipients = new Set<string>();
  if (created.length > 0) {
    parts.push(await gameRows(tx, t, created, released && "round" in released ? released.round : undefined));
    for (const g of created) recipients.add(g.side1Id).add(g.side2Id);
  }
  const add = async (players: readonly string[], kind: NotificationKind, extra: Record<string, number>, dedupe: string) => {
    if (players.length === 0) return;
    parts.push(await eachOf(tx, t, players, kind, extra, dedupe));
    for (const p of players) recipients.add(p);
  };
  for (const e of events) {
    if (e.type === "round-released") {
      recipients.add(t.organizerId);
      parts.push(
        aboutTournament(
          t,
          "round-released",
          payloadOf(t, { round: e.round }),
          sql`${`round:${t.id}:${e.round}`}::text`,
          sql`(select ${t.organizerId}::uuid as user_id) as p`,
        ),
      );
    }
    if (e.type === "round-complete") {
      const round = next.rounds[e.round - 1];
      // The last round's survivors are the champions, told below.
      if (round && next.status !== "finished") await add(round.advanced ?? [], "advanced", { round: e.round }, `advanced:${t.id}:${e.round}:`);
      await add(round?.eliminated ?? [], "eliminated", { round: e.round }, `eliminated:${t.id}:`);
    }
    if (e.type === "finished") await add(e.champions, "champion", {}, `champion:${t.id}:`);
  }
  built?.();
  if (parts.length === 0) return [];
  return notifySelected(
    tx,
    sql.join(
      parts.map((p) => sql`(${p})`),
      sql` union all `,
    ),
    recipients,
    now,
    { fresh },
  );
}

/** Players of tournaments starting within the hour hear it once (the sweeper calls this). */
export async function noticeStartingSoon(tx: Db, t: TournamentRef & { startsAt: Date }, now: Date): Promise<string[]> {
  const players = await playersOf(tx, t.id);
  return notifySelected(tx, await eachOf(tx, t, players, "tournament-soon", { at: t.startsAt.getTime() }, `soon:${t.id}:`), new Set(players), now);
}
