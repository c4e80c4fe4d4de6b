"use client";
// Keeps a server-rendered tournament page live: when the tournament's room signals a
// change (a small versioned event), the page is rendered again (router.refresh).
// A large tournament in play changes every few seconds (a 100,000-player round has
// 300,000 games), so refreshes are spaced: the first change is shown at once, later
// ones at most every REFRESH_GAP_MS, and the last change is never dropped.
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { useRealtime } from "@/lib/realtime-client";
import { tournamentRoom } from "@/lib/contracts";
import { useTRPCClient } from "@/lib/trpc/client";

const REFRESH_GAP_MS = 3_000;

export function LiveRefresh({ tournamentId, version }: { tournamentId: string; version: number }) {
  const router = useRouter();
  const client = useTRPCClient();
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
  // Once the room is watched (after every page render and link click) and after a
  // reconnect, a change may have been missed: the small summary says whether the
  // version moved, so the page (a whole server render) is fetched again only then.
  const catchUp = () => {
    client.tournament.summary
      .query({ tournamentId })
      .then((s) => {
        if (s.version > version) refresh();
      })
      .catch(refresh);
  };
  useRealtime(tournamentRoom(tournamentId), {
    changed: (m) => {
      if (m.version > version) refresh();
    },
    reconnected: catchUp,
  });
  return <span hidden data-testid="tournament-version" data-version={version} />;
}
