"use client";
// Keeps a server-rendered tournament page live: when the tournament's room signals a
// change (a small versioned event), the page data is fetched again through tRPC.
import { useRouter } from "next/navigation";
import { useRealtime } from "@/lib/realtime-client";
import { tournamentRoom } from "@/lib/contracts";

export function LiveRefresh({ tournamentId, version }: { tournamentId: string; version: number }) {
  const router = useRouter();
  useRealtime(tournamentRoom(tournamentId), {
    changed: (m) => {
      if (m.version > version) router.refresh();
    },
    reconnected: () => router.refresh(),
  });
  return <span hidden data-testid="tournament-version" data-version={version} />;
}
