// The site header: main navigation and the sign-in link or user menu.
import Link from "next/link";
import { api } from "@/server/trpc/page-caller";
import { GameStartFollower } from "./game-start-follower";
import { InboxBell } from "./inbox-bell";
import { TOAST_SLOT_ID } from "./toast-slot";
import { YourTurnLink } from "./your-turn-link";
import { ThemeToggle } from "./theme-toggle";
import { UserMenu } from "./user-menu";

export async function SiteHeader() {
  const me = await (await api()).account.me();
  return (
    <header className="border-b border-stone-200 bg-white dark:border-stone-700 dark:bg-stone-800">
      <nav aria-label="Main" className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
        <Link href="/" className="text-lg font-bold tracking-tight text-amber-800 dark:text-amber-400">
          Moot
        </Link>
        <Link href="/tournaments" className="text-sm font-medium hover:text-amber-700">
          Tournaments
        </Link>
        <Link href="/play" className="text-sm font-medium hover:text-amber-700">
          Play
        </Link>
        <Link href="/players" className="text-sm font-medium hover:text-amber-700">
          Players
        </Link>
        {me && <YourTurnLink />}
        <div className="ml-auto flex items-center gap-3">
          <ThemeToggle />
          {me ? (
            <>
              <InboxBell />
              <GameStartFollower />
              <UserMenu username={me.username} isAdmin={me.isAdmin} />
            </>
          ) : (
            <>
              <Link href="/signin" className="text-sm font-medium hover:text-amber-700">
                Sign in
              </Link>
              <Link href="/signup" className="btn-primary py-1.5">
                Sign up
              </Link>
            </>
          )}
        </div>
      </nav>
      {/* The toast's own line: in the flow, so a toast pushes the page down and covers nothing. */}
      <div id={TOAST_SLOT_ID} aria-live="polite" className="mx-auto max-w-5xl px-4" />
    </header>
  );
}
