import { describe, expect, it } from "vitest";
import { z } from "zod";
import { hasControlCharacters, optionalText, plainText } from "./validation";

describe("control characters", () => {
  it("are found in one-line text, tabs and line breaks included; multi-line text keeps \\t \\n \\r", () => {
    for (const text of ["\u0000", "a\u0001", "\u001b[2J", "a\u007f", "a\u0085", "a\u009f", "a\tb", "a\nb", "a\rb"]) {
      expect(hasControlCharacters(text), JSON.stringify(text)).toBe(true);
    }
    for (const text of ["Ana Ruiz", "Ñandú 日本 😀", "O'Brien & Sons", "\u00a0", ""])
      expect(hasControlCharacters(text)).toBe(false);
    expect(hasControlCharacters("line 1\r\nline 2\tend", "multi")).toBe(false);
    for (const text of ["a\u0000", "a\u000b", "a\u000c", "a\u001b", "a\u007f"])
      expect(hasControlCharacters(text, "multi")).toBe(true);
  });

  it("make a field's schema fail with validation.controlCharacters", () => {
    const name = plainText(z.string().trim().min(1));
    expect(name.safeParse("\u0000").error?.issues[0]?.message).toBe("validation.controlCharacters");
    expect(name.safeParse("Ana").success).toBe(true);
    expect(optionalText(100).safeParse(null).data).toBeNull();
    expect(optionalText(100, "multi").safeParse("a\nb").data).toBe("a\nb");
    expect(optionalText(100).safeParse("a\nb").success).toBe(false);
  });
});
