"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { signIn, signOut } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { Field, FormAlert, fieldErrors } from "@/components/form";
import { ZChangePasswordInput, ZDeleteAccountInput } from "@/lib/account-rules";
import { useTRPC } from "@/lib/trpc/client";

export function ChangePasswordForm({ username }: { username: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const change = useMutation(trpc.account.changePassword.mutationOptions());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ text: string; tone: "error" | "success" } | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const formEl = e.currentTarget;
    const form = new FormData(formEl);
    const parsed = ZChangePasswordInput.safeParse({
      currentPassword: form.get("currentPassword") ?? "",
      newPassword: form.get("newPassword") ?? "",
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    try {
      await change.mutateAsync(parsed.data);
    } catch (err) {
      setMessage({ text: err instanceof Error ? err.message : "Could not change the password.", tone: "error" });
      return;
    }
    // The change ended every session, this one too: sign straight back in.
    await signIn("credentials", { redirect: false, username, password: parsed.data.newPassword });
    formEl.reset();
    setMessage({ text: "Your password was changed. Other devices have been signed out.", tone: "success" });
    router.refresh();
  }

  return (
    <form onSubmit={onSubmit} className="card space-y-4" noValidate>
      <FormAlert message={message?.text ?? null} tone={message?.tone} />
      <Field label="Current password" name="currentPassword" type="password" autoComplete="current-password" error={errors.currentPassword} />
      <Field label="New password" name="newPassword" type="password" autoComplete="new-password" error={errors.newPassword} hint="At least 8 characters." />
      <button type="submit" className="btn-primary" disabled={change.isPending}>
        {change.isPending ? "Saving…" : "Change password"}
      </button>
    </form>
  );
}

export function DeleteAccountForm() {
  const trpc = useTRPC();
  const remove = useMutation(trpc.account.delete.mutationOptions());
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = ZDeleteAccountInput.safeParse({ password: new FormData(e.currentTarget).get("password") ?? "" });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Enter your password.");
      return;
    }
    if (!window.confirm("Delete your account for good? Your name disappears from the site; this cannot be undone.")) return;
    try {
      await remove.mutateAsync(parsed.data);
    } catch (err) {
      setError(err instanceof Error ? err.message : "Could not delete the account.");
      return;
    }
    await signOut({ callbackUrl: "/" });
  }

  return (
    <form onSubmit={onSubmit} className="card space-y-4 border-red-200 dark:border-red-900" noValidate>
      <p className="text-sm">Your games and results stay in tournament history under an anonymous name.</p>
      <FormAlert message={error} />
      <Field label="Password" name="password" type="password" autoComplete="current-password" />
      <button type="submit" className="btn-danger" disabled={remove.isPending}>
        {remove.isPending ? "Deleting…" : "Delete my account"}
      </button>
    </form>
  );
}

export function SignOutEverywhereForm() {
  const trpc = useTRPC();
  const everywhere = useMutation(trpc.account.signOutEverywhere.mutationOptions());
  const [error, setError] = useState<string | null>(null);

  async function onClick() {
    try {
      await everywhere.mutateAsync();
    } catch (err) {
      setError(err instanceof Error ? err.message : "Could not sign out everywhere.");
      return;
    }
    // Every session has ended on the server, this one too; clear this browser's cookie.
    await signOut({ callbackUrl: "/signin" });
  }

  return (
    <div className="card space-y-4">
      <FormAlert message={error} />
      <p className="text-sm">Ends every session of your account: other browsers, other devices, and this one.</p>
      <button type="button" className="btn-secondary" onClick={onClick} disabled={everywhere.isPending}>
        {everywhere.isPending ? "Signing out…" : "Sign out everywhere"}
      </button>
    </div>
  );
}
