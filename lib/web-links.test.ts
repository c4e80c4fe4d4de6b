import { describe, expect, it } from "vitest";
import { webLinks } from "./web-links";

describe("webLinks", () => {
  it("makes the web addresses in an announcement links, and leaves the rest text", () => {
    expect(webLinks("Round 2 rules: https://example.org/rules?a=1#b. See you there!")).toEqual([
      { text: "Round 2 rules: " },
      { text: "https://example.org/rules?a=1#b", href: "https://example.org/rules?a=1#b" },
      { text: ". See you there!" },
    ]);
  });

  it("opens www. addresses over https and keeps closing punctuation out of the link", () => {
    expect(webLinks("(stream at www.example.org/live), and http://a.example/x_(y).")).toEqual([
      { text: "(stream at " },
      { text: "www.example.org/live", href: "https://www.example.org/live" },
      { text: "), and " },
      { text: "http://a.example/x_(y)", href: "http://a.example/x_(y)" },
      { text: "." },
    ]);
  });

  it("never links another scheme, and text without an address is one part", () => {
    expect(webLinks("javascript:alert(1) data:text/html,x")).toEqual([{ text: "javascript:alert(1) data:text/html,x" }]);
    expect(webLinks("")).toEqual([{ text: "" }]);
    expect(webLinks("line one\nhttps://x.example")).toEqual([{ text: "line one\n" }, { text: "https://x.example", href: "https://x.example" }]);
  });
});
