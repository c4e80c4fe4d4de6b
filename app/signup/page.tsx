import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { api } from "@/server/trpc/page-caller";
import { safeCallbackUrl } from "@/lib/safe-callback";
import { SignUpForm } from "./sign-up-form";

export const metadata: Metadata = { title: "Sign up" };

export default async function SignUpPage({ searchParams }: { searchParams: Promise<Record<string, string | string[]>> }) {
  const callbackUrl = safeCallbackUrl((await searchParams).callbackUrl);
  if (await (await api()).account.me()) redirect(callbackUrl);
  return (
    <div className="mx-auto max-w-sm space-y-6">
      <h1 className="text-2xl font-bold">Create your account</h1>
      <SignUpForm callbackUrl={callbackUrl} />
      <p className="text-sm">
        Already have an account?{" "}
        <Link className="link" href={`/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`}>
          Sign in
        </Link>
      </p>
    </div>
  );
}
