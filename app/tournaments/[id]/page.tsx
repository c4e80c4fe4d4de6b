import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { LocalTime } from "@/components/local-time";
import { Pagination } from "@/components/pagination";
import { AUDIT_PAGE_SIZE, AuditEntries } from "@/components/tournament/audit-log";
import { SideBalanceView } from "@/components/tournament/side-balance-view";
import { StandingsTable } from "@/components/tournament/standings-table";
import { formatFiles } from "@/components/formats/pages";
import { settingLines } from "@/components/formats/settings-text";
import { GAME_FAMILIES, formatLabel } from "@/engine/formats";
import { catalogGame } from "@/engine/game-catalog";
import { onSiteGame } from "@/engine/games/registry";
import { displayRating } from "@/engine/glicko2";
import { RatingText } from "@/components/rating-text";
import { timeControlLabel } from "@/lib/format-labels";
import { MAX_PAGE, MAX_ROUND } from "@/lib/page-window";
import { searchParam } from "@/lib/search-params";
import { api } from "@/server/trpc/page-caller";
import { ChatPanel } from "@/components/chat/chat-panel";
import { Announcements } from "./announcements";
import { LiveRefresh } from "./live-refresh";
import { ExportLinks, OrganizerPanel } from "./organizer-panel";
import { RoundsSection } from "./rounds-section";
import { RemoveRegistrantButton, TournamentActions, WithdrawButton } from "./tournament-actions";
import { pageFields, pageHref, WINDOW_PARAMS, type PageParams } from "./windows";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const metadata: Metadata = { title: "Tournament" };

/** The player list gets a search box above this many players. */
const PLAYER_SEARCH_FROM = 50;

const STATUS_LABEL = { registering: "Registration open", running: "Running", finished: "Finished", cancelled: "Cancelled" } as const;

/**
 * A window's page from the URL: whole numbers from 1 up, at most what the API
 * accepts (past the last page is clamped by the server); anything else is ignored,
 * since people edit URLs by hand.
 */
function pageNumber(value: string | string[] | undefined, max: number): number | undefined {
  const n = typeof value === "string" && /^\d{1,16}$/.test(value) ? Number(value) : Number.NaN;
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : undefined;
}

