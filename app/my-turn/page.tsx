import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { api } from "@/server/trpc/page-caller";
import { ReportedMessages } from "@/components/chat/reported-messages";
import { MyTurnList } from "./my-turn-list";

export const metadata: Metadata = { title: "Your turn" };

export default async function MyTurnPage() {
  const me = await (await api()).account.me();
  if (!me) redirect("/signin?callbackUrl=%2Fmy-turn");
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Games waiting for you</h1>
      <MyTurnList />
      <ReportedMessages />
    </div>
  );
}
