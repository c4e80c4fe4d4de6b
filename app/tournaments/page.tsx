import type { Metadata } from "next";

export const metadata: Metadata = { title: "Tournaments" };

export default function TournamentsPage() {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Tournaments</h1>
      <p className="card text-stone-600 dark:text-stone-400">No tournaments yet.</p>
    </div>
  );
}
