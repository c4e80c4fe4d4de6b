import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { LocalTime } from "@/components/local-time";
import { AuditLog } from "@/components/tournament/audit-log";
import { PlayedOnSiteProvider } from "@/components/tournament/play-context";
import { clinchTableFor } from "@/components/tournament/clinch-text";
import { RoundView } from "@/components/tournament/round-view";
import { SideBalanceView } from "@/components/tournament/side-balance-view";
import { StandingsTable } from "@/components/tournament/standings-table";
import { GAME_TYPES, playableGames, standings } from "@/engine/formats";
import { catalogGame } from "@/engine/game-catalog";
import { displayRating } from "@/engine/glicko2";
import { timeControlLabel } from "@/lib/format-labels";
import { FORMAT_LABELS } from "@/lib/tournament-rules";
import { api } from "@/server/trpc/page-caller";
import { Announcements } from "./announcements";
import { LiveRefresh } from "./live-refresh";
import { ExportLinks, OrganizerPanel } from "./organizer-panel";
import { RemoveRegistrantButton, TournamentActions, WithdrawButton } from "./tournament-actions";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const metadata: Metadata = { title: "Tournament" };

const STATUS_LABEL = { registering: "Registration open", running: "Running", finished: "Finished", cancelled: "Cancelled" } as const;

const SETTING_LABELS: Record<string, string> = {
  partition: "Groups",
  groupSize: "Group size",
  maxGroupSize: "Largest group",
  gamesPerPair: "Games per pair on each side",
  points: "Points (win, draw, loss)",
  firstRoundOpponents: "Opponents in round 1",
  laterRoundOpponents: "Opponents in later rounds",
  gamesPerOpponent: "Games per opponent",
  eliminationLosses: "Losses that eliminate",
  lossesCarryOver: "Losses carry over",
};

function settingText(value: unknown): string {
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (value && typeof value === "object") return Object.entries(value).map(([k, v]) => `${k} ${String(v)}`).join(", ");
  return String(value);
}

