import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';

/** Where a Gemini CLI session keeps its plans, and so what its hooks read as GEMINI_PLANS_DIR. */
export interface PlansDirInput {
  /** The project root (Gemini's target dir: the directory it was started in, the payload's cwd). */
  projectRoot: string;
  sessionId: string;
  /** The user home (`GEMINI_CLI_HOME` already applied). */
  home: string;
  env: Readonly<Record<string, string | undefined>>;
  /** `general.plan.directory`, if set. */
  custom: string | null;
}

/**
 * config/storage.ts getPlansDir: a custom `general.plan.directory` resolved against the project root
 * when it stays inside it (outside, Gemini falls back to the default with a warning); else
 * `<runtime>/tmp/<project slug>/<session>/plans`, the runtime dir being `~/.gemini`
 * (`~/.cache/.gemini` under macOS Seatbelt, `SANDBOX=sandbox-exec`).
 */
export function geminiPlansDir(input: PlansDirInput): string {
  const custom = input.custom === null ? null : customPlansDir(input.projectRoot, input.custom);
  if (custom !== null) return custom;
  const runtime = join(input.home, input.env.SANDBOX === 'sandbox-exec' ? '.cache' : '', '.gemini');
  const temp = join(runtime, 'tmp');
  const slug = projectSlug(resolve(input.projectRoot), runtime, [temp, join(runtime, 'history')]);
  return input.sessionId === '' ? join(temp, slug, 'plans') : join(temp, slug, input.sessionId, 'plans');
}

/** `general.plan.directory` resolved against the project root, or null when it leads outside it. */
export function customPlansDir(projectRoot: string, directory: string): string | null {
  const custom = resolve(projectRoot, directory);
  return within(realPath(projectRoot), realPath(custom)) ? custom : null;
}

/**
 * config/projectRegistry.ts getShortId, read-only (hookctl claims nothing; Gemini writes the
 * registry and markers on its first start in the project): the slug `projects.json` maps the
 * project to; else a directory whose `.project_root` names it; else the slug Gemini would claim,
 * the folder name lower-cased with runs of other characters as `-`, numbered past slugs taken.
 */
function projectSlug(project: string, runtime: string, baseDirs: readonly string[]): string {
  const mappings = registry(join(runtime, 'projects.json'));
  const mapped = mappings[project];
  if (mapped !== undefined) return mapped;
  for (const base of baseDirs) for (const candidate of entries(base)) if (owner(join(base, candidate)) === project) return candidate;
  const taken = new Set(Object.values(mappings));
  const slug = slugify(project.split(sep).pop() || 'project');
  for (let counter = 0; ; counter++) {
    const candidate = counter === 0 ? slug : `${slug}-${counter}`;
    if (taken.has(candidate)) continue;
    const owners = baseDirs.map((base) => owner(join(base, candidate)));
    if (owners.every((found) => found === null || found === project)) return candidate;
  }
}

function slugify(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '-')
      .replace(/-+/g, '-')
      .replace(/^-|-$/g, '') || 'project'
  );
}

/** The registry's mappings; a missing, corrupt or invalid file has none (Gemini resets it). */
function registry(path: string): Record<string, string> {
  try {
    const data: unknown = JSON.parse(readFileSync(path, 'utf8'));
    const projects = (data as { projects?: unknown } | null)?.projects;
    if (typeof projects !== 'object' || projects === null || Array.isArray(projects)) return {};
    const valid = Object.values(projects).every((slug) => typeof slug === 'string' && /^[a-z0-9-]+$/.test(slug));
    return valid ? (projects as Record<string, string>) : {};
  } catch {
    return {};
  }
}

function entries(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** The project a slug directory's `.project_root` marker names, or null without one (unreadable: someone else's). */
function owner(slugDir: string): string | null {
  const marker = join(slugDir, '.project_root');
  if (!existsSync(marker)) return null;
  try {
    return resolve(readFileSync(marker, 'utf8').trim());
  } catch {
    return '\0unreadable';
  }
}

function within(root: string, path: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);
}

function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
