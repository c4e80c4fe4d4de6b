// A game's update (lib/contracts.ts GameUpdate) to its room once the transaction has
// committed, players first (publishGameUpdate). It is stamped with the server's time
// when it goes out, after the commit, and the caller may answer its own request with
// the very same object once the transaction has returned: the mover's answer is the
// update the room received.
import type { Db } from "@/db/client";
import type { GameUpdate } from "@/lib/contracts";
import { publishGameUpdate } from "@/server/realtime/publish";
import { afterCommit } from "../transaction";

export function publishUpdateAfterCommit(tx: Db, update: Omit<GameUpdate, "serverNow">, players: readonly string[]): GameUpdate {
  const stamped: GameUpdate = { ...update, serverNow: 0 };
  afterCommit(tx, () => {
    stamped.serverNow = Date.now();
    publishGameUpdate(stamped, players);
  });
  return stamped;
}
