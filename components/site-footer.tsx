// The site footer: the pages about the site itself, the games and the formats.
import Link from "next/link";

export function SiteFooter() {
  return (
    <footer className="border-t border-stone-200 dark:border-stone-700">
      <nav aria-label="Footer" className="mx-auto flex max-w-5xl flex-wrap gap-x-6 gap-y-2 px-4 py-4 text-sm text-stone-700 dark:text-stone-300">
        <Link href="/about" className="hover:text-amber-700">
          About
        </Link>
        <Link href="/rules" className="hover:text-amber-700">
          Rules
        </Link>
        <Link href="/formats" className="hover:text-amber-700">
          Formats
        </Link>
      </nav>
    </footer>
  );
}
