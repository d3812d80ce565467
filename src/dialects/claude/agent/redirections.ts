import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isPlainObject } from '../../../util/is-plain-object.js';

/**
 * Settings that can send Claude Code somewhere other than the scripted model on 127.0.0.1, or make
 * it run a credential program, found in the binary's strings (2.1.328) and its settings docs: the
 * key helpers run before any request and hand their output to Anthropic-compatible endpoints; the
 * login switches force an OAuth flow. `hookctl test --agent` refuses to run with any of them.
 */
const REDIRECTING_KEYS = [
  'apiKeyHelper',
  'awsAuthRefresh',
  'awsCredentialExport',
  'gcpAuthRefresh',
  'otelHeadersHelper',
  'forceLoginMethod',
  'forceLoginOrgUUID',
];

/** `env` entries that choose an endpoint, a credential, a proxy or a telemetry exporter. */
const REDIRECTING_ENV =
  /^(ANTHROPIC_\w*(URL|TOKEN|KEY|HEADERS)|CLAUDE_CODE_USE_\w+|CLAUDE_CODE_ENABLE_TELEMETRY|OTEL_\w+|(HTTPS?|ALL|NO)_PROXY)$/i;

/** The settings files the agent run copies: project and local layers, and the user layer when opted in. */
export function copiedSettingsFiles(projectDir: string, userConfigDir: string | null): string[] {
  const files = [join(projectDir, '.claude', 'settings.json'), join(projectDir, '.claude', 'settings.local.json')];
  if (userConfigDir !== null) files.push(join(userConfigDir, 'settings.json'));
  return files;
}

/** One line per redirecting setting in those files (unreadable or non-JSON files are lint's business). */
export function claudeRedirections(files: readonly string[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    let settings: unknown;
    try {
      settings = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      continue;
    }
    if (!isPlainObject(settings)) continue;
    for (const key of REDIRECTING_KEYS)
      if (key in settings) found.push(`${file}: "${key}" can send Claude Code to another endpoint or credential program`);
    const env = settings.env;
    if (!isPlainObject(env)) continue;
    for (const name of Object.keys(env))
      if (REDIRECTING_ENV.test(name)) found.push(`${file}: "env.${name}" can send Claude Code to another endpoint or credential program`);
  }
  return found;
}
