import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** Environment variables the server reads, validated once at start (README: Configuration). */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  HOST: z.string().min(1).default('0.0.0.0'),
  SITE_URL: z.url().optional(),
  DIST_DIR: z
    .string()
    .min(1)
    .default(fileURLToPath(new URL('../dist', import.meta.url))),
});

export type Config = z.infer<typeof EnvSchema>;

/** Parses the environment or throws one message naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}
