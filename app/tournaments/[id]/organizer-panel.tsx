"use client";
// The organizer's tools on a tournament page before the start: edit, the invite
// link (copy, renew) and the players waiting for approval; and, for everyone once
// it has started, the CSV exports.
import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { FormAlert } from "@/components/form";
import { LocalTime } from "@/components/local-time";
import { useTRPC } from "@/lib/trpc/client";

export function OrganizerPanel({ tournamentId, version, inviteOnly }: { tournamentId: string; version: number; inviteOnly: boolean }) {
  const trpc = useTRPC();
  const router = useRouter();
  const panel = useQuery(trpc.tournament.organizerPanel.queryOptions({ tournamentId }));
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [origin, setOrigin] = useState("");
  useEffect(() => setOrigin(window.location.origin), []);
  const { refetch } = panel;
  // The page's live refresh brings a new version when someone asks to join.
  useEffect(() => {
    void refetch();
  }, [version, refetch]);
  const done = {
    onSuccess: () => {
      setError(null);
      void refetch();
      router.refresh();
    },
    onError: (err: unknown) => setError(err instanceof Error ? err.message : "Something went wrong."),
  };
  const answer = useMutation(trpc.tournament.answerRequest.mutationOptions(done));
  const renew = useMutation(trpc.tournament.renewInviteLink.mutationOptions(done));
  const link = panel.data?.inviteToken ? `${origin}/tournaments/${tournamentId}?invite=${encodeURIComponent(panel.data.inviteToken)}` : null;

  return (
    <section className="card space-y-3" aria-labelledby="organizer-heading" data-testid="organizer-panel">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="organizer-heading" className="font-semibold">
          Organizer tools
        </h2>
        <Link className="btn-secondary" href={`/tournaments/${tournamentId}/edit`}>
          Edit tournament
        </Link>
      </div>
      <FormAlert message={error} />
      {inviteOnly ? (
        <div className="space-y-2">
          <label htmlFor="invite-link" className="block text-sm font-medium">
            Invite link
          </label>
          <p className="text-xs text-stone-500">Share it with the players you want; each one who follows it asks to join, and you approve them below.</p>
          <div className="flex flex-wrap gap-2">
            <input
              id="invite-link"
              className="input min-w-0 flex-1 font-mono text-xs"
              readOnly
              value={link ?? "Loading…"}
              data-testid="invite-link"
              onFocus={(e) => e.currentTarget.select()}
            />
            <button
              type="button"
              className="btn-secondary"
              disabled={!link}
              onClick={() => {
                if (!link) return;
                void navigator.clipboard?.writeText(link).then(
                  () => setCopied(true),
                  () => setCopied(false),
                );
              }}
            >
              {copied ? "Copied" : "Copy"}
            </button>
            <button
              type="button"
              className="btn-secondary"
              disabled={renew.isPending}
              onClick={() => window.confirm("Make a new link? The old one stops working.") && renew.mutate({ tournamentId })}
            >
              New link
            </button>
          </div>
          <h3 className="pt-2 text-sm font-medium">Waiting for your approval</h3>
          {panel.isPending ? (
            <p className="text-sm text-stone-500">Loading…</p>
          ) : panel.isError ? (
            <p role="alert" className="text-sm text-red-700">
              Could not load the requests: {panel.error.message}
            </p>
          ) : panel.data.requests.length === 0 ? (
            <p className="text-sm text-stone-500" data-testid="no-requests">
              Nobody is waiting.
            </p>
          ) : (
            <ul className="divide-y divide-stone-100 text-sm dark:divide-stone-700" data-testid="join-requests">
              {panel.data.requests.map((r) => (
                <li key={r.id} className="flex flex-wrap items-center gap-2 py-2" data-testid="join-request">
                  <Link className="link font-medium" href={`/players/${encodeURIComponent(r.username)}`}>
                    {r.username}
                  </Link>
                  <span className="text-xs text-stone-500">{r.rating}</span>
                  <LocalTime at={r.requestedAt} relative className="text-xs text-stone-500" />
                  <span className="ml-auto flex gap-2">
                    <button
                      type="button"
                      className="btn-primary"
                      disabled={answer.isPending}
                      onClick={() => answer.mutate({ tournamentId, userId: r.id, approve: true })}
                    >
                      Approve {r.username}
                    </button>
                    <button
                      type="button"
                      className="btn-secondary"
                      disabled={answer.isPending}
                      onClick={() => answer.mutate({ tournamentId, userId: r.id, approve: false })}
                    >
                      Decline
                    </button>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : (
        <p className="text-sm text-stone-600 dark:text-stone-400">
          Anyone may join. Make the tournament invite-only in the edit form to admit players by link and approval.
        </p>
      )}
    </section>
  );
}

/** CSV downloads: standings, every cross-table, every game; and the files the format offers (the Swiss's TRF). */
export function ExportLinks({ tournamentId, files = [] }: { tournamentId: string; files?: readonly { kind: string; label: string }[] }) {
  const base = `/tournaments/${tournamentId}/export`;
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-testid="export-links">
      <span className="text-stone-500">Download as CSV:</span>
      <a className="link" href={`${base}/standings`} download>
        standings
      </a>
      <a className="link" href={`${base}/cross-tables`} download>
        cross-tables
      </a>
      <a className="link" href={`${base}/results`} download>
        all results
      </a>
      {files.map((f) => (
        <a key={f.kind} className="link" href={`${base}/${f.kind}`} download data-testid={`export-${f.kind}`}>
          {f.label}
        </a>
      ))}
    </p>
  );
}
