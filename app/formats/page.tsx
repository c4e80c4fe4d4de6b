// /formats: the tournament formats (the engine's registry), each linked to its page.
import type { Metadata } from "next";
import Link from "next/link";
import { FORMAT_VIEWS } from "@/components/formats/views";
import { FORMAT_NAMES, getFormat } from "@/engine/formats";

export const metadata: Metadata = { title: "Tournament formats" };

export default function FormatsPage() {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Tournament formats</h1>
      <p className="max-w-prose text-stone-700 dark:text-stone-300">
        An organizer picks one of these formats; the site then pairs every round, releases the games and crowns the champion by itself. Each page explains a
        format with its rule book&apos;s example.
      </p>
      <ul className="space-y-3" data-testid="format-list">
        {FORMAT_NAMES.map((id) => (
          <li key={id}>
            <Link className="link font-semibold" href={`/formats/${id}`}>
              {getFormat(id).label}
            </Link>
            <p className="text-sm text-stone-600 dark:text-stone-400">{FORMAT_VIEWS[id].guide.summary}</p>
          </li>
        ))}
      </ul>
      <p>
        <Link className="link" href="/rules">
          The rules of the games
        </Link>
      </p>
    </div>
  );
}
