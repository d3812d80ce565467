import type { EnvironmentRedaction } from './hook-settings.js';

/**
 * The variables Gemini CLI sets for every hook after sanitising (hookRunner.ts executeCommandHook);
 * they are never redacted, whatever the agent's environment held under the same names.
 */
export const GEMINI_HOOK_VARIABLES = ['GEMINI_PROJECT_DIR', 'GEMINI_PLANS_DIR', 'GEMINI_CWD', 'GEMINI_SESSION_ID', 'CLAUDE_PROJECT_DIR'];

// services/environmentSanitization.ts: the lists its redaction checks, in the order it checks them.
const ALWAYS_KEPT = new Set(
  [
    'PATH SYSTEMROOT COMSPEC PATHEXT WINDIR TEMP TMP USERPROFILE SYSTEMDRIVE HOME LANG SHELL TMPDIR USER LOGNAME TERM COLORTERM',
    'ADDITIONAL_CONTEXT AVAILABLE_LABELS BRANCH_NAME DESCRIPTION EVENT_NAME GITHUB_ENV IS_PULL_REQUEST ISSUES_TO_TRIAGE',
    'ISSUE_BODY ISSUE_NUMBER ISSUE_TITLE PULL_REQUEST_NUMBER REPOSITORY TITLE TRIGGERING_ACTOR',
  ]
    .join(' ')
    .split(' '),
);
const ALWAYS_DROPPED = new Set(
  (
    'CLIENT_ID DB_URI CONNECTION_STRING AWS_DEFAULT_REGION AZURE_CLIENT_ID AZURE_TENANT_ID SLACK_WEBHOOK_URL ' +
    'TWILIO_ACCOUNT_SID DATABASE_URL GOOGLE_CLOUD_PROJECT GOOGLE_CLOUD_ACCOUNT FIREBASE_PROJECT_ID'
  ).split(' '),
);
const SECRET_NAME = /TOKEN|SECRET|PASSWORD|PASSWD|KEY|AUTH|CREDENTIAL|CREDS|PRIVATE|CERT/i;
const SECRET_VALUE = [
  /-----BEGIN (RSA|OPENSSH|EC|PGP) PRIVATE KEY-----/i,
  /-----BEGIN CERTIFICATE-----/i,
  /(https?|ftp|smtp):\/\/[^:\s]{1,1024}:[^@\s]{1,1024}@/i,
  /(ghp|gho|ghu|ghs|ghr|github_pat)_[a-zA-Z0-9_]{36,}/i,
  /AIzaSy[a-zA-Z0-9_\\-]{33}/i,
  /AKIA[A-Z0-9]{16}/i,
  /eyJ[a-zA-Z0-9_-]{0,10240}\.[a-zA-Z0-9_-]{0,10240}\.[a-zA-Z0-9_-]{0,10240}/i,
  /(s|r)k_(live|test)_[0-9a-zA-Z]{24}/i,
  /xox[abpr]-[a-zA-Z0-9-]+/i,
];

/**
 * The agent variables Gemini CLI keeps from its hooks, as removals for HandlerRecord.env (a
 * variable set to undefined is not inherited). Gemini sanitises only when
 * `security.environmentVariableRedaction.enabled` is true or it runs in GitHub Actions (`GITHUB_SHA`
 * set, or `SURFACE=Github`: strict mode, which keeps only the allow-listed names); otherwise the
 * hook inherits everything.
 */
export function redactedVariables(
  env: Readonly<Record<string, string | undefined>>,
  redaction: EnvironmentRedaction,
): Record<string, undefined> {
  const strict = Boolean(env.GITHUB_SHA) || env.SURFACE === 'Github';
  const removed: Record<string, undefined> = {};
  if (!redaction.enabled && !strict) return removed;
  const allowed = new Set(redaction.allowed.map((name) => name.toUpperCase()));
  const blocked = new Set(redaction.blocked.map((name) => name.toUpperCase()));
  for (const [name, value] of Object.entries(env)) {
    if (GEMINI_HOOK_VARIABLES.includes(name)) continue;
    if (redacts(name.toUpperCase(), value?.toUpperCase(), { allowed, blocked, strict })) removed[name] = undefined;
  }
  return removed;
}

/** shouldRedactEnvironmentVariable: the first rule that speaks decides (value patterns outrank the allow-list). */
function redacts(
  name: string,
  value: string | undefined,
  lists: { allowed: ReadonlySet<string>; blocked: ReadonlySet<string>; strict: boolean },
): boolean {
  if (name.startsWith('GEMINI_CLI_')) return false;
  if (value && SECRET_VALUE.some((pattern) => pattern.test(value))) return true;
  if (name.startsWith('GIT_CONFIG_') || lists.allowed.has(name)) return false;
  if (lists.blocked.has(name)) return true;
  if (ALWAYS_KEPT.has(name)) return false;
  if (ALWAYS_DROPPED.has(name) || lists.strict) return true;
  return SECRET_NAME.test(name);
}
