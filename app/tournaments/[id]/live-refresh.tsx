"use client";
// Keeps a server-rendered tournament page live: when the tournament's room signals a
// change (a small versioned event), the page data is fetched again through tRPC.
import { useRouter } from "next/navigation";
import { useRealtime } from "@/lib/realtime-client";

export function LiveRefresh({ tournamentId, version }: { tournamentId: string; version: number }) {
  const router = useRouter();
  useRealtime(`tournament:${tournamentId}`, {
    changed: (m) => {
      if (m.version > version) router.refresh();
    },
    reconnected: () => router.refresh(),
  });
  return <span hidden data-testid="tournament-version" data-version={version} />;
}
