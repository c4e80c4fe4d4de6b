import type { Metadata } from "next";
import { api } from "@/lib/trpc/server";
import { Lobby } from "./lobby";

export const metadata: Metadata = { title: "Play" };

export default async function PlayPage() {
  const me = await (await api()).account.me();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Play</h1>
      <Lobby me={me ? { id: me.id } : null} />
    </div>
  );
}
