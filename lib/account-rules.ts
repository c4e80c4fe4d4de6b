// Account field rules, shared by the sign-up form (instant feedback) and the server
// (the authority). zod messages are written for people, not developers.
import { z } from "zod";
import { plainText } from "./text-rules";

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 24;
export const PASSWORD_MIN = 8;
// argon2 cost does not grow with length, but request bodies should stay small.
export const PASSWORD_MAX = 200;

export const ZUsername = z
  .string({ error: "Username is required." })
  .trim()
  .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters.`)
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters.`)
  .regex(/^[A-Za-z0-9_-]+$/, "Username may contain only letters, digits, _ and -.");

/** Deleted accounts are renamed "deleted-<account id>"; no one may sign up with the prefix. */
export const DELETED_PREFIX = "deleted-";

/** A username for a new account: the username rules, minus the reserved prefix. */
export const ZNewUsername = ZUsername.refine(
  (name) => !name.toLowerCase().startsWith(DELETED_PREFIX),
  `Usernames starting with “${DELETED_PREFIX}” are reserved. Please choose another.`,
);

export const ZPassword = z
  .string({ error: "Password is required." })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`);

export const ZEmail = plainText(z.string().trim().max(254, "E-mail address is too long."), { label: "The e-mail address" }).pipe(
  z.email("That e-mail address does not look right."),
);

export const ZSignUpInput = z.object({
  username: ZNewUsername,
  password: ZPassword,
  // The form sends "" for an empty optional field.
  email: z.union([z.literal("").transform(() => undefined), ZEmail]).optional(),
});
export type SignUpInput = z.infer<typeof ZSignUpInput>;

export const ZChangePasswordInput = z.object({
  currentPassword: z.string().min(1, "Enter your current password.").max(PASSWORD_MAX),
  newPassword: ZPassword,
});

export const ZDeleteAccountInput = z.object({
  password: z.string().min(1, "Enter your password to confirm.").max(PASSWORD_MAX),
});
