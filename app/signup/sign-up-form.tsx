"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { Field, FormAlert, fieldErrors } from "@/components/form";
import { USERNAME_MAX, USERNAME_MIN, ZSignUpInput } from "@/lib/account-rules";
import { useTRPC } from "@/lib/trpc/client";

export function SignUpForm({ callbackUrl }: { callbackUrl: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const signUp = useMutation(trpc.account.signUp.mutationOptions());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const parsed = ZSignUpInput.safeParse({
      username: form.get("username") ?? "",
      password: form.get("password") ?? "",
      email: form.get("email") ?? "",
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      setError(null);
      return;
    }
    if (parsed.data.password !== form.get("confirm")) {
      setErrors({ confirm: "The two passwords do not match." });
      return;
    }
    setErrors({});
    setError(null);
    try {
      await signUp.mutateAsync(parsed.data);
    } catch (err) {
      setError(err instanceof Error ? err.message : "Could not create the account.");
      return;
    }
    const result = await signIn("credentials", {
      redirect: false,
      username: parsed.data.username,
      password: parsed.data.password,
    });
    if (result?.error) {
      setError("Your account was created, but signing in failed. Please sign in.");
      return;
    }
    router.push(callbackUrl);
    router.refresh();
  }

  return (
    <form onSubmit={onSubmit} className="card space-y-4" noValidate>
      <FormAlert message={error} />
      <Field
        label="Username"
        name="username"
        autoComplete="username"
        autoFocus
        required
        maxLength={64}
        error={errors.username}
        hint={`${USERNAME_MIN}–${USERNAME_MAX} letters, digits, _ or -.`}
      />
      <Field label="E-mail (optional)" name="email" type="email" autoComplete="email" maxLength={300} error={errors.email} />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        maxLength={300}
        error={errors.password}
        hint="At least 8 characters."
      />
      <Field label="Repeat password" name="confirm" type="password" autoComplete="new-password" required error={errors.confirm} />
      <button type="submit" className="btn-primary w-full" disabled={signUp.isPending}>
        {signUp.isPending ? "Creating account…" : "Create account"}
      </button>
    </form>
  );
}
