// /rules: every game played on the site, each linked to its rules page, and the
// tournament formats.
import type { Metadata } from "next";
import Link from "next/link";
import { guideFor } from "@/components/games/guides";
import { ON_SITE_GAMES } from "@/engine/games/registry";

export const metadata: Metadata = { title: "Rules" };

export default function RulesPage() {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Rules of the games</h1>
      <p className="max-w-prose text-stone-700 dark:text-stone-300">
        The games played on Moot, explained for newcomers: the goal, the set-up, how pieces move and capture, how a game ends and how moves are written here.
        The server enforces these rules on every move.
      </p>
      <ul className="space-y-3" data-testid="rules-list">
        {ON_SITE_GAMES.map((game) => {
          const guide = guideFor(game.id);
          return guide ? (
            <li key={game.id}>
              <Link className="link font-semibold" href={`/rules/${game.id}`}>
                {game.name}
              </Link>
              <p className="text-sm text-stone-600 dark:text-stone-400">{guide.summary}</p>
            </li>
          ) : null;
        })}
      </ul>
      <p>
        <Link className="link" href="/formats">
          Tournament formats
        </Link>
      </p>
    </div>
  );
}
