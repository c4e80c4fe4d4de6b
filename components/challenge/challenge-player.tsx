"use client";
// "Challenge this player", on their profile: the lobby's form, addressed to them. The
// challenge waits in both players' lobbies (and the addressee's inbox) until answered;
// once accepted, both are taken to the board.
import Link from "next/link";
import { useEffect, useState } from "react";
import { FormAlert } from "@/components/form";
import { ChallengeForm } from "./challenge-form";

export function ChallengePlayer({ username }: { username: string }) {
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  // Folded, so the profile still leads with the ratings; open when a link asks for it
  // ("Challenge … to another game" on a finished game's page).
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (window.location.hash === "#challenge") setOpen(true);
  }, []);
  return (
    <details id="challenge" className="space-y-3" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="btn-primary inline-block cursor-pointer">Challenge {username}</summary>
      <FormAlert message={error} />
      {sent ? (
        <p role="status" className="card text-sm">
          Challenge sent. {username} sees it in the lobby and their inbox; it waits in{" "}
          <Link className="link" href="/play">
            your lobby
          </Link>{" "}
          until they answer, and you are both taken to the board when they accept.
        </p>
      ) : (
        <ChallengeForm
          opponent={username}
          label={`Challenge ${username}`}
          onOpened={() => {
            setError(null);
            setSent(true);
          }}
          onError={(err) => setError(err instanceof Error ? err.message : "Something went wrong.")}
        />
      )}
    </details>
  );
}
