// The board component of each game played on the site, by game type id: one
// line per game (the rules are in engine/games/registry.ts).
import type { ComponentType } from "react";
import type { GameBoardProps } from "@/components/game/board-props";
import { ChessBoard } from "./chess/board";
import { BrandubhBoard, TaflBoard } from "./tafl/board";

const BOARDS: Readonly<Record<string, ComponentType<GameBoardProps>>> = {
  hnefatafl: TaflBoard,
  brandubh: BrandubhBoard,
  "chess-onsite": ChessBoard,
};

export function boardFor(gameType: string): ComponentType<GameBoardProps> | undefined {
  return BOARDS[gameType];
}
