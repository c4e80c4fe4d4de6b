import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { api } from "@/server/trpc/page-caller";
import { GameScreen } from "./game-screen";

type Props = { params: Promise<{ id: string }> };

export const metadata: Metadata = { title: "Game" };

export default async function GamePage({ params }: Props) {
  const id = z.uuid().safeParse((await params).id);
  if (!id.success) notFound();
  const caller = await api();
  const [view, me] = await Promise.all([
    caller.game.get({ gameId: id.data }).catch((err: unknown) => {
      if (err instanceof TRPCError && err.code === "NOT_FOUND") notFound();
      throw err;
    }),
    caller.account.me(),
  ]);
  return <GameScreen initial={view} me={me ? { id: me.id, isAdmin: me.isAdmin } : null} />;
}
