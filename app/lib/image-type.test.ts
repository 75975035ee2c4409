import { describe, expect, it } from "vitest";
import { checkLogo, MAX_LOGO_BYTES, sniffImageType } from "./image-type";

// Real 1x1 images (each one decodes in Chromium): what a browser would upload.
const PNG_1X1 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4AWJSTX79HwAAAP//U/RKqgAAAAZJREFUAwAEoQJ18+MsXwAAAABJRU5ErkJggg==";
const JPEG_1X1 =
  "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAABAAEDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABgf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCUAVkPf//Z";
const WEBP_1X1 = "UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==";
const GIF_1X1 = "R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==";

const bytes = (base64: string) => new Uint8Array(Buffer.from(base64, "base64"));
const text = (value: string) => new Uint8Array(Buffer.from(value, "utf8"));

describe("sniffImageType", () => {
  it("recognizes PNG, JPEG and WebP by their bytes", () => {
    expect(sniffImageType(bytes(PNG_1X1))).toBe("image/png");
    expect(sniffImageType(bytes(JPEG_1X1))).toBe("image/jpeg");
    expect(sniffImageType(bytes(WEBP_1X1))).toBe("image/webp");
  });

  it("refuses GIF and SVG, which are images but not accepted", () => {
    expect(sniffImageType(bytes(GIF_1X1))).toBeNull();
    expect(sniffImageType(text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeNull();
    expect(sniffImageType(text('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });

  it("refuses a text file renamed logo.png, whatever it is called", () => {
    expect(sniffImageType(text("This is not an image, just notes.txt renamed to logo.png\n"))).toBeNull();
  });

  it("refuses truncated signatures and other RIFF files", () => {
    expect(sniffImageType(bytes(PNG_1X1).slice(0, 8))).toBeNull();
    expect(sniffImageType(new Uint8Array([0xff, 0xd8]))).toBeNull();
    expect(sniffImageType(text("RIFF\u0000\u0000\u0000\u0000WAVEfmt "))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });
});

describe("checkLogo", () => {
  it("accepts a real image and names its real type", () => {
    expect(checkLogo(bytes(PNG_1X1))).toEqual({ ok: true, mimeType: "image/png" });
    expect(checkLogo(bytes(WEBP_1X1))).toEqual({ ok: true, mimeType: "image/webp" });
  });

  it("says what is wrong: no file, too large, not an accepted image", () => {
    expect(checkLogo(null)).toEqual({ ok: false, error: "missing" });
    expect(checkLogo(new Uint8Array())).toEqual({ ok: false, error: "missing" });
    expect(checkLogo(text("hello"))).toEqual({ ok: false, error: "invalidType" });
    expect(checkLogo(bytes(GIF_1X1))).toEqual({ ok: false, error: "invalidType" });
  });

  it("allows exactly 5 MB and refuses one byte more", () => {
    const atLimit = new Uint8Array(MAX_LOGO_BYTES);
    atLimit.set(bytes(PNG_1X1));
    expect(checkLogo(atLimit)).toEqual({ ok: true, mimeType: "image/png" });
    const over = new Uint8Array(MAX_LOGO_BYTES + 1);
    over.set(bytes(PNG_1X1));
    expect(checkLogo(over)).toEqual({ ok: false, error: "tooLarge" });
  });
});
