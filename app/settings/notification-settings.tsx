"use client";
// Notification settings: e-mail address and kinds (or a daily digest), deadline
// reminders, Web Push for this browser (asks the browser's permission), and the
// private calendar feed ("Add to calendar").
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { Field, FormAlert } from "@/components/form";
import { KIND_LABELS, NOTIFICATION_KINDS, type NotificationKind } from "@/lib/notification-kinds";
import { useTRPC } from "@/lib/trpc/client";

type Message = { text: string; tone: "error" | "success" } | null;

export function NotificationSettings() {
  const trpc = useTRPC();
  const settings = useQuery(trpc.notification.settings.queryOptions());
  if (settings.isPending) return <p className="text-sm text-stone-500">Loading…</p>;
  if (settings.isError) return <p role="alert">Could not load your notification settings: {settings.error.message}</p>;
  const s = settings.data;
  return (
    <div className="space-y-6">
      {/* Not remounted when the saved settings come back: that would drop the "Saved." it just said. */}
      <EmailForm initial={s} />
      <PushToggle publicKey={s.pushPublicKey} />
      <CalendarLink url={s.calendarUrl} />
    </div>
  );
}

function EmailForm({
  initial,
}: {
  initial: { email: string; emailConfirmed: boolean; emailOnServer: boolean; emailKinds: NotificationKind[]; emailDigest: boolean; reminderHours: number[] };
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const save = useMutation(
    trpc.notification.updateSettings.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.notification.settings.queryKey() }) }),
  );
  const [message, setMessage] = useState<Message>(null);
  const [hoursError, setHoursError] = useState<string | undefined>(undefined);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const formEl = e.currentTarget;
    const form = new FormData(formEl);
    setMessage(null);
    const hoursText = String(form.get("reminderHours") ?? "").trim();
    const reminderHours = hoursText === "" ? [] : hoursText.split(/[\s,]+/).map(Number);
    if (reminderHours.some((h) => !Number.isInteger(h))) {
      // Said under the field itself, which gets the focus: the form is taller than a phone's screen.
      setHoursError("Write reminder hours as whole numbers separated by commas, like 24, 1.");
      formEl.querySelector<HTMLInputElement>("[name=reminderHours]")?.focus();
      return;
    }
    setHoursError(undefined);
    try {
      await save.mutateAsync({
        email: String(form.get("email") ?? "").trim(),
        emailKinds: NOTIFICATION_KINDS.filter((k) => form.get(`kind-${k}`) === "on"),
        emailDigest: form.get("emailDigest") === "on",
        reminderHours,
      });
      setMessage({ text: "Saved.", tone: "success" });
    } catch (err) {
      setMessage({ text: err instanceof Error ? err.message : "Could not save.", tone: "error" });
    }
  }

  return (
    <form onSubmit={onSubmit} className="card space-y-4" noValidate aria-label="E-mail and reminders">
      {!initial.emailOnServer && (
        <p
          className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200"
          data-testid="email-off"
        >
          E-mail is off on this server (no SMTP server is configured). Your inbox, push notifications and the calendar still work.
        </p>
      )}
      <Field
        label="E-mail address"
        name="email"
        type="email"
        autoComplete="email"
        defaultValue={initial.email}
        hint="Used only for the notifications you choose below. Leave empty for none."
      />
      {initial.email && <AddressState confirmed={initial.emailConfirmed} onServer={initial.emailOnServer} />}
      <fieldset className="space-y-1" disabled={!initial.emailOnServer}>
        <legend className="text-sm font-medium">Send me an e-mail when…</legend>
        {NOTIFICATION_KINDS.map((k) => (
          <label key={k} className="flex items-center gap-2 text-sm">
            <input type="checkbox" name={`kind-${k}`} defaultChecked={initial.emailKinds.includes(k)} />
            {KIND_LABELS[k]}
          </label>
        ))}
        <label className="flex items-center gap-2 pt-2 text-sm">
          <input type="checkbox" name="emailDigest" defaultChecked={initial.emailDigest} />
          Instead of single e-mails, one daily digest of what is unread
        </label>
      </fieldset>
      <Field
        label="Deadline reminders (hours before your time runs out)"
        name="reminderHours"
        defaultValue={initial.reminderHours.join(", ")}
        error={hoursError}
        hint="Up to three, from 1 to 72; empty for none. Reminders reach your inbox, push and e-mail."
      />
      <button type="submit" className="btn-primary" disabled={save.isPending}>
        {save.isPending ? "Saving…" : "Save notification settings"}
      </button>
      {/* Beside the button that was pressed, where the eye is, not at the top of a form taller than the screen. */}
      <FormAlert message={message?.text ?? null} tone={message?.tone} />
    </form>
  );
}

