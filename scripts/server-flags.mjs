// The Node options TradeDesk's server runs with, wherever it runs: `npm start`
// (scripts/start.mjs), the benchmark (bench/), and the Docker image (Dockerfile's
// NODE_OPTIONS, checked against this list by test/server-flags.test.ts).
//
// V8 sizes its heap from the machine's memory and gives memory back lazily, so on a large
// machine the server held 390 MB after the benchmark's load. The old generation is capped
// at SERVER_HEAP_MB (160 by default): the server then stays near 220 MB under load, and
// fits a 256 MB machine (docs/performance.md). The young generation keeps V8's usual
// 16 MB semi-spaces: V8 would otherwise shrink them with the cap, and scavenge more often
// (about 15% more CPU per page).
export const SERVER_HEAP_MB = Number(process.env.SERVER_HEAP_MB) || 160;

export const SERVER_NODE_FLAGS = ["--enable-source-maps", `--max-old-space-size=${SERVER_HEAP_MB}`, "--max-semi-space-size=16"];
