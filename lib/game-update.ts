// Game updates (the `gameUpdate` realtime event, lib/contracts.ts) on both ends: the
// server makes one from a change, a client applies it to the view it holds. The board
// is not sent (a position's text grows with the game): the client plays the move, or
// ends the game, with the same rules the server used, so both hold the same position.
// A client that cannot apply an update (it missed one, or holds none yet) fetches the
// whole GameView instead; GameFollower does that bookkeeping for a page.
import { onSiteGame } from "@/engine/games/registry";
import type { BoardChange, GameFields, GameUpdate, GameView } from "./contracts";

/** The update that turns the previous view into `view`: every field but the move list and the position. */
export function updateFromView(view: GameView, board: BoardChange | null): GameUpdate {
  const { id, moves: _moves, position: _position, version, serverNow, ...set } = view;
  const fields: GameFields = set;
  return { gameId: id, version, serverNow, board, set: fields };
}

/**
 * `view` with `update` applied, or null when the update does not follow on from it
 * (another version, another game, a move that is not the next one or that the rules
 * refuse): the caller then fetches the whole view.
 */
export function applyUpdate(view: GameView, update: GameUpdate): GameView | null {
  if (update.gameId !== view.id || update.version !== view.version + 1) return null;
  let { position, moves } = view;
  if (update.board) {
    const rules = onSiteGame(view.gameType);
    if (!rules || position === null) return null;
    if (update.board.kind === "move") {
      // In a dice game the server's rolls follow the move in the same change.
      for (const entry of [update.board.move, ...(update.board.then ?? [])]) {
        if (entry.ply !== moves.length + 1) return null;
        const played = rules.step(position, entry.notation);
        if (!played.ok) return null;
        position = played.position;
        moves = [...moves, entry];
      }
    } else {
      position = rules.end(position, update.board.winner, update.board.reason);
    }
  }
  return { ...view, ...update.set, id: view.id, version: update.version, serverNow: update.serverNow, position, moves };
}

/**
 * Keeps one game's view current from updates and whole views, in any order: an update
 * is applied only on top of the version before it; updates that arrive early wait for
 * the ones before them; a gap (an update missed) fetches the whole view, once at a time,
 * and again if updates still wait afterwards. Views never go back to an older version.
 */
export class GameFollower {
  private waiting = new Map<number, GameUpdate>();
  private fetching = false;
  private fetchAgain = false;

  constructor(
    private current: GameView,
    private readonly fetchView: () => Promise<GameView>,
    private readonly show: (view: GameView) => void,
  ) {}

  get view(): GameView {
    return this.current;
  }

  /** An update from the game's room. */
  update(update: GameUpdate): void {
    if (update.gameId !== this.current.id || update.version <= this.current.version) return;
    this.waiting.set(update.version, update);
    this.catchUp();
  }

  /** A whole view (a page's fetch, a mutation's answer). */
  whole(view: GameView): void {
    if (view.id === this.current.id && view.version >= this.current.version) this.current = view;
    this.catchUp(true);
  }

  /** Fetches the whole view (after a reconnect, or when updates were missed). */
  refetch(): void {
    if (this.fetching) {
      this.fetchAgain = true;
      return;
    }
    this.fetching = true;
    this.fetchView().then(
      (view) => {
        this.fetching = false;
        const again = this.fetchAgain;
        this.fetchAgain = false;
        this.whole(view);
        if (again && !this.fetching) this.refetch();
      },
      () => {
        // The next update or reconnect tries again.
        this.fetching = false;
        this.fetchAgain = false;
      },
    );
  }

  private catchUp(changed = false): void {
    let stuck = false;
    for (;;) {
      for (const v of this.waiting.keys()) if (v <= this.current.version) this.waiting.delete(v);
      const next = this.waiting.get(this.current.version + 1);
      if (!next) break;
      const applied = applyUpdate(this.current, next);
      if (!applied) {
        // It follows on by version but not by content (the rules refused the move?):
        // only the whole view can set this right.
        stuck = true;
        break;
      }
      this.current = applied;
      changed = true;
    }
    if (changed) this.show(this.current);
    // Updates still waiting mean one before them was missed.
    if (stuck || this.waiting.size > 0) this.refetch();
  }
}
