"use client";
// The buttons a visitor may use on a tournament page: join / leave before the start
// (join also while it runs when it takes late entries), withdraw while it runs; the organizer's start, cancel and withdraw/disqualify.
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { FormAlert } from "@/components/form";
import { useTRPC } from "@/lib/trpc/client";

interface Props {
  tournamentId: string;
  status: "registering" | "running" | "finished" | "cancelled";
  joined: boolean;
  signedIn: boolean;
  isOrganizer: boolean;
  /** Invite-only: joining goes through the link and the organizer's approval. */
  inviteOnly?: boolean;
  /** The secret from the invite link the visitor followed. */
  inviteToken?: string | null;
  /** The visitor already asked to join and waits. */
  requested?: boolean;
  /** Running and taking late entries: the round a player joining now plays first. */
  lateEntryRound?: number | null;
}

export function TournamentActions({
  tournamentId,
  status,
  joined,
  signedIn,
  isOrganizer,
  inviteOnly = false,
  inviteToken = null,
  requested = false,
  lateEntryRound = null,
}: Props) {
  const trpc = useTRPC();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const options = {
    onSuccess: () => {
      setError(null);
      router.refresh();
    },
    onError: (err: unknown) => setError(err instanceof Error ? err.message : "Something went wrong."),
  };
  const join = useMutation(trpc.tournament.join.mutationOptions(options));
  const leave = useMutation(trpc.tournament.leave.mutationOptions(options));
  const start = useMutation(trpc.tournament.start.mutationOptions(options));
  const cancel = useMutation(trpc.tournament.cancel.mutationOptions(options));
  const ask = useMutation(trpc.tournament.requestToJoin.mutationOptions(options));
  const pending = join.isPending || leave.isPending || start.isPending || cancel.isPending || ask.isPending;
  const id = { tournamentId };
  // Entries are taken before the start, and while it runs when it takes late entries.
  const late = status === "running" && lateEntryRound !== null;
  const open = status === "registering" || late;

  return (
    <div className="space-y-2">
      <FormAlert message={error} />
      {late && !joined && (
        <p className="text-sm" data-testid="late-entry">
          Late entries are open: a player who joins now plays from round {lateEntryRound} on; the rounds missed score no points.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {open && signedIn && !joined && !inviteOnly && (
          <button type="button" className="btn-primary" disabled={pending} onClick={() => join.mutate(id)}>
            Join
          </button>
        )}
        {open && signedIn && !joined && inviteOnly && requested && (
          <p role="status" className="text-sm" data-testid="request-waiting">
            You asked to join: the organizer will approve or decline.
          </p>
        )}
        {open && signedIn && !joined && inviteOnly && !requested && inviteToken && (
          <button type="button" className="btn-primary" disabled={pending} onClick={() => ask.mutate({ tournamentId, token: inviteToken })}>
            Ask to join
          </button>
        )}
        {open && !joined && inviteOnly && !requested && !inviteToken && !isOrganizer && (
          <p className="text-sm text-stone-600 dark:text-stone-400">By invitation only: ask the organizer for the invite link.</p>
        )}
        {status === "registering" && joined && (
          <button type="button" className="btn-secondary" disabled={pending} onClick={() => leave.mutate(id)}>
            Leave
          </button>
        )}
        {open && !signedIn && (
          <a
            className="link text-sm"
            href={`/signin?callbackUrl=${encodeURIComponent(`/tournaments/${tournamentId}${inviteToken ? `?invite=${encodeURIComponent(inviteToken)}` : ""}`)}`}
          >
            Sign in to join
          </a>
        )}
        {isOrganizer && status === "registering" && (
          <button type="button" className="btn-primary" disabled={pending} onClick={() => start.mutate(id)}>
            {start.isPending ? "Starting…" : "Start now"}
          </button>
        )}
        {isOrganizer && (status === "registering" || status === "running") && (
          <button
            type="button"
            className="btn-danger"
            disabled={pending}
            onClick={() => window.confirm("Cancel this tournament? Unfinished games are voided.") && cancel.mutate(id)}
          >
            Cancel tournament
          </button>
        )}
      </div>
    </div>
  );
}

/** Withdraw (a player themself, or the organizer for anyone) or disqualify (organizer). */
export function WithdrawButton({
  tournamentId,
  playerId,
  label,
  disqualify = false,
}: {
  tournamentId: string;
  playerId: string;
  label: string;
  disqualify?: boolean;
}) {
  const trpc = useTRPC();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const withdraw = useMutation(
    trpc.tournament.withdraw.mutationOptions({
      onSuccess: () => router.refresh(),
      onError: (err) => setError(err.message),
    }),
  );
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        className="text-xs text-red-700 underline-offset-2 hover:underline dark:text-red-400"
        disabled={withdraw.isPending}
        onClick={() => window.confirm(`${label}?`) && withdraw.mutate({ tournamentId, playerId, disqualify })}
      >
        {label}
      </button>
      {error && (
        <span role="alert" className="text-xs text-red-700">
          {error}
        </span>
      )}
    </span>
  );
}

/** The organizer takes a registered player off the list before the start. */
export function RemoveRegistrantButton({ tournamentId, userId, username }: { tournamentId: string; userId: string; username: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const remove = useMutation(
    trpc.tournament.removeRegistrant.mutationOptions({
      onSuccess: () => router.refresh(),
      onError: (err) => setError(err.message),
    }),
  );
  return (
    <span className="ml-auto inline-flex items-center gap-2">
      <button
        type="button"
        className="text-xs text-red-700 underline-offset-2 hover:underline dark:text-red-400"
        disabled={remove.isPending}
        onClick={() => window.confirm(`Remove ${username} from the registrations?`) && remove.mutate({ tournamentId, userId })}
      >
        Remove {username}
      </button>
      {error && (
        <span role="alert" className="text-xs text-red-700">
          {error}
        </span>
      )}
    </span>
  );
}
