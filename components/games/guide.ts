// The shape of a game's rules page (app/rules/[game]): what a newcomer needs, in
// the same order for every game, with diagrams given as move lists that the
// game's own engine replays and the game's own board draws. Each game writes its
// guide beside its board (components/games/<game>/rules.tsx); the guides are
// listed by game id in components/games/guides.ts.
import type { ReactNode } from "react";

export interface GuideDiagram {
  /** What the diagram shows, under it. */
  readonly caption: string;
  /** Moves from the start position, in the notation the site records; the last one is marked. */
  readonly moves: readonly string[];
}

export interface GuideSection {
  readonly body: ReactNode;
  readonly diagrams?: readonly GuideDiagram[];
}

export interface GameGuide {
  /** One sentence for the rules index. */
  readonly summary: string;
  readonly goal: GuideSection;
  readonly setup: GuideSection;
  readonly movement: GuideSection;
  readonly capture: GuideSection;
  readonly end: GuideSection;
  readonly notation: GuideSection;
}

/** The sections in page order, with their headings. */
export const GUIDE_SECTIONS = [
  ["goal", "Goal"],
  ["setup", "Set-up"],
  ["movement", "How pieces move"],
  ["capture", "Capture"],
  ["end", "How the game ends"],
  ["notation", "Notation on this site"],
] as const satisfies readonly (readonly [Exclude<keyof GameGuide, "summary">, string])[];
