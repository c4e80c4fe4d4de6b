import Link from "next/link";
import { api } from "@/lib/trpc/server";

export default async function HomePage() {
  const me = await (await api()).account.me();
  return (
    <div className="space-y-10">
      <section className="space-y-4">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Board-game tournaments, run by themselves.</h1>
        <p className="max-w-2xl text-lg text-stone-700 dark:text-stone-300">
          Moot pairs every round, runs the clocks and crowns the champion. Play Copenhagen Hnefatafl on the site, report
          results of other games, and follow every board and standing live.
        </p>
        <div className="flex flex-wrap gap-3">
          <Link className="btn-primary" href="/tournaments">
            Browse tournaments
          </Link>
          {!me && (
            <Link className="btn-secondary" href="/signup">
              Create an account
            </Link>
          )}
        </div>
      </section>
      <section className="grid gap-4 sm:grid-cols-3">
        <div className="card">
          <h2 className="font-semibold">Four formats</h2>
          <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">
            Group elimination, double round-robin league, diagonal race and staged groups.
          </p>
        </div>
        <div className="card">
          <h2 className="font-semibold">Fischer clocks</h2>
          <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">
            Server-run clocks: 3 days + 6 hours per move by default, correspondence style.
          </p>
        </div>
        <div className="card">
          <h2 className="font-semibold">Live</h2>
          <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">Boards, clocks and standings update as they happen.</p>
        </div>
      </section>
    </div>
  );
}
