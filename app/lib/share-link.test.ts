import { describe, expect, it } from "vitest";
import { shareOrCopy, type ShareCapableNavigator } from "./share-link";

const LINK = "https://tradedesk.example/e/abc";
const details = { title: "Estimate EST-1", text: "Estimate EST-1" };

function fakeNavigator({ share, copy }: { share?: "ok" | "abort" | "fail"; copy?: "ok" | "fail" }) {
  const calls: string[] = [];
  const nav: ShareCapableNavigator = {};
  if (share) {
    nav.share = async (data) => {
      calls.push(`share ${data.url}`);
      if (share === "abort") throw new DOMException("Share canceled", "AbortError");
      if (share === "fail") throw new DOMException("Not allowed", "NotAllowedError");
    };
  }
  if (copy) {
    nav.clipboard = {
      writeText: async (text) => {
        calls.push(`copy ${text}`);
        if (copy === "fail") throw new DOMException("Document is not focused", "NotAllowedError");
      },
    };
  }
  return { nav, calls };
}

describe("shareOrCopy", () => {
  it("uses the share sheet when the browser has one", async () => {
    const { nav, calls } = fakeNavigator({ share: "ok", copy: "ok" });
    expect(await shareOrCopy(LINK, details, nav)).toBe("shared");
    expect(calls).toEqual([`share ${LINK}`]);
  });

  it("does nothing more when the user cancels the share sheet", async () => {
    const { nav, calls } = fakeNavigator({ share: "abort", copy: "ok" });
    expect(await shareOrCopy(LINK, details, nav)).toBe("cancelled");
    expect(calls).toEqual([`share ${LINK}`]);
  });

  it("copies the link when sharing fails otherwise, or when there is no share sheet", async () => {
    const failing = fakeNavigator({ share: "fail", copy: "ok" });
    expect(await shareOrCopy(LINK, details, failing.nav)).toBe("copied");
    expect(failing.calls).toEqual([`share ${LINK}`, `copy ${LINK}`]);
    const noSheet = fakeNavigator({ copy: "ok" });
    expect(await shareOrCopy(LINK, details, noSheet.nav)).toBe("copied");
  });

  it("shows the link when copying fails or is impossible", async () => {
    expect(await shareOrCopy(LINK, details, fakeNavigator({ copy: "fail" }).nav)).toBe("shown");
    expect(await shareOrCopy(LINK, details, fakeNavigator({ share: "fail" }).nav)).toBe("shown");
    expect(await shareOrCopy(LINK, details, {})).toBe("shown");
  });
});
