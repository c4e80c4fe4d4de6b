import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { pageParam } from "@/lib/search-params";
import { api } from "@/server/trpc/page-caller";
import { InboxList } from "./inbox-list";

export const metadata: Metadata = { title: "Inbox" };

export default async function InboxPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const me = await (await api()).account.me();
  if (!me) redirect("/signin?callbackUrl=%2Finbox");
  const page = pageParam((await searchParams).page, 10_000);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Inbox</h1>
      <InboxList page={page} />
    </div>
  );
}
