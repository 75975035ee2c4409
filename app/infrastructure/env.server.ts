import { z } from "zod";

// Every setting the server reads, validated once at start: a bad value stops the
// server with a message naming the variable instead of failing later mid-request.
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  APP_URL: z.string().url().optional(),
  DATABASE_URL: z.string().min(1).default("file:./data/tradedesk.db"),
  DATABASE_AUTH_TOKEN: z.string().optional(),
  DATABASE_SYNC_URL: z.string().optional(),
  SESSION_SECRET: z.string().min(16).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().optional(),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.string().url().optional(),
  OPENAI_MODEL: z.string().default("gpt-4o-mini"),
  INQUIRY_ACCOUNT_EMAIL: z.string().email().optional(),
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  // Card payments (Stripe Checkout): both keys, or no card payments at all.
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  // Where the Stripe SDK sends its calls (default Stripe's API); tests point it at a loopback server.
  STRIPE_API_URL: z.string().url().optional(),
  // Photos and files (decision 034): in FILES_DIR (under data/, on the volume) unless the
  // four S3_ variables name an S3-compatible bucket (Tigris, Cloudflare R2, AWS S3).
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens")
    .optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_REGION: z.string().min(1).default("auto"),
  FILES_DIR: z.string().min(1).default("data/files"),
  FILES_MAX_MB_PER_ACCOUNT: z.coerce.number().int().min(1).default(5000),
});

/** The variables that together name a bucket: all of them, or none. */
export const S3_VARIABLES = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

export type Env = z.infer<typeof schema>;

/** Where photos and files are kept: the bucket when its variables are set, else the folder. */
export type FileStorageSettings =
  | { kind: "s3"; endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string }
  | { kind: "folder"; dir: string };

export function fileStorageSettings(env: Env): FileStorageSettings {
  if (env.S3_ENDPOINT && env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY) {
    return {
      kind: "s3",
      endpoint: env.S3_ENDPOINT,
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    };
  }
  return { kind: "folder", dir: env.FILES_DIR };
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = schema
    .superRefine((value, context) => {
      // Several machines share a remote database (Turso): each would generate its own
      // secret and sign out the users the others signed in, so the secret must be given.
      const shared = !value.DATABASE_URL.startsWith("file:") || Boolean(value.DATABASE_SYNC_URL);
      if (shared && value.NODE_ENV === "production" && !value.SESSION_SECRET) {
        context.addIssue({
          code: "custom",
          path: ["SESSION_SECRET"],
          message:
            "required when the database is shared by several machines (DATABASE_URL names a libSQL server, or DATABASE_SYNC_URL is set): set the same secret on every machine",
        });
      }
      // Without SMTP_URL each e-mail is saved in data/outbox/ of the machine that sent it,
      // where nobody on another machine would find it (docs/scaling.md).
      if (shared && value.NODE_ENV === "production" && !value.SMTP_URL) {
        context.addIssue({
          code: "custom",
          path: ["SMTP_URL"],
          message:
            "required when the database is shared by several machines: without it each machine saves e-mails in its own data/outbox/ instead of sending them",
        });
      }
      // Half a bucket's settings would quietly put the files in the folder instead.
      const missing = S3_VARIABLES.filter((name) => !value[name]);
      if (missing.length > 0 && missing.length < S3_VARIABLES.length) {
        context.addIssue({
          code: "custom",
          path: [missing[0]],
          message: `files go to object storage only with all of ${S3_VARIABLES.join(", ")}: ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} missing (or unset them all to keep files in FILES_DIR)`,
        });
      }
    })
    .safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n");
    throw new Error(`Invalid environment variables:\n${problems}`);
  }
  return result.data;
}

let cached: Env | undefined;
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
