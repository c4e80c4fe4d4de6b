"use client";
// What a change to the user's inbox makes stale: the header's bell and "Your turn"
// count, and the lists of /inbox and /my-turn. One function for all four, so that a
// ping refetches those on screen and marks the others stale: a list visited, left and
// visited again would otherwise be shown from the query cache (staleTime, 10 s)
// without what arrived meanwhile.
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTRPC } from "@/lib/trpc/client";

export function useInboxRefresh(): () => void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(() => {
    for (const queryKey of [
      trpc.notification.summary.queryKey(),
      trpc.notification.waitingCount.queryKey(),
      trpc.notification.waiting.queryKey(),
      trpc.notification.list.queryKey(),
    ]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  }, [trpc, queryClient]);
}
