"use client";
// A chat room on a game or tournament page: its history (a page at a time, "Older
// messages" going back), live messages and hides over the room the page already
// watches, and a one-line form for those who may write (the server says who may,
// and why not). Each message of someone else can be reported or its author blocked;
// the room's organizer (or an admin) may hide it. Times are in the viewer's zone.
import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { absoluteTime } from "@/components/local-time";
import { chatSocketRoom, MAX_CHAT_LENGTH, mergeMessages as merge, refreshedMessages as refreshed, type ChatMessage, type ChatRoom } from "@/lib/chat";
import { useRealtime } from "@/lib/realtime-client";
import { useTRPC, useTRPCClient } from "@/lib/trpc/client";

const errorText = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);

export function ChatPanel({ room, meId, title = "Chat" }: { room: ChatRoom; meId: string | null; title?: string }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const history = useQuery(trpc.chat.history.queryOptions({ room }));
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [hasOlder, setHasOlder] = useState(false);
  const [blocked, setBlocked] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [text, setText] = useState("");
  const log = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const loaded = useRef(false);

  // The newest page (first load, and again after a reconnect) merges into what is shown.
  useEffect(() => {
    if (!history.data) return;
    const { messages: page, hasOlder: more, blocked: ids } = history.data;
    // "Older messages" follows the first page only; a refetch leaves the older pages loaded as they are.
    if (!loaded.current) setHasOlder(more);
    loaded.current = true;
    setMessages((shown) => refreshed(shown, page));
    setBlocked(new Set(ids));
  }, [history.data]);

  const { refetch } = history;
  useRealtime(chatSocketRoom(room), {
    chatMessage: (m) => {
      if (m.room !== chatSocketRoom(room)) return;
      setMessages((shown) => merge(shown, [m]));
    },
    chatHidden: ({ room: where, messageId }) => {
      if (where !== chatSocketRoom(room)) return;
      setMessages((shown) => shown.filter((m) => m.id !== messageId));
    },
    reconnected: () => void refetch(),
  });

  // New messages scroll the log down, unless the reader scrolled up to read older ones.
  useLayoutEffect(() => {
    const element = log.current;
    if (element && stickToBottom.current) element.scrollTop = element.scrollHeight;
  }, [messages]);
  const onScroll = useCallback(() => {
    const element = log.current;
    if (element) stickToBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 24;
  }, []);

  async function older() {
    const oldest = messages[0];
    if (!oldest) return;
    setLoadingOlder(true);
    try {
      const page = await client.chat.history.query({ room, before: oldest.id });
      stickToBottom.current = false;
      setMessages((shown) => merge(shown, page.messages));
      setHasOlder(page.hasOlder);
    } catch (err) {
      setError(errorText(err, "Could not load older messages."));
    } finally {
      setLoadingOlder(false);
    }
  }

  const post = useMutation(trpc.chat.post.mutationOptions());
  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setNotice(null);
    if (!text.trim()) return setError("Write a message first.");
    setError(null);
    try {
      const message = await post.mutateAsync({ room, text });
      stickToBottom.current = true;
      setMessages((shown) => merge(shown, [message]));
      setText("");
    } catch (err) {
      setError(errorText(err, "Could not send the message."));
    }
  }

  const act = async (what: () => Promise<unknown>, done: string | null, fallback: string) => {
    setError(null);
    setNotice(null);
    try {
      await what();
      setNotice(done);
    } catch (err) {
      setError(errorText(err, fallback));
    }
  };
  const report = (m: ChatMessage) => {
    const reason = window.prompt(`Report ${m.author}'s message to the organizer and the site's admins. Why? (optional)`);
    if (reason === null) return;
    void act(
      () => client.chat.report.mutate({ messageId: m.id, reason: reason.trim() }),
      "Reported. The organizer and the site's admins will see it.",
      "Could not report the message.",
    );
  };
  const block = (m: ChatMessage) => {
    if (!window.confirm(`Block ${m.author}? You will no longer see their chat messages anywhere. You can unblock them in Settings.`)) return;
    void act(
      async () => {
        await client.chat.block.mutate({ userId: m.authorId });
        setBlocked((ids) => new Set([...ids, m.authorId]));
      },
      `${m.author} is blocked. Unblock them in Settings.`,
      "Could not block the player.",
    );
  };
  const hide = (m: ChatMessage) =>
    void act(
      async () => {
        await client.chat.hide.mutate({ messageId: m.id });
        setMessages((shown) => shown.filter((x) => x.id !== m.id));
      },
      "The message is hidden for everyone.",
      "Could not hide the message.",
    );

  const shown = useMemo(() => messages.filter((m) => !blocked.has(m.authorId)), [messages, blocked]);
  const data = history.data;
  const headingId = `chat-heading-${room.kind}`;
  const inputId = `chat-input-${room.kind}`;

  return (
    <section className="card space-y-2" aria-labelledby={headingId} data-testid="chat">
      <h2 id={headingId} className="font-semibold">
        {title}
      </h2>
      {history.isPending ? (
        <p className="text-sm text-stone-600 dark:text-stone-400">Loading the chat…</p>
      ) : history.isError ? (
        <p role="alert" className="text-sm">
          Could not load the chat.{" "}
          <button type="button" className="link" onClick={() => void refetch()}>
            Try again
          </button>
        </p>
      ) : (
        <>
          {hasOlder && (
            <button type="button" className="btn-secondary text-sm" disabled={loadingOlder} onClick={() => void older()}>
              {loadingOlder ? "Loading…" : "Older messages"}
            </button>
          )}
          {shown.length === 0 ? (
            // (Not while the first page is still on its way into the list: no flash of "No messages yet.")
            messages.length === 0 && (data?.messages.length ?? 0) > 0 ? null : (
              <p className="text-sm text-stone-600 dark:text-stone-400">No messages yet.</p>
            )
          ) : (
            <div
              ref={log}
              onScroll={onScroll}
              role="log"
              aria-label={`${title} messages`}
              // Scrollable, so it must be reachable by keyboard to scroll it.
              tabIndex={0}
              className="max-h-64 overflow-y-auto pr-1 text-sm"
            >
              <ol className="space-y-1">
                {shown.map((m) => (
                  <li key={m.id} data-testid="chat-message" className="group break-words">
                    <Time at={m.createdAt} />{" "}
                    <Link className="font-semibold hover:underline" href={`/players/${encodeURIComponent(m.author)}`}>
                      {m.author}
                    </Link>
                    : <span>{m.text}</span>
                    {meId && m.authorId !== meId && (
                      <details className="ml-1 inline-block align-baseline">
                        <summary className="cursor-pointer list-none px-1 text-stone-600 dark:text-stone-400" aria-label={`Actions on ${m.author}'s message`}>
                          {/* Drawn, not a glyph: fonts without it showed an empty box. */}
                          <svg viewBox="0 0 16 4" width="16" height="4" aria-hidden="true" className="inline fill-current align-middle">
                            <circle cx="2" cy="2" r="1.5" />
                            <circle cx="8" cy="2" r="1.5" />
                            <circle cx="14" cy="2" r="1.5" />
                          </svg>
                        </summary>
                        <span className="ml-1 inline-flex gap-2">
                          <button type="button" className="link text-xs" onClick={() => report(m)}>
                            Report
                          </button>
                          <button type="button" className="link text-xs" onClick={() => block(m)}>
                            Block {m.author}
                          </button>
                          {data?.canModerate && (
                            <button type="button" className="link text-xs" onClick={() => hide(m)}>
                              Hide
                            </button>
                          )}
                        </span>
                      </details>
                    )}
                    {meId && m.authorId === meId && data?.canModerate && (
                      <button type="button" className="link ml-2 text-xs" onClick={() => hide(m)}>
                        Hide
                      </button>
                    )}
                  </li>
                ))}
              </ol>
            </div>
          )}
        </>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400" data-testid="chat-error">
          {error}
        </p>
      )}
      {notice && (
        <p role="status" className="text-sm text-green-800 dark:text-green-300">
          {notice}
        </p>
      )}
      {data && data.cannotWrite === null ? (
        <form onSubmit={onSubmit} className="flex gap-2" noValidate>
          <label htmlFor={inputId} className="sr-only">
            Message
          </label>
          <input
            id={inputId}
            className="input min-w-0 flex-1"
            value={text}
            maxLength={MAX_CHAT_LENGTH}
            autoComplete="off"
            placeholder="Say something nice"
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit" className="btn-primary" disabled={post.isPending}>
            Send
          </button>
        </form>
      ) : data ? (
        <p className="text-xs text-stone-600 dark:text-stone-400">
          {meId === null ? (
            <>
              <Link className="link" href="/signin">
                Sign in
              </Link>{" "}
              to chat.
            </>
          ) : (
            data.cannotWrite
          )}
        </p>
      ) : null}
    </section>
  );
}

/** "14:05" today, "24 Nov, 14:05" before, in the viewer's zone; the full instant on hover. */
function Time({ at }: { at: string }) {
  const date = new Date(at);
  const today = new Date().toDateString() === date.toDateString();
  const text = new Intl.DateTimeFormat(
    "en-GB",
    today ? { hour: "2-digit", minute: "2-digit" } : { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" },
  ).format(date);
  return (
    <time dateTime={at} title={absoluteTime(date)} className="text-xs text-stone-600 dark:text-stone-400">
      {text}
    </time>
  );
}
