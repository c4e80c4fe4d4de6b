"use client";
// Takes a player whose challenge was just accepted to the new game, as the accepter is
// taken there by the answer to their click: both sit down at the board together. Not
// while the player is at another game's board (the inbox has the news then), except the
// finished game a rematch repeats: that page is where the rematch was offered.
import { usePathname, useRouter } from "next/navigation";
import { useRealtime } from "@/lib/realtime-client";

export function GameStartFollower() {
  const router = useRouter();
  const pathname = usePathname();
  useRealtime(null, {
    gameStarted: ({ gameId, after }) => {
      if (!pathname.startsWith("/games/") || (after !== undefined && pathname === `/games/${after}`)) router.push(`/games/${gameId}`);
    },
  });
  return null;
}
