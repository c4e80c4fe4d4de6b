// Text someone wrote, with its web addresses as links (lib/web-links.ts). Links to
// other sites open as the person wrote them, marked as user content (rel ugc) and
// without handing over this page (noopener).
import { webLinks } from "@/lib/web-links";

export function LinkedText({ text }: { text: string }) {
  return (
    <>
      {webLinks(text).map((part, i) =>
        part.href ? (
          <a key={i} className="link break-all" href={part.href} rel="nofollow ugc noopener noreferrer" target="_blank">
            {part.text}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
