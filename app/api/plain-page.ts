// The small HTML pages that links in e-mails open (unsubscribe, confirm an address):
// no session needed, no script, one form that POSTs back to the same address. A GET
// changes nothing, since mail scanners fetch the links they find.
export function plainPage(title: string, body: string, status = 200): Response {
  return new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title} · Moot</title></head><body style="font-family:system-ui;max-width:32rem;margin:3rem auto;padding:0 1rem">${body}</body></html>`,
    { status, headers: { "content-type": "text/html; charset=utf-8" } },
  );
}

export const tokenOf = (req: Request) => new URL(req.url).searchParams.get("token") ?? "";