export default async function TournamentPage({ params, searchParams }: Props) {
  const id = z.uuid().safeParse((await params).id);
  if (!id.success) notFound();
  const search = await searchParams;
  const query: PageParams = {};
  for (const key of WINDOW_PARAMS) {
    const n = pageNumber(search[key], key === "round" ? MAX_ROUND : MAX_PAGE);
    if (n !== undefined) query[key] = n;
  }
  const q = searchParam(search.q, 80).trim();
  if (q) query.q = q;
  const invite = search.invite;
  const inviteToken = typeof invite === "string" && invite.length <= 100 ? invite : null;
  // Not sent to the API: only carried along by the page's links and form.
  const carried: PageParams = inviteToken ? { ...query, invite: inviteToken } : query;
  const caller = await api();
  const [t, me] = await Promise.all([
    caller.tournament.page({ tournamentId: id.data, ...query }).catch((err: unknown) => {
      if (err instanceof TRPCError && err.code === "NOT_FOUND") notFound();
      throw err;
    }),
    caller.account.me(),
  ]);
  const isOrganizer = t.isOrganizer;
  const href = (changes: PageParams, anchor: string) => pageHref(t.id, carried, changes, anchor);
  const requested = !!me && t.inviteOnly && t.status === "registering" ? await caller.tournament.myRequest({ tournamentId: t.id }) : false;
  // The signed-in player's most urgent open game here (their move, least time left).
  const nextGame = t.nextGame ? await caller.game.get({ gameId: t.nextGame.gameId }).catch(() => null) : null;
  const names = t.names;
  const gameLinks = Object.fromEntries(Object.entries(t.gameLinks).map(([key, gameId]) => [key, `/games/${gameId}`]));
  const onSite = catalogGame(t.gameType)?.playedOnSite ?? true;
  const players = t.players;

  const started = Boolean(t.info && t.standings);
  const roundsSection =
    t.info && t.rounds ? (
      <section className="space-y-3" aria-labelledby="rounds-heading">
        <h2 id="rounds-heading" className="scroll-mt-20 text-lg font-semibold">
          Rounds
        </h2>
        <RoundsSection
          rounds={t.rounds}
          info={t.info}
          names={names}
          gameLinks={gameLinks}
          onSite={onSite}
          me={me?.id}
          tabHref={(round) => href({ round, groups: undefined }, "rounds-heading")}
          groupsHref={(groups) => href({ groups }, "rounds-heading")}
        />
      </section>
    ) : null;
  const aboutAndPlayers = (
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
            {t.playerCount} joined · {t.minPlayers}–{t.maxPlayers} allowed
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
          {(onSiteGame(t.gameType)?.settings ?? []).map((o) => (
            <div key={o.key} className="contents">
              <dt className="text-stone-500">{o.label}</dt>
              <dd data-testid={`game-setting-${o.key}`}>{t.gameSettings[o.key] ?? o.default}</dd>
            </div>
          ))}
          {settingLines(t.format, t.settings).map((line) => (
            <div key={line.key} className="contents">
              <dt className="text-stone-500">{line.label}</dt>
              <dd>{line.text}</dd>
            </div>
          ))}
          <dt className="text-stone-500">Random seed</dt>
          <dd className="font-mono text-xs">{t.seed}</dd>
        </dl>
      </section>
      <section className="card space-y-2" aria-labelledby="players-heading">
        <h2 id="players-heading" className="font-semibold">
          Players {t.info ? "(seeded)" : "(by rating)"}
        </h2>
        {t.playerCount > PLAYER_SEARCH_FROM ? (
          <form method="get" action={`/tournaments/${t.id}#players-heading`} role="search" className="flex gap-2" aria-label="Find a player">
            <label htmlFor="player-search" className="sr-only">
              Player name
            </label>
            {/* A new search starts at the first page of its matches; every other window stays. */}
            {pageFields(carried, ["q", "players"]).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <input
              id="player-search"
              name="q"
              type="search"
              defaultValue={players.q}
              maxLength={80}
              placeholder="Find a player"
              className="input min-w-0 flex-1 text-sm"
            />
            <button type="submit" className="btn-secondary">
              Find
            </button>
          </form>
        ) : null}
        {players.rows.length === 0 ? (
          <p className="text-sm text-stone-500">{players.q ? `Nobody here has a name containing “${players.q}”.` : "Nobody has joined yet."}</p>
        ) : (
          <ol className="space-y-1 text-sm" data-testid="tournament-players">
            {players.rows.map((p) => (
              <li key={p.id} className="flex flex-wrap items-baseline gap-2">
                <span className="w-6 text-right text-stone-500">{p.number}.</span>
                <Link className="link" href={`/players/${encodeURIComponent(p.username)}`}>
                  {p.username}
                </Link>
                <span className="text-xs text-stone-500" title={p.seedRating !== null ? `rating used for seeding; now ${displayRating(p.rating)}` : undefined}>
                  {p.seedRating !== null ? Math.round(p.seedRating) : <RatingText rating={p.rating} />}
                </span>
                {p.withdrawn && <span className="text-xs text-red-700">withdrawn</span>}
                {isOrganizer && t.status === "registering" && <RemoveRegistrantButton tournamentId={t.id} userId={p.id} username={p.username} />}
                {p.stillPlaying && me?.id === p.id && <WithdrawButton tournamentId={t.id} playerId={p.id} label="Withdraw" />}
                {p.stillPlaying && isOrganizer && me?.id !== p.id && (
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
        {t.canWithdraw && me && !players.rows.some((p) => p.id === me.id) ? (
          <p className="text-sm">
            <WithdrawButton tournamentId={t.id} playerId={me.id} label="Withdraw" />
          </p>
        ) : null}
        <Pagination
          page={players.page}
          pageCount={players.pageCount}
          href={(n) => href({ players: n }, "players-heading")}
          label="Player list pages"
          testId="players-pages"
        />
      </section>
    </div>
  );

  return (
    <div className="space-y-8">
      <LiveRefresh tournamentId={t.id} version={t.version} />
      <header className="space-y-2">
        <p className="text-sm font-medium text-amber-800 dark:text-amber-400" data-testid="tournament-status">
          {STATUS_LABEL[t.status]}
        </p>
        <h1 className="text-2xl font-bold">{t.name}</h1>
        <p className="text-sm text-stone-600 dark:text-stone-400">
          <Link className="link" href={`/formats/${t.format}`}>
            {formatLabel(t.format)}
          </Link>{" "}
          ·{" "}
          {onSite ? (
            <Link className="link" href={`/rules/${t.gameType}`}>
              {catalogGame(t.gameType)?.name ?? t.gameType}
            </Link>
          ) : (
            (catalogGame(t.gameType)?.name ?? t.gameType)
          )}{" "}
          · {timeControlLabel(t.initialMs, t.incrementMs)} · {t.rated ? "rated" : "unrated"} · organized by{" "}
          <Link className="link" href={`/players/${encodeURIComponent(t.organizer.username)}`}>
            {t.organizer.username}
          </Link>
        </p>
        <TournamentActions
          tournamentId={t.id}
          status={t.status}
          joined={t.joined}
          signedIn={!!me}
          isOrganizer={isOrganizer}
          inviteOnly={t.inviteOnly}
          inviteToken={inviteToken}
          requested={requested}
          lateEntryRound={t.lateEntryRound}
        />
      </header>

      {nextGame && me && t.nextGame ? <NextGameCallout game={nextGame} meId={me.id} others={t.nextGame.others} othersOnMe={t.nextGame.othersOnMe} /> : null}

      {t.champions.length > 0 && (
        <section
          role="status"
          data-testid="champions"
          className="rounded-lg border border-amber-300 bg-amber-50 px-5 py-4 dark:border-amber-700 dark:bg-amber-950"
        >
          <h2 className="text-lg font-bold">
            {t.champions.length === 1 ? "Champion" : "Joint champions"}: {t.champions.map((c) => names[c]?.username ?? c).join(", ")}
          </h2>
          {t.championsWhy ? (
            <p className="mt-1 text-sm" data-testid="champions-why">
              {t.championsWhy}
            </p>
          ) : null}
        </section>
      )}

      <Announcements tournamentId={t.id} canPost={isOrganizer} />

      {isOrganizer && t.status === "registering" ? <OrganizerPanel tournamentId={t.id} version={t.version} inviteOnly={t.inviteOnly} /> : null}

      {/* Before it starts, what it is and who joined lead; once started, what is happening (below). */}
      {started ? null : aboutAndPlayers}

      {t.info && t.standings ? (
        <>
          {t.status === "running" ? roundsSection : null}
          <section className="space-y-3" aria-labelledby="standings-heading">
            <h2 id="standings-heading" className="scroll-mt-20 text-lg font-semibold">
              Standings
            </h2>
            <ExportLinks tournamentId={t.id} files={formatFiles(t.format).map((f) => ({ kind: f.kind, label: f.label }))} />
            {t.standings.pageCount > 1 ? (
              <p className="text-sm text-stone-600 dark:text-stone-400" data-testid="standings-window">
                {t.standings.total.toLocaleString("en")} players; the top {Math.min(10, t.standings.total)}
                {t.standings.viewerPage !== null ? ", your place" : ""} and page {t.standings.page} of {t.standings.pageCount} shown.
                {t.standings.viewerPage !== null && t.standings.viewerPage !== t.standings.page ? (
                  <>
                    {" "}
                    <Link className="link" href={href({ standings: t.standings.viewerPage }, "standings-heading")} scroll={false}>
                      Go to your page ({t.standings.viewerPage})
                    </Link>
                  </>
                ) : null}
              </p>
            ) : null}
            <StandingsTable
              info={t.info}
              names={names}
              rows={t.standings.rows}
              gapsBefore={t.standings.gapsBefore}
              nextPlayer={t.standings.nextPlayer}
              me={me?.id}
              overall
              headed
              testId={t.standings.testId}
              clinch={t.standings.clinch ?? undefined}
            />
            <Pagination
              page={t.standings.page}
              pageCount={t.standings.pageCount}
              href={(n) => href({ standings: n }, "standings-heading")}
              label="Standings pages"
              testId="standings-pages"
              scroll={false}
            />
          </section>
          {/* While it runs the current round leads (its tab opens on it); once finished, the final standings. */}
          {t.status === "running" ? null : roundsSection}
        </>
      ) : (
        <p className="card text-sm text-stone-600 dark:text-stone-400">
          The draw is made when the tournament starts{t.startsAt ? " at the scheduled time" : " (the organizer starts it)"}.
        </p>
      )}

      <ChatPanel room={{ kind: "tournament", id: t.id }} meId={me?.id ?? null} title="Tournament chat" />

      {started ? aboutAndPlayers : null}

      {t.info && t.sideBalance ? (
        <section className="space-y-3" aria-labelledby="side-balance-heading">
          <h2 id="side-balance-heading" className="scroll-mt-20 text-lg font-semibold">
            Side balance
          </h2>
          <SideBalanceView
            games={t.sideBalance.games}
            sides={t.sideBalance.sides}
            playerCount={t.sideBalance.playerCount}
            players={t.sideBalance.players}
            names={names}
            sideNames={catalogGame(t.gameType)?.sideNames ?? GAME_FAMILIES[t.info.gameType].sides}
            open={query.balance !== undefined}
            pages={
              <Pagination
                page={t.sideBalance.page}
                pageCount={t.sideBalance.pageCount}
                href={(n) => href({ balance: n }, "side-balance-heading")}
                label="Side balance pages"
                testId="side-balance-pages"
                scroll={false}
              />
            }
          />
        </section>
      ) : null}

      <section className="space-y-3" aria-labelledby="audit-heading">
        <h2 id="audit-heading" className="scroll-mt-20 text-lg font-semibold">
          Audit log
        </h2>
        <AuditEntries
          items={t.audit.items}
          context={{ names, format: t.format, games: t.audit.games, groups: t.audit.groups }}
          gameLinks={gameLinks}
          linkPlayers
        />
        {t.audit.pageCount > 1 ? (
          <p className="text-xs text-stone-500 dark:text-stone-400">
            {t.audit.total} entries, {AUDIT_PAGE_SIZE} a page, the latest last.
          </p>
        ) : null}
        <Pagination
          page={t.audit.page}
          pageCount={t.audit.pageCount}
          href={(n) => href({ audit: n }, "audit-heading")}
          label="Audit log pages"
          testId="audit-pages"
          scroll={false}
        />
      </section>
    </div>
  );
}

type GameView = Awaited<ReturnType<Awaited<ReturnType<typeof api>>["game"]["get"]>>;

/** "Your next game": opponent, your side, whether it is your move, the deadline, and how many other games wait. */
function NextGameCallout({ game, meId, others, othersOnMe }: { game: GameView; meId: string; others: number; othersOnMe: number }) {
  const mySide = game.side1.id === meId ? 1 : 2;
  const opponent = mySide === 1 ? game.side2 : game.side1;
  const catalog = catalogGame(game.gameType);
  const sideName = catalog?.sideNames[mySide - 1] ?? (mySide === 1 ? "First player" : "Second player");
  const onSite = catalog?.playedOnSite ?? true;
  const yourMove = onSite && game.position !== null && game.clock.toMove === mySide;
  return (
    <section
      role="status"
      data-testid="next-game"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-emerald-300 bg-emerald-50 px-5 py-3 dark:border-emerald-700 dark:bg-emerald-950"
    >
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
        {others > 0 ? (
          <span data-testid="next-game-others">
            {" "}
            {others === 1 ? "One other game of yours is" : `${others} other games of yours are`} in play here
            {othersOnMe > 0 ? ` (${othersOnMe === others ? (others === 1 ? "it waits" : "all wait") : `${othersOnMe} wait`} for you)` : ""}.
          </span>
        ) : null}
      </p>
      <Link className="btn-primary" href={`/games/${game.id}`}>
        {onSite ? "Go to the game" : "Report the result"}
      </Link>
    </section>
  );
}
