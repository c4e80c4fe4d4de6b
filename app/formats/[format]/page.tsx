// /formats/<format>: one tournament format explained, with the rule book's example
// computed by the format engine and drawn by the tournament components.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { GuideHeader } from "@/components/guide-header";
import { formatGuide } from "../format-guides";

type Props = { params: Promise<{ format: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: formatGuide((await params).format)?.name ?? "Formats" };
}

export default async function FormatPage({ params }: Props) {
  const format = (await params).format;
  const guide = formatGuide(format);
  if (!guide) notFound();
  return (
    <article className="space-y-8" data-testid="format-page" data-format={format}>
      <GuideHeader back={{ href: "/formats", label: "Formats" }} title={guide.name} summary={guide.summary} />
      <section aria-labelledby="format-how" className="space-y-3">
        <h2 id="format-how" className="text-xl font-semibold">
          How it works
        </h2>
        <div className="max-w-prose space-y-2 leading-relaxed">{guide.body}</div>
      </section>
      <section aria-labelledby="format-example" className="space-y-3" data-testid="format-example">
        <h2 id="format-example" className="text-xl font-semibold">
          {guide.exampleHeading}
        </h2>
        <div className="max-w-prose leading-relaxed">{guide.exampleText}</div>
        {guide.example()}
      </section>
    </article>
  );
}
