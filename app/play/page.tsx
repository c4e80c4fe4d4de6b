import type { Metadata } from "next";
import { api } from "@/server/trpc/page-caller";
import { Lobby } from "./lobby";

export const metadata: Metadata = { title: "Play" };

export default async function PlayPage() {
  const caller = await api();
  const [me, challenges, live] = await Promise.all([caller.account.me(), caller.challenge.list(), caller.game.live({ page: 1 })]);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Play</h1>
      <Lobby me={me ? { id: me.id } : null} initialChallenges={challenges} initialLive={live} />
    </div>
  );
}
