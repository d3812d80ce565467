import { createRule } from '../rule.js';

/** SPEC 2.1: both files of one layer load, which usually means the same hooks run twice. */
export const bothRepresentations = createRule({
  id: 'both-representations',
  severity: 'warning',
  description: 'hooks in both hooks.json and config.toml of one layer',
  atLoad: true,
  messages: {
    // The agent's own warning text.
    bothFiles: 'loading hooks from both {{hooksFile}} and {{configFile}}; prefer a single representation for this layer',
  },
  check({ checked, all, showPath, report }) {
    const { file, declarations } = checked;
    // "Non-empty hooks" (SPEC 2.1) means handlers declared: `"Stop": []` adds no hook to the layer.
    if (file.role !== 'inline-config' || declarations.hooks === undefined || declarations.handlers.length === 0) return;
    const json = all.find(
      (other) => other.file.layer === file.layer && other.file.role === 'hooks-file' && other.declarations.handlers.length > 0,
    );
    if (json === undefined) return;
    const data = { hooksFile: showPath(json.file.parsed.path), configFile: showPath(file.parsed.path) };
    report({ messageId: 'bothFiles', data, pos: declarations.hooks.keyPos });
  },
});
