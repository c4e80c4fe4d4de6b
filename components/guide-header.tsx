// The head of a rules or format page: the way back to its index, the title and
// the one-sentence summary the index also shows.
import Link from "next/link";

export function GuideHeader({ back, title, summary }: { back: { href: string; label: string }; title: string; summary: string }) {
  return (
    <header className="space-y-2">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link className="link" href={back.href}>
          {back.label}
        </Link>
      </nav>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-stone-700 dark:text-stone-300">{summary}</p>
    </header>
  );
}
