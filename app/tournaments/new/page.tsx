import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { api } from "@/server/trpc/page-caller";
import { CreateTournamentForm } from "./create-form";

export const metadata: Metadata = { title: "Create a tournament" };

export default async function NewTournamentPage() {
  const me = await (await api()).account.me();
  if (!me) redirect("/signin?callbackUrl=%2Ftournaments%2Fnew");
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Create a tournament</h1>
      <CreateTournamentForm />
    </div>
  );
}