/** Whether the saved address is confirmed; until it is, it gets nothing but the confirmation link. */
function AddressState({ confirmed, onServer }: { confirmed: boolean; onServer: boolean }) {
  const trpc = useTRPC();
  const resend = useMutation(trpc.notification.resendConfirmation.mutationOptions());
  const [message, setMessage] = useState<Message>(null);
  if (confirmed) {
    return (
      <p className="text-sm text-green-800 dark:text-green-300" data-testid="email-state">
        Address confirmed.
      </p>
    );
  }
  async function onResend() {
    try {
      await resend.mutateAsync();
      setMessage({ text: "Sent. Follow the link in the mail to confirm the address.", tone: "success" });
    } catch (err) {
      setMessage({ text: err instanceof Error ? err.message : "Could not send the link.", tone: "error" });
    }
  }
  return (
    <div className="space-y-2 text-sm" data-testid="email-state">
      <p>Not confirmed yet: Moot mails this address nothing but the confirmation link until you follow it.</p>
      {onServer && (
        <button type="button" className="btn-secondary" onClick={onResend} disabled={resend.isPending}>
          {resend.isPending ? "Sending…" : "Send the link again"}
        </button>
      )}
      <FormAlert message={message?.text ?? null} tone={message?.tone} />
    </div>
  );
}

function urlBase64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const padded = (base64 + "===".slice((base64.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(padded);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

function PushToggle({ publicKey }: { publicKey: string | null }) {
  const trpc = useTRPC();
  const subscribe = useMutation(trpc.notification.subscribePush.mutationOptions());
  const unsubscribe = useMutation(trpc.notification.unsubscribePush.mutationOptions());
  const [state, setState] = useState<"unsupported" | "off" | "on" | "denied" | "checking">("checking");
  const [message, setMessage] = useState<Message>(null);

  useEffect(() => {
    if (!("serviceWorker" in navigator) || !("PushManager" in window) || !publicKey) return setState("unsupported");
    if (Notification.permission === "denied") return setState("denied");
    void navigator.serviceWorker.getRegistration("/").then(async (reg) => setState((await reg?.pushManager.getSubscription()) ? "on" : "off"));
  }, [publicKey]);

  async function turnOn() {
    setMessage(null);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") {
        setState(permission === "denied" ? "denied" : "off");
        return;
      }
      const reg = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
      await navigator.serviceWorker.ready;
      const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: urlBase64ToBytes(publicKey!) });
      const json = sub.toJSON();
      await subscribe.mutateAsync({ endpoint: json.endpoint!, keys: { p256dh: json.keys!.p256dh!, auth: json.keys!.auth! } });
      setState("on");
    } catch (err) {
      setMessage({ text: `Could not turn push notifications on: ${err instanceof Error ? err.message : String(err)}`, tone: "error" });
    }
  }

  async function turnOff() {
    const reg = await navigator.serviceWorker.getRegistration("/");
    const sub = await reg?.pushManager.getSubscription();
    if (sub) {
      await unsubscribe.mutateAsync({ endpoint: sub.endpoint });
      await sub.unsubscribe();
    }
    setState("off");
  }

  return (
    <div className="card space-y-3" data-testid="push-settings">
      <h3 className="font-semibold">Push notifications on this device</h3>
      <FormAlert message={message?.text ?? null} tone={message?.tone} />
      {state === "unsupported" && <p className="text-sm">This browser does not support push notifications.</p>}
      {state === "denied" && <p className="text-sm">Notifications are blocked for this site in your browser settings; allow them there to turn push on.</p>}
      {state === "off" && (
        <button type="button" className="btn-secondary" onClick={turnOn}>
          Turn on push notifications
        </button>
      )}
      {state === "on" && (
        <p className="flex items-center gap-3 text-sm">
          Push notifications are on for this browser.
          <button type="button" className="btn-secondary" onClick={turnOff}>
            Turn off
          </button>
        </p>
      )}
    </div>
  );
}

function CalendarLink({ url }: { url: string | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const rotate = useMutation(
    trpc.notification.rotateCalendar.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.notification.settings.queryKey() }) }),
  );
  return (
    <div className="card space-y-3" data-testid="calendar-settings">
      <h3 className="font-semibold">Calendar</h3>
      <p className="text-sm text-stone-600 dark:text-stone-400">
        A private calendar feed with the deadline of every game waiting for you and the start of every tournament you joined. Anyone with the link can read it;
        make a new link to stop the old one.
      </p>
      {url ? (
        <>
          <input className="input font-mono text-xs" readOnly value={url} aria-label="Your calendar feed address" onFocus={(e) => e.currentTarget.select()} />
          <div className="flex flex-wrap gap-2">
            <a className="btn-primary" href={url.replace(/^https?:/, "webcal:")}>
              Add to calendar
            </a>
            <button type="button" className="btn-secondary" disabled={rotate.isPending} onClick={() => rotate.mutate()}>
              Make a new link
            </button>
          </div>
        </>
      ) : (
        <button type="button" className="btn-primary" disabled={rotate.isPending} onClick={() => rotate.mutate()}>
          Create my calendar link
        </button>
      )}
      {rotate.isError && <p role="alert">{rotate.error.message}</p>}
    </div>
  );
}
