// Accounts in a real browser against the real server.
import { expect, test } from "./test";
import { io } from "socket.io-client";
import { freshUsername, signIn, signOut, signUp } from "./helpers";

test("sign up, sign out, sign in", async ({ page }) => {
  const username = freshUsername("Ann");
  await signUp(page, username, "a good password");
  await signOut(page);
  await signIn(page, username.toLowerCase(), "a good password");
  await page.goto(`/players/${username}`);
  await expect(page.getByRole("heading", { name: username })).toBeVisible();
});

test("a demo account can sign in", async ({ page }) => {
  await signIn(page, "alice", "moot-demo");
});

test("a wrong password gets a clear message and no session", async ({ page }) => {
  await page.goto("/signin");
  await page.getByLabel("Username").fill("bob");
  await page.getByLabel("Password").fill("not-bobs-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator("main [role=alert]")).toHaveText("Wrong username or password.");
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
});

test("a username taken in another case gets a clear message", async ({ page, browser }) => {
  const username = freshUsername("Dup");
  await signUp(page, username, "first password");
  const other = await browser.newPage();
  await other.goto("/signup");
  await other.getByLabel("Username").fill(username.toUpperCase());
  await other.getByLabel("Password", { exact: true }).fill("second password");
  await other.getByLabel("Repeat password").fill("second password");
  await other.getByRole("button", { name: "Create account" }).click();
  await expect(other.locator("main [role=alert]")).toHaveText("That username is already taken. Please choose another.");
  await other.close();
});

test("bad sign-up input is explained next to the field and stores nothing", async ({ page, request }) => {
  await page.goto("/signup");
  await page.getByLabel("Username").fill("<b>x</b>");
  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Username may contain only letters, digits, _ and -.")).toBeVisible();
  await expect(page.getByText("Password must be at least 8 characters.")).toBeVisible();

  // The server refuses the same input on its own, whatever the browser does.
  const res = await request.post("/api/trpc/account.signUp", {
    data: { json: { username: "x'; DROP TABLE users;--", password: "long enough" } },
  });
  expect(res.status()).toBe(400);
  const body = await res.json();
  expect(body.error.json.message).toBe("Username may contain only letters, digits, _ and -.");
  await page.goto("/players?q=DROP");
  await expect(page.getByText("No player’s name contains “DROP”.")).toBeVisible();
});

test("a signed-out visitor cannot reach account settings", async ({ page }) => {
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fsettings$/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
});

test("change password, then delete the account", async ({ page }) => {
  const username = freshUsername("Chg");
  await signUp(page, username, "old password");
  await page.goto("/settings");
  await page.getByLabel("Current password").fill("wrong password");
  await page.getByLabel("New password").fill("new password");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.locator("main [role=alert]")).toHaveText("Your current password is not correct.");
  await page.getByLabel("Current password").fill("old password");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("status")).toContainText("Your password was changed.");
  await signOut(page);
  await signIn(page, username, "new password");

  await page.goto("/settings");
  page.once("dialog", (d) => void d.accept());
  await page.locator("form").filter({ hasText: "Delete my account" }).getByLabel("Password").fill("new password");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  const res = await page.goto(`/players/${username}`);
  expect(res?.status()).toBe(404);
});

test("Socket.IO knows anonymous and signed-in visitors apart", async ({ page, baseURL }) => {
  const whoami = async (cookie?: string) => {
    const socket = io(baseURL!, { transports: ["websocket"], extraHeaders: cookie ? { cookie } : {} });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once("connect", resolve);
        socket.once("connect_error", reject);
      });
      return await new Promise((resolve) => socket.emit("whoami", resolve));
    } finally {
      socket.close();
    }
  };
  expect(await whoami()).toBeNull();

  const username = freshUsername("Sock");
  await signUp(page, username, "socket password");
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  expect(await whoami(cookie)).toMatchObject({ username });
});
