import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { isFormatName } from "@/engine/formats";
import { api } from "@/server/trpc/page-caller";
import { CreateTournamentForm } from "../../new/create-form";

export const metadata: Metadata = { title: "Edit tournament" };

type Props = { params: Promise<{ id: string }> };

/** The organizer edits a tournament before it starts, with the same form and preview as creation. */
export default async function EditTournamentPage({ params }: Props) {
  const id = z.uuid().safeParse((await params).id);
  if (!id.success) notFound();
  const caller = await api();
  const me = await caller.account.me();
  if (!me) redirect(`/signin?callbackUrl=${encodeURIComponent(`/tournaments/${id.data}/edit`)}`);
  const t = await caller.tournament.summary({ tournamentId: id.data }).catch((err: unknown) => {
    if (err instanceof TRPCError && err.code === "NOT_FOUND") notFound();
    throw err;
  });
  const back = (
    <Link className="link" href={`/tournaments/${t.id}`}>
      Back to the tournament
    </Link>
  );
  if (me.id !== t.organizer.id && !me.isAdmin) {
    return (
      <p className="card" role="alert">
        Only the tournament&rsquo;s organizer (or a site admin) may edit it. {back}
      </p>
    );
  }
  if (t.status !== "registering" || !isFormatName(t.format)) {
    return (
      <p className="card" role="alert">
        This tournament has started or ended, so it can no longer be edited. {back}
      </p>
    );
  }
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold">Edit {t.name}</h1>
        <p className="text-sm text-stone-600 dark:text-stone-400">
          Anything may change until the start; {t.playerCount} player{t.playerCount === 1 ? " has" : "s have"} joined, so the most players cannot go below that.{" "}
          {back}
        </p>
      </div>
      <CreateTournamentForm
        initial={{
          tournamentId: t.id,
          name: t.name,
          description: t.description,
          format: t.format,
          settings: t.settings,
          gameType: t.gameType,
          gameSettings: t.gameSettings,
          initialMs: t.initialMs,
          incrementMs: t.incrementMs,
          rated: t.rated,
          minPlayers: t.minPlayers,
          maxPlayers: t.maxPlayers,
          minRating: t.minRating,
          maxRating: t.maxRating,
          registrationClosesAt: t.registrationClosesAt,
          startsAt: t.startsAt,
          inviteOnly: t.inviteOnly,
          players: t.playerCount,
        }}
      />
    </div>
  );
}