export default async function TournamentPage({ params, searchParams }: Props) {
  const id = z.uuid().safeParse((await params).id);
  if (!id.success) notFound();
  const caller = await api();
  const [t, me, clinch] = await Promise.all([
    caller.tournament.get({ tournamentId: id.data }).catch((err: unknown) => {
      if (err instanceof TRPCError && err.code === "NOT_FOUND") notFound();
      throw err;
    }),
    caller.account.me(),
    // Clinch marks of the live tables; a page without them still works.
    caller.tournament.clinch({ tournamentId: id.data }).then((c) => c.tables, () => []),
  ]);
  const isOrganizer = !!me && (me.id === t.organizer.id || me.isAdmin);
  const invite = (await searchParams).invite;
  const inviteToken = typeof invite === "string" && invite.length <= 100 ? invite : null;
  const requested = !!me && t.inviteOnly && t.status === "registering" ? await caller.tournament.myRequest({ tournamentId: t.id }) : false;
  const joined = !!me && t.players.some((p) => p.id === me.id);
  // The signed-in player's next game here: the first released game of theirs without a result.
  const nextKey = me && t.state && t.status === "running" ? playableGames(t.state).find((g) => (g.side1 === me.id || g.side2 === me.id) && t.gameLinks[g.id]) : undefined;
  const nextGame = nextKey ? await caller.game.get({ gameId: t.gameLinks[nextKey.id]! }).catch(() => null) : null;
  const names = Object.fromEntries(t.players.map((p) => [p.id, { username: p.username, rating: Math.round(p.rating) }]));
  const gameLinks = Object.fromEntries(Object.entries(t.gameLinks).map(([key, gameId]) => [key, `/games/${gameId}`]));
  const withdrawn = new Set(t.state?.withdrawals.map((w) => w.player) ?? []);
  // Only players still in play can withdraw or be withdrawn.
  // Computed once here and handed to the table, which would otherwise compute it again
  // on the server and once more in the browser.
  const rows = t.state ? standings(t.state) : [];
  const stillPlaying = new Set(t.status === "running" ? rows.filter((r) => r.status === "playing").map((r) => r.player) : []);
  // Seeds: round 1's order once started; by rating before.
  const seeded = t.state ? t.state.players.map((p) => t.players.find((x) => x.id === p.id)!).filter(Boolean) : t.players;
  // Who did each recorded action: nobody (the site by itself), the organizer (or an admin), or a player.
  const actions = t.audit.map((a) => ({
    at: a.at.toISOString(),
    who: a.actor ?? "Moot",
    what: a.detail,
    action: a.action,
    actor: a.actor === null ? ("system" as const) : a.actorId === t.organizer.id || a.actorIsAdmin ? ("organizer" as const) : ("player" as const),
  }));
  // When each round started, so the engine's draws sit among the timed actions.
  const roundTimes: Record<number, string> = {};
  if (t.startedAt) roundTimes[1] = t.startedAt.toISOString();
  for (const a of t.audit) {
    const m = a.action === "round started" ? /^Round (\d+)/.exec(a.detail) : null;
    if (m) roundTimes[Number(m[1])] = a.at.toISOString();
  }
  // The rating each player was seeded with (the engine keeps it); current ratings before the start.
  const seedRating = new Map(t.state?.players.map((p) => [p.id, p.rating]) ?? []);

  return (
    <div className="space-y-8">
      <LiveRefresh tournamentId={t.id} version={t.version} />
      <header className="space-y-2">
        <p className="text-sm font-medium text-amber-800 dark:text-amber-400" data-testid="tournament-status">
          {STATUS_LABEL[t.status]}
        </p>
        <h1 className="text-2xl font-bold">{t.name}</h1>
        <p className="text-sm text-stone-600 dark:text-stone-400">
          {FORMAT_LABELS[t.format as keyof typeof FORMAT_LABELS] ?? t.format} · {catalogGame(t.gameType)?.name ?? t.gameType} ·{" "}
          {timeControlLabel(t.initialMs, t.incrementMs)} · {t.rated ? "rated" : "unrated"} · organized by{" "}
          <Link className="link" href={`/players/${encodeURIComponent(t.organizer.username)}`}>
            {t.organizer.username}
          </Link>
        </p>
        <TournamentActions
          tournamentId={t.id}
          status={t.status}
          joined={joined}
          signedIn={!!me}
          isOrganizer={isOrganizer}
          inviteOnly={t.inviteOnly}
          inviteToken={inviteToken}
          requested={requested}
        />
      </header>

      {nextGame && me ? <NextGameCallout game={nextGame} meId={me.id} /> : null}

      {t.champions.length > 0 && (
        <section role="status" data-testid="champions" className="rounded-lg border border-amber-300 bg-amber-50 px-5 py-4 dark:border-amber-700 dark:bg-amber-950">
          <h2 className="text-lg font-bold">
            {t.champions.length === 1 ? "Champion" : "Joint champions"}: {t.champions.map((c) => names[c]?.username ?? c).join(", ")}
          </h2>
        </section>
      )}

      <Announcements tournamentId={t.id} canPost={isOrganizer} />

      {isOrganizer && t.status === "registering" ? <OrganizerPanel tournamentId={t.id} version={t.version} inviteOnly={t.inviteOnly} /> : null}

      <div className="grid items-start gap-6 lg:grid-cols-3">
        <section className="card space-y-2 lg:col-span-2" aria-labelledby="about-heading">
          <h2 id="about-heading" className="font-semibold">
            About
          </h2>
          {t.description ? <p className="whitespace-pre-wrap text-sm">{t.description}</p> : <p className="text-sm text-stone-500">No description.</p>}
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {t.inviteOnly ? (
              <>
                <dt className="text-stone-500">Entry</dt>
                <dd>By invitation: the organizer approves each player</dd>
              </>
            ) : null}
            <dt className="text-stone-500">Players</dt>
            <dd>
              {t.players.length} joined · {t.minPlayers}–{t.maxPlayers} allowed
              {t.minRating != null || t.maxRating != null ? ` · rating ${t.minRating ?? "any"}–${t.maxRating ?? "any"}` : ""}
            </dd>
            {t.startsAt && t.status === "registering" && (
              <>
                <dt className="text-stone-500">Starts</dt>
                <dd>
                  <LocalTime at={t.startsAt} relative />, automatically
                </dd>
              </>
            )}
            {t.registrationClosesAt && t.status === "registering" && (
              <>
                <dt className="text-stone-500">Registration closes</dt>
                <dd>
                  <LocalTime at={t.registrationClosesAt} relative />
                </dd>
              </>
            )}
            {Object.entries(t.settings).map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="text-stone-500">{SETTING_LABELS[k] ?? k}</dt>
                <dd>{settingText(v)}</dd>
              </div>
            ))}
            <dt className="text-stone-500">Random seed</dt>
            <dd className="font-mono text-xs">{t.seed}</dd>
          </dl>
        </section>
        <section className="card space-y-2" aria-labelledby="players-heading">
          <h2 id="players-heading" className="font-semibold">
            Players {t.state ? "(seeded)" : "(by rating)"}
          </h2>
          {seeded.length === 0 ? (
            <p className="text-sm text-stone-500">Nobody has joined yet.</p>
          ) : (
            <ol className="space-y-1 text-sm" data-testid="tournament-players">
              {seeded.map((p, i) => (
                <li key={p.id} className="flex flex-wrap items-baseline gap-2">
                  <span className="w-6 text-right text-stone-500">{i + 1}.</span>
                  <Link className="link" href={`/players/${encodeURIComponent(p.username)}`}>
                    {p.username}
                  </Link>
                  <span className="text-xs text-stone-500" title={seedRating.has(p.id) ? `rating used for seeding; now ${displayRating(p)}` : "current rating"}>
                    {seedRating.has(p.id) ? Math.round(seedRating.get(p.id)!) : displayRating(p)}
                  </span>
                  {withdrawn.has(p.id) && <span className="text-xs text-red-700">withdrawn</span>}
                  {isOrganizer && t.status === "registering" && <RemoveRegistrantButton tournamentId={t.id} userId={p.id} username={p.username} />}
                  {stillPlaying.has(p.id) && me?.id === p.id && <WithdrawButton tournamentId={t.id} playerId={p.id} label="Withdraw" />}
                  {stillPlaying.has(p.id) && isOrganizer && me?.id !== p.id && (
                    <details className="ml-auto text-xs">
                      <summary className="cursor-pointer text-stone-500" aria-label={`Organizer actions for ${p.username}`}>
                        Manage
                      </summary>
                      <span className="flex flex-col items-end gap-1 pt-1">
                        <WithdrawButton tournamentId={t.id} playerId={p.id} label={`Withdraw ${p.username}`} />
                        <WithdrawButton tournamentId={t.id} playerId={p.id} label={`Disqualify ${p.username}`} disqualify />
                      </span>
                    </details>
                  )}
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>

      {t.state ? (
        <>
          <section className="space-y-3" aria-labelledby="standings-heading">
            <h2 id="standings-heading" className="text-lg font-semibold">
              Standings
            </h2>
            <ExportLinks tournamentId={t.id} />
            <StandingsTable
              state={t.state}
              names={names}
              rows={rows}
              overall
              headed
              testId={t.format === "league" ? "league-table" : "standings-table"}
              clinch={t.format === "league" ? clinchTableFor(clinch, 1, null) : undefined}
            />
          </section>
          <section className="space-y-3" aria-labelledby="rounds-heading">
            <h2 id="rounds-heading" className="text-lg font-semibold">
              Rounds
            </h2>
            <PlayedOnSiteProvider value={catalogGame(t.gameType)?.playedOnSite ?? true}>
              <RoundView state={t.state} names={names} gameLinks={gameLinks} leagueTable={false} clinch={clinch} />
            </PlayedOnSiteProvider>
          </section>
        </>
      ) : (
        <p className="card text-sm text-stone-600 dark:text-stone-400">
          The draw is made when the tournament starts{t.startsAt ? " at the scheduled time" : " (the organizer starts it)"}.
        </p>
      )}

      {t.state ? (
        <section className="space-y-3" aria-labelledby="side-balance-heading">
          <h2 id="side-balance-heading" className="text-lg font-semibold">
            Side balance
          </h2>
          <SideBalanceView state={t.state} names={names} sideNames={catalogGame(t.gameType)?.sideNames ?? GAME_TYPES[t.state.gameType].sides} />
        </section>
      ) : null}

      <section className="space-y-3" aria-labelledby="audit-heading">
        <h2 id="audit-heading" className="text-lg font-semibold">
          Audit log
        </h2>
        <AuditLog
          audit={t.state?.audit ?? []}
          actions={actions}
          roundTimes={roundTimes}
          names={names}
          state={t.state}
          gameLinks={gameLinks}
          linkPlayers
        />
      </section>
    </div>
  );
}

type GameView = Awaited<ReturnType<Awaited<ReturnType<typeof api>>["game"]["get"]>>;

/** "Your next game": opponent, your side, whether it is your move, and the deadline. */
function NextGameCallout({ game, meId }: { game: GameView; meId: string }) {
  const mySide = game.side1.id === meId ? 1 : 2;
  const opponent = mySide === 1 ? game.side2 : game.side1;
  const catalog = catalogGame(game.gameType);
  const sideName = catalog?.sideNames[mySide - 1] ?? (mySide === 1 ? "First player" : "Second player");
  const onSite = catalog?.playedOnSite ?? true;
  const yourMove = onSite && game.position !== null && game.clock.toMove === mySide;
  return (
    <section role="status" data-testid="next-game" className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-emerald-300 bg-emerald-50 px-5 py-3 dark:border-emerald-700 dark:bg-emerald-950">
      <p className="text-sm">
        <span className="font-semibold">Your next game:</span> against {opponent.username}, you play {sideName}.{" "}
        {onSite ? (yourMove ? "It is your move" : "Waiting for your opponent's move") : "Play it and report the result"}
        {game.clock.deadline ? (
          <>
            {yourMove || !onSite ? " by " : "; their deadline is "}
            <LocalTime at={game.clock.deadline} relative />
          </>
        ) : null}
        .
      </p>
      <Link className="btn-primary" href={`/games/${game.id}`}>
        {onSite ? "Go to the game" : "Report the result"}
      </Link>
    </section>
  );
}
