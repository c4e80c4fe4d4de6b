import type { Metadata } from "next";
import type { ReactNode } from "react";
import { redirect } from "next/navigation";
import { api } from "@/server/trpc/page-caller";
import { BlockedPlayers } from "@/components/chat/blocked-players";
import { ChangePasswordForm, DeleteAccountForm, SignOutEverywhereForm } from "./account-forms";
import { NotificationSettings } from "./notification-settings";

export const metadata: Metadata = { title: "Account settings" };

export default async function SettingsPage() {
  const me = await (await api()).account.me();
  if (!me) redirect("/signin?callbackUrl=%2Fsettings");
  return (
    <div className="mx-auto max-w-lg space-y-8">
      <div>
        <h1 className="text-2xl font-bold">Account settings</h1>
        <p className="text-sm text-stone-600 dark:text-stone-400">Signed in as {me.username}.</p>
      </div>
      <Section id="notify" title="Notifications">
        <NotificationSettings />
      </Section>
      <Section id="blocked" title="Blocked players">
        <BlockedPlayers />
      </Section>
      <Section id="pw" title="Change password">
        <ChangePasswordForm username={me.username} />
      </Section>
      <Section id="sessions" title="Sessions">
        <SignOutEverywhereForm />
      </Section>
      <Section id="delete" title="Delete account" danger>
        <DeleteAccountForm />
      </Section>
    </div>
  );
}

function Section({ id, title, danger = false, children }: { id: string; title: string; danger?: boolean; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <h2 id={`${id}-heading`} className={danger ? "text-lg font-semibold text-red-800 dark:text-red-400" : "text-lg font-semibold"}>
        {title}
      </h2>
      {children}
    </section>
  );
}
