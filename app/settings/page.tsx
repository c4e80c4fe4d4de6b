import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { api } from "@/server/trpc/page-caller";
import { ChangePasswordForm, DeleteAccountForm } from "./account-forms";
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
      <section aria-labelledby="notify-heading" className="space-y-3">
        <h2 id="notify-heading" className="text-lg font-semibold">
          Notifications
        </h2>
        <NotificationSettings />
      </section>
      <section aria-labelledby="pw-heading" className="space-y-3">
        <h2 id="pw-heading" className="text-lg font-semibold">
          Change password
        </h2>
        <ChangePasswordForm username={me.username} />
      </section>
      <section aria-labelledby="delete-heading" className="space-y-3">
        <h2 id="delete-heading" className="text-lg font-semibold text-red-800 dark:text-red-400">
          Delete account
        </h2>
        <DeleteAccountForm />
      </section>
    </div>
  );
}
