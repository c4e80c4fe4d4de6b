// The board component of each game played on the site, by game type id: one
// line per game (the rules are in engine/games/registry.ts).
import type { ComponentType } from "react";
import type { GameBoardProps } from "@/components/game/board-props";
import { BackgammonBoard } from "./backgammon/board";
import { ChessBoard } from "./chess/board";
import { PolyominoBoard } from "./polyomino/board";
import { BrandubhBoard, TaflBoard } from "./tafl/board";

const BOARDS: Readonly<Record<string, ComponentType<GameBoardProps>>> = {
  hnefatafl: TaflBoard,
  brandubh: BrandubhBoard,
  chess: ChessBoard,
  "four-colour-onsite": PolyominoBoard,
  backgammon: BackgammonBoard,
  nackgammon: BackgammonBoard,
  hypergammon: BackgammonBoard,
};

export function boardFor(gameType: string): ComponentType<GameBoardProps> | undefined {
  return BOARDS[gameType];
}
