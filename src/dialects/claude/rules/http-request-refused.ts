import { scalarField, setField } from '../../../config/field-value.js';
import { hasCredentials, headerProblem } from '../../../util/http-request.js';
import { createRule } from '../../../config/rule.js';

/**
 * An HTTP hook whose request can never be sent as written (issue 22): a header name that is not an
 * HTTP token, a header value holding a character HTTP forbids (a control character other than the
 * CR, LF and NUL the agent removes, or one beyond Latin-1), or a URL carrying credentials. At run
 * time each is that hook's failed run (hookctl refuses a URL with `user:pass@` outright: the agent
 * would send them as Basic auth to the host it parsed). Values built from `$VAR` are checked as
 * written; what a variable holds is only known at run time.
 */
export const httpRequestRefused = createRule({
  id: 'http-request-refused',
  severity: 'error',
  description: 'an HTTP hook header or URL the request can never carry (not a token, a forbidden character, credentials in the URL)',
  atLoad: false,
  messages: {
    // {{problem}} says which header and why, from util/http-request.ts.
    header: '{{problem}}: the request is never sent, so this hook always fails',
    credentials:
      'the URL {{url}} holds credentials (user:password@): hookctl never sends it (the agent would send them as Basic auth); ' +
      'put a token in a header with allowedEnvVars instead',
  },
  check({ checked, report }) {
    for (const handler of checked.declarations.handlers) {
      if (scalarField(handler.node, 'type', 'string') !== 'http') continue;
      const url = setField(handler.node, 'url');
      if (url?.value.kind === 'scalar' && typeof url.value.value === 'string' && hasCredentials(url.value.value)) {
        report({ messageId: 'credentials', data: { url: JSON.stringify(url.value.value) }, pos: url.value.pos });
      }
      const headers = setField(handler.node, 'headers')?.value;
      if (headers?.kind !== 'object') continue;
      for (const entry of headers.entries) {
        if (entry.value.kind !== 'scalar' || typeof entry.value.value !== 'string') continue;
        // The agent removes CR, LF and NUL from every value before sending (Claude Code 2.1.328).
        const problem = headerProblem(entry.key, entry.value.value.replace(/[\r\n\0]/g, ''));
        if (problem === null) continue;
        const namePart = problem.startsWith('header name');
        report({ messageId: 'header', data: { problem }, pos: namePart ? entry.keyPos : entry.value.pos });
      }
    }
  },
});
