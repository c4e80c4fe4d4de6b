// /formats/<format>: one tournament format explained, with the rule book's example
// computed by the format engine and drawn by the format's own components (its
// guide in components/formats/<format>/views.tsx).
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { FORMAT_VIEWS } from "@/components/formats/views";
import { GuideHeader } from "@/components/guide-header";
import { getFormat, isFormatName } from "@/engine/formats";

type Props = { params: Promise<{ format: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const format = (await params).format;
  return { title: isFormatName(format) ? getFormat(format).label : "Formats" };
}

export default async function FormatPage({ params }: Props) {
  const format = (await params).format;
  if (!isFormatName(format)) notFound();
  const guide = FORMAT_VIEWS[format].guide;
  return (
    <article className="space-y-8" data-testid="format-page" data-format={format}>
      <GuideHeader back={{ href: "/formats", label: "Formats" }} title={getFormat(format).label} summary={guide.summary} />
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
