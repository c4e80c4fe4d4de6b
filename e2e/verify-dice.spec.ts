// The "Verify the dice" page recomputes a dice record in the browser (Web Crypto):
// the example record of docs/dice.md matches; a changed roll is named; a tampered
// server seed fails its commitment and its rolls.
import { readFileSync } from "node:fs";
import { expect, test } from "./test";

const record = readFileSync("docs/examples/dice-record.json", "utf8");

test("the dice page confirms an honest record and names a changed roll", async ({ page }) => {
  await page.goto("/dice/verify");
  await expect(page.getByRole("heading", { name: "Verify the dice" })).toBeVisible();
  const box = page.getByLabel("Dice record (JSON)");
  await box.fill(record);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByTestId("dice-check")).toContainText("The dice match.");
  await expect(page.getByTestId("dice-check")).toContainText("all 4 rolls match the seeds");

  await box.fill(record.replace("[2, 4]", "[4, 2]"));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByTestId("dice-check")).toContainText("The dice do not match.");
  await expect(page.getByTestId("dice-check")).toContainText("Roll 4 was 4-2, but the seeds give 2-4.");

  // A tampered server seed: it no longer hashes to the published commitment, and the
  // rolls it gives are not the recorded ones.
  const seed = (JSON.parse(record) as { serverSeed: string }).serverSeed;
  const tampered = `${seed[0] === "0" ? "1" : "0"}${seed.slice(1)}`;
  await box.fill(record.replace(seed, tampered));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByTestId("dice-check")).toContainText("The dice do not match.");
  await expect(page.getByTestId("dice-check")).toContainText("The server seed does not match the commitment");
  await expect(page.locator('[data-testid="dice-rolls"] tbody tr[data-match="no"]').first()).toBeVisible();

  await box.fill("not json");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByTestId("dice-check")).toContainText("This is not JSON");
});
