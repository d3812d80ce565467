import { ruleMeta, type Rule } from '../rule.js';

/** SPEC 2.1: both files of one layer load, which usually means the same hooks run twice. */
export const bothRepresentations: Rule = {
  meta: ruleMeta('both-representations', 'warning', 'hooks in both hooks.json and config.toml of one layer'),
  atLoad: true,
  check({ checked, all, report }) {
    const { file, declarations } = checked;
    // "Non-empty hooks" (SPEC 2.1) means handlers declared: `"Stop": []` adds no hook to the layer.
    if (file.role !== 'inline-config' || declarations.hooks === undefined || declarations.handlers.length === 0) return;
    const json = all.find(
      (other) => other.file.layer === file.layer && other.file.role === 'hooks-file' && other.declarations.handlers.length > 0,
    );
    if (json === undefined) return;
    report({
      message: `loading hooks from both ${json.file.parsed.path} and ${file.parsed.path}; prefer a single representation for this layer`,
      pos: declarations.hooks.keyPos,
    });
  },
};
