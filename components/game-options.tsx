// The games as <option>s of a <select>, one per game in the catalogue (the challenge
// form and the tournament list's filter; the create form adds its own remark per game).
import { GAME_CATALOG } from "@/engine/game-catalog";

export function GameOptions() {
  return GAME_CATALOG.map((g) => (
    <option key={g.id} value={g.id}>
      {g.name}
    </option>
  ));
}
