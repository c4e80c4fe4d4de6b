"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Pagination } from "@/components/pagination";
import { useTRPC } from "@/lib/trpc/client";

export function DeliveryFailures({ page }: { page: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.notification.failures.queryOptions({ page }));
  const retry = useMutation(
    trpc.notification.retryDelivery.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.notification.failures.queryKey() }) }),
  );
  if (list.isPending) return <p className="text-sm text-stone-500">Loading…</p>;
  if (list.isError) return <p role="alert">Could not load the failures: {list.error.message}</p>;
  const { rows, pages, total, pending } = list.data;
  return (
    <div className="space-y-4">
      <p className="text-sm text-stone-600 dark:text-stone-400">
        {total} failed for good · {pending} waiting to be sent or retried. Deliveries are retried with growing pauses and given up after 8 attempts.
      </p>
      {rows.length === 0 ? (
        <p className="card">No delivery has failed.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead>
            <tr>
              <th className="py-1">When</th>
              <th>Channel</th>
              <th>To</th>
              <th>Attempts</th>
              <th>Last error</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} className="border-t border-stone-200 align-top dark:border-stone-700">
                <td className="py-1">{r.createdAt.toLocaleString()}</td>
                <td>{r.channel}</td>
                <td>{r.username}</td>
                <td>{r.attempts}</td>
                <td className="break-all">{r.lastError}</td>
                <td>
                  <button type="button" className="btn-secondary py-1" disabled={retry.isPending} onClick={() => retry.mutate({ id: r.id })}>
                    Retry
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pagination page={page} pageCount={pages} href={(p) => `/admin/deliveries?page=${p}`} />
    </div>
  );
}
