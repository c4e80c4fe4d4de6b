// /about: what Moot is, in a few sentences.
import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = { title: "About" };

export default function AboutPage() {
  return (
    <div className="max-w-prose space-y-4 leading-relaxed">
      <h1 className="text-2xl font-bold">About Moot</h1>
      <p>
        Moot is a tournament website for turn-based board games. Players sign up, join tournaments and play on the site, each move checked by the server and
        each side on a Fischer clock the server keeps (three days and six hours a move by default, so games fit around people&apos;s lives). Results of games
        played elsewhere can be reported too.
      </p>
      <p>
        Organizers choose one of four{" "}
        <Link className="link underline" href="/formats">
          tournament formats
        </Link>
        ; the site pairs every round, releases the games, advances the winners and crowns the champions by itself, and writes every decision it draws at random
        into the tournament&apos;s audit log. Spectators follow boards, clocks and standings live, and any game can be stepped through move by move.
      </p>
      <p>
        New to a game? The{" "}
        <Link className="link underline" href="/rules">
          rules pages
        </Link>{" "}
        explain each one with diagrams.
      </p>
    </div>
  );
}
