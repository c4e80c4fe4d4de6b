"use client";
// Keeps a server-rendered tournament page live: when the tournament's room signals a
// change (a small versioned event), the page data is fetched again through tRPC.
// A large tournament in play changes every few seconds (a 100,000-player round has
// 300,000 games), so refreshes are spaced: the first change is shown at once, later
// ones at most every REFRESH_GAP_MS, and the last change is never dropped.
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { useRealtime } from "@/lib/realtime-client";
import { tournamentRoom } from "@/lib/contracts";

const REFRESH_GAP_MS = 3_000;

export function LiveRefresh({ tournamentId, version }: { tournamentId: string; version: number }) {
  const router = useRouter();
  const last = useRef(0);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (pending.current && clearTimeout(pending.current)), []);
  const refresh = () => {
    if (pending.current) return;
    const wait = Math.max(0, last.current + REFRESH_GAP_MS - Date.now());
    pending.current = setTimeout(() => {
      pending.current = null;
      last.current = Date.now();
      router.refresh();
    }, wait);
  };
  useRealtime(tournamentRoom(tournamentId), {
    changed: (m) => {
      if (m.version > version) refresh();
    },
    reconnected: refresh,
  });
  return <span hidden data-testid="tournament-version" data-version={version} />;
}
