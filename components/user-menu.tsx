"use client";
import Link from "next/link";
import { signOut } from "next-auth/react";
import { useEffect, useRef, useState } from "react";

/** The signed-in user's menu: profile, settings, (admins) failed deliveries, sign out. Closes on Escape or outside click. */
export function UserMenu({ username, isAdmin = false }: { username: string; isAdmin?: boolean }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    const onClick = (e: MouseEvent) => ref.current && !ref.current.contains(e.target as Node) && setOpen(false);
    document.addEventListener("keydown", onKey);
    document.addEventListener("mousedown", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("mousedown", onClick);
    };
  }, [open]);
  return (
    <div className="relative" ref={ref}>
      <button
        type="button"
        className="btn-secondary py-1.5"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        data-testid="user-menu"
      >
        {username} <span aria-hidden>▾</span>
      </button>
      {open && (
        <div
          role="menu"
          className="absolute right-0 z-20 mt-2 w-44 rounded-md border border-stone-200 bg-white py-1 shadow-lg dark:border-stone-700 dark:bg-stone-800"
        >
          <Link
            role="menuitem"
            href={`/players/${username}`}
            className="block px-4 py-2 text-sm hover:bg-stone-100 dark:hover:bg-stone-700"
            onClick={() => setOpen(false)}
          >
            Profile
          </Link>
          <Link role="menuitem" href="/settings" className="block px-4 py-2 text-sm hover:bg-stone-100 dark:hover:bg-stone-700" onClick={() => setOpen(false)}>
            Settings
          </Link>
          {isAdmin && (
            <Link
              role="menuitem"
              href="/admin/deliveries"
              className="block px-4 py-2 text-sm hover:bg-stone-100 dark:hover:bg-stone-700"
              onClick={() => setOpen(false)}
            >
              Failed deliveries
            </Link>
          )}
          <button
            role="menuitem"
            type="button"
            className="block w-full px-4 py-2 text-left text-sm hover:bg-stone-100 dark:hover:bg-stone-700"
            onClick={() => void signOut({ callbackUrl: "/" })}
          >
            Sign out
          </button>
        </div>
      )}
    </div>
  );
}
