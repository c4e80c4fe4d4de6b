import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { pageParam } from "@/lib/search-params";
import { api } from "@/server/trpc/page-caller";
import { DeliveryFailures } from "./delivery-failures";

export const metadata: Metadata = { title: "Failed deliveries" };

/** Site admins: notifications the outbox gave up sending (e-mail, push), with the error. */
export default async function DeliveriesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const me = await (await api()).account.me();
  if (!me) redirect("/signin?callbackUrl=%2Fadmin%2Fdeliveries");
  if (!me.isAdmin) notFound();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Failed deliveries</h1>
      <DeliveryFailures page={pageParam((await searchParams).page, 10_000)} />
    </div>
  );
}
