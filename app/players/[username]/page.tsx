import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { TRPCError } from "@trpc/server";
import { ZUsername } from "@/lib/account-rules";
import { api } from "@/lib/trpc/server";

type Props = { params: Promise<{ username: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: decodeURIComponent((await params).username).slice(0, 24) };
}

export default async function PlayerPage({ params }: Props) {
  const parsed = ZUsername.safeParse(decodeURIComponent((await params).username));
  if (!parsed.success) notFound();
  const player = await (await api()).player.byUsername({ username: parsed.data }).catch((err: unknown) => {
    if (err instanceof TRPCError && err.code === "NOT_FOUND") notFound();
    throw err;
  });
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">{player.username}</h1>
        <p className="text-sm text-stone-600 dark:text-stone-400">
          Joined <time dateTime={player.createdAt.toISOString()}>{player.createdAt.toISOString().slice(0, 10)}</time>
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <section className="card">
          <h2 className="font-semibold">Rating</h2>
          <p className="mt-2 text-sm text-stone-600 dark:text-stone-400">No rated games yet.</p>
        </section>
        <section className="card">
          <h2 className="font-semibold">Recent games</h2>
          <p className="mt-2 text-sm text-stone-600 dark:text-stone-400">No games yet.</p>
        </section>
        <section className="card">
          <h2 className="font-semibold">Tournaments</h2>
          <p className="mt-2 text-sm text-stone-600 dark:text-stone-400">No tournaments yet.</p>
        </section>
      </div>
    </div>
  );
}
