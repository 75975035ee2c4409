// The peer of the CPU comparison (bench/cpu.ts): a minimal Remix 2.17 app built like
// TradeDesk (Vite plugin, every v3 future flag on), without Tailwind or anything else.
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";

export default defineConfig({
  // Vite's cache stays in this folder (gitignored), not in the shared node_modules.
  cacheDir: ".cache/vite",
  build: { target: "es2020" },
  plugins: [
    remix({
      buildDirectory: "build",
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
  ],
});
