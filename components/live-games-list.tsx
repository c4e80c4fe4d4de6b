// Games being played on the site, each a link to watch it.
import Link from "next/link";

export interface LiveGameSummary {
  id: string;
  ply: number;
  side1: { username: string };
  side2: { username: string };
}

export function LiveGamesList({ games }: { games: readonly LiveGameSummary[] }) {
  if (games.length === 0) return <p className="text-sm text-stone-600 dark:text-stone-400">No games are being played right now.</p>;
  return (
    <ul className="space-y-2">
      {games.map((g) => (
        <li key={g.id}>
          <Link href={`/games/${g.id}`} className="card block py-3 text-sm hover:border-amber-500">
            {g.side1.username} vs {g.side2.username} · move {g.ply + 1}
          </Link>
        </li>
      ))}
    </ul>
  );
}
