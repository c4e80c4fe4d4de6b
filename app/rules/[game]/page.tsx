// /rules/<game>: the rules of one game played on the site, for newcomers, with
// diagrams drawn by the game's own board (components/games/<game>/rules.tsx).
import type { Metadata } from "next";
import { notFound, permanentRedirect } from "next/navigation";
import { GuideHeader } from "@/components/guide-header";
import { GUIDE_SECTIONS } from "@/components/games/guide";
import { guideFor } from "@/components/games/guides";
import { gameIdFromUrl } from "@/engine/game-catalog";
import { onSiteGame } from "@/engine/games/registry";
import { GameDiagram } from "../game-diagram";

type Props = { params: Promise<{ game: string }> };

function lookup(id: string) {
  const game = onSiteGame(id);
  const guide = guideFor(id);
  return game && guide ? { game, guide } : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const found = lookup((await params).game);
  return { title: found ? `${found.game.name} rules` : "Rules" };
}

export default async function GameRulesPage({ params }: Props) {
  const id = (await params).game;
  // A link made before the game's id changed.
  const current = gameIdFromUrl(id);
  if (current && current !== id) permanentRedirect(`/rules/${current}`);
  const found = lookup(id);
  if (!found) notFound();
  const { game, guide } = found;
  return (
    <article className="space-y-8" data-testid="rules-page" data-game={id}>
      <GuideHeader back={{ href: "/rules", label: "Rules" }} title={game.name} summary={guide.summary} />
      {GUIDE_SECTIONS.map(([key, heading]) => {
        const section = guide[key];
        return (
          <section key={key} aria-labelledby={`rules-${key}`} className="space-y-3">
            <h2 id={`rules-${key}`} className="text-xl font-semibold">
              {heading}
            </h2>
            <div className="max-w-prose space-y-2 leading-relaxed">{section.body}</div>
            {section.diagrams?.length ? (
              <div className="flex flex-wrap gap-6">
                {section.diagrams.map((diagram) => (
                  <GameDiagram key={diagram.caption} gameType={id} diagram={diagram} />
                ))}
              </div>
            ) : null}
          </section>
        );
      })}
    </article>
  );
}
