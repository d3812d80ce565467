import { createRequire } from 'node:module';
import type { AST, RegExpParser } from '@eslint-community/regexpp';

let Parser: typeof RegExpParser | undefined;

/**
 * regexpp, loaded when a matcher is first analysed (only lint's matcher-backtracking rule asks): a
 * dialect with JavaScript matchers is loaded by every `hookctl run`, which must not pay for a regex
 * parser it never uses.
 */
function regexParser(): RegExpParser {
  Parser ??= (createRequire(import.meta.url)('@eslint-community/regexpp') as typeof import('@eslint-community/regexpp')).RegExpParser;
  return new Parser({ ecmaVersion: 2025 });
}

/**
 * Exponential backtracking in a JavaScript regex (SPEC-dialects 8.3; SPEC §6.1). Claude Code (and
 * any agent written in JavaScript) tests matchers with `new RegExp(matcher).test(target)`, a backtracking engine: a pattern such as
 * `(a+)+$` or `(\w|\d)+$` takes 2^n steps on a target of n repeated characters followed by one that
 * fails, and stalls the agent. hookctl itself runs matchers in linear time (js-regex.ts); this
 * module only finds the patterns that would stall such an agent.
 *
 * The analysis is the classic one for exponential degree of ambiguity (EDA; Weideman et al. 2016,
 * "Analyzing matching time behavior of backtracking regular expression matchers by using ambiguity
 * of NFA"): build the position (Glushkov) automaton, counting how many ways each transition arises
 * (`(a+)+` reaches a→a twice); the pattern is exponential when some state has two different paths
 * back to itself on the same word, which shows up as a strongly connected component of the product
 * automaton that holds a diagonal pair (q,q) and either a pair (p,r) with p≠r or a doubled
 * transition. A loop from which the pattern can already accept is not reported: `test` succeeds at
 * the first try there. Polynomial backtracking (`.*a.*b`) is not reported: matchers see short
 * names (tool names, agent types, file names), where it costs microseconds.
 *
 * Back-references end the analysis (the matcher is refused as unsupported anyway); look-arounds and
 * `^`, `\b` are read as empty, which can only add ambiguity, never hide it.
 */

export interface Backtracking {
  /** A word that, repeated, makes the number of paths double each time (`"a"` for `(a+)+$`). */
  pump: string;
}

/** A character set: sorted, disjoint, inclusive ranges of UTF-16 code units, plus END for `$`. */
type CharSet = readonly (readonly [number, number])[];
const MAX_UNIT = 0xffff;
/** The pseudo character `$` consumes: it meets only itself, so `$` ends a loop like a real character would. */
const END = 0x10000;
/** Past this many positions (after expanding `{n,m}`), the pattern is not analysed: no finding. */
const MAX_POSITIONS = 400;

/** Ends the analysis: a construct it does not model, or (`tooLarge`) too many positions. */
class Bail extends Error {
  constructor(readonly tooLarge = false) {
    super();
  }
}

/** The exponential ambiguity of a pattern `new RegExp(pattern)` accepts, or null when there is none (or it cannot tell). */
export function exponentialBacktracking(pattern: string): Backtracking | null {
  let ast: AST.Pattern;
  try {
    ast = regexParser().parsePattern(pattern, 0, pattern.length, { unicode: false });
  } catch {
    return null;
  }
  // Counted repetitions are expanded; when that grows too large they are read as `*`/`+`, which
  // can only add ambiguity (`(?:a{1,30}){1,30}` is then `(?:a+)+`, and backtracks as badly).
  for (const countsAsLoops of [false, true]) {
    const automaton = new Automaton(countsAsLoops);
    try {
      const whole = automaton.build(ast);
      return automaton.findAmbiguousLoop(new Set(whole.last));
    } catch (error) {
      if (!(error instanceof Bail)) throw error;
      if (!error.tooLarge) return null;
    }
  }
  return null;
}

interface Fragment {
  nullable: boolean;
  first: number[];
  last: number[];
}

const EMPTY: Fragment = { nullable: true, first: [], last: [] };

class Automaton {
  /** The character set each position matches; a transition into a position reads one of its characters. */
  private readonly sets: CharSet[] = [];
  /** follow[p] = target → how many ways the transition arises (1 or 2: two is all ambiguity needs). */
  private readonly follow: Map<number, number>[] = [];

  constructor(private readonly countsAsLoops: boolean) {}

  build(node: AST.Node): Fragment {
    switch (node.type) {
      case 'Pattern':
      case 'Group':
      case 'CapturingGroup':
        return this.union(node.alternatives.map((alternative) => this.build(alternative)));
      case 'Alternative':
        return node.elements.reduce<Fragment>((fragment, element) => this.concat(fragment, this.build(element)), EMPTY);
      case 'Character':
        return this.position([[node.value, node.value]]);
      case 'CharacterSet':
        return this.position(characterSet(node));
      case 'CharacterClass':
        return this.position(classSet(node));
      case 'Assertion':
        return node.kind === 'end' ? this.position([[END, END]]) : EMPTY;
      case 'Quantifier':
        return this.quantifier(node);
      default:
        // Back-references (and the v-flag constructs, which need a flag matchers never have).
        throw new Bail();
    }
  }

  private position(set: CharSet): Fragment {
    if (this.sets.length >= MAX_POSITIONS) throw new Bail(true);
    const id = this.sets.push(set) - 1;
    this.follow.push(new Map());
    return { nullable: false, first: [id], last: [id] };
  }

  private link(from: readonly number[], to: readonly number[]): void {
    for (const p of from) {
      const targets = this.follow[p]!;
      for (const q of to) targets.set(q, Math.min(2, (targets.get(q) ?? 0) + 1));
    }
  }

  private union(fragments: readonly Fragment[]): Fragment {
    return {
      nullable: fragments.some((fragment) => fragment.nullable),
      first: [...new Set(fragments.flatMap((fragment) => fragment.first))],
      last: [...new Set(fragments.flatMap((fragment) => fragment.last))],
    };
  }

  private concat(a: Fragment, b: Fragment): Fragment {
    this.link(a.last, b.first);
    return {
      nullable: a.nullable && b.nullable,
      first: a.nullable ? [...new Set([...a.first, ...b.first])] : a.first,
      last: b.nullable ? [...new Set([...a.last, ...b.last])] : b.last,
    };
  }

  /** `e{min,max}` as `min` copies, the last one looping when unbounded, then `max - min` optional copies. */
  private quantifier(node: AST.Quantifier): Fragment {
    const { element } = node;
    const min = this.countsAsLoops ? Math.min(node.min, 1) : node.min;
    const max = this.countsAsLoops && node.max > 1 ? Infinity : node.max;
    if (max === 0) return EMPTY;
    let result = EMPTY;
    for (let i = 0; i < min; i++) {
      const copy = this.build(element);
      if (i === min - 1 && max === Infinity) this.link(copy.last, copy.first);
      result = this.concat(result, copy);
    }
    if (max === Infinity) {
      if (min > 0) return result;
      const copy = this.build(element);
      this.link(copy.last, copy.first);
      return this.concat(result, { ...copy, nullable: true });
    }
    for (let i = min; i < max; i++) result = this.concat(result, { ...this.build(element), nullable: true });
    return result;
  }

  /** See the module comment: an SCC of the product automaton with a diagonal pair and a way off the diagonal. */
  findAmbiguousLoop(finals: ReadonlySet<number>): Backtracking | null {
    for (const component of stronglyConnected(this.sets.length, (p) => [...this.follow[p]!.keys()])) {
      const inside = new Set(component);
      if (component.length === 1 && !this.follow[component[0]!]!.has(component[0]!)) continue;
      // A loop the pattern can leave by accepting: `test` stops at the first success.
      if (component.every((p) => finals.has(p))) continue;
      const found = this.ambiguityWithin(inside);
      if (found !== null) return found;
    }
    return null;
  }

  private ambiguityWithin(inside: ReadonlySet<number>): Backtracking | null {
    const states = [...inside];
    const index = new Map(states.map((state, i) => [state, i]));
    const n = states.length;
    const key = (p: number, r: number) => index.get(p)! * n + index.get(r)!;
    // Product edges among pairs of this component, each with a character both transitions read.
    const edges = (node: number): { to: number; char: number; doubled: boolean }[] => {
      const p = states[Math.floor(node / n)]!;
      const r = states[node % n]!;
      const out: { to: number; char: number; doubled: boolean }[] = [];
      for (const [p2, countP] of this.follow[p]!) {
        if (!inside.has(p2)) continue;
        for (const [r2] of this.follow[r]!) {
          if (!inside.has(r2)) continue;
          const char = commonChar(this.sets[p2]!, this.sets[r2]!);
          if (char !== null) out.push({ to: key(p2, r2), char, doubled: p === r && p2 === r2 && countP > 1 });
        }
      }
      return out;
    };
    const diagonal = (node: number) => Math.floor(node / n) === node % n;
    for (const component of stronglyConnected(n * n, (node) => edges(node).map((edge) => edge.to))) {
      const members = new Set(component);
      for (const start of component) {
        if (!diagonal(start)) continue;
        const exit = edges(start).find((edge) => members.has(edge.to) && (!diagonal(edge.to) || edge.doubled));
        if (exit === undefined) continue;
        const back = pathWithin(exit.to, start, members, edges);
        if (back !== null) return { pump: String.fromCharCode(exit.char, ...back) };
      }
    }
    return null;
  }
}

/** The characters of a shortest path from `from` to `to` inside `members` (breadth first). */
function pathWithin(
  from: number,
  to: number,
  members: ReadonlySet<number>,
  edges: (node: number) => { to: number; char: number }[],
): number[] | null {
  const previous = new Map<number, { node: number; char: number } | null>([[from, null]]);
  const queue = [from];
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head]!;
    if (node === to) {
      const chars: number[] = [];
      for (let step = previous.get(node); step; step = previous.get(step.node)) chars.unshift(step.char);
      return chars;
    }
    for (const edge of edges(node)) {
      if (!members.has(edge.to) || previous.has(edge.to)) continue;
      previous.set(edge.to, { node, char: edge.char });
      queue.push(edge.to);
    }
  }
  return null;
}

/** Tarjan's algorithm, iterative (a pattern's depth must not reach the call stack's). */
function stronglyConnected(size: number, successors: (node: number) => readonly number[]): number[][] {
  const order = new Array<number>(size).fill(-1);
  const low = new Array<number>(size).fill(0);
  const onStack = new Array<boolean>(size).fill(false);
  const stack: number[] = [];
  const components: number[][] = [];
  let counter = 0;
  for (let root = 0; root < size; root++) {
    if (order[root] !== -1) continue;
    const work: { node: number; next: readonly number[]; i: number }[] = [];
    const open = (node: number) => {
      order[node] = low[node] = counter++;
      stack.push(node);
      onStack[node] = true;
      work.push({ node, next: successors(node), i: 0 });
    };
    open(root);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      if (frame.i < frame.next.length) {
        const next = frame.next[frame.i++]!;
        if (order[next] === -1) open(next);
        else if (onStack[next]) low[frame.node] = Math.min(low[frame.node]!, order[next]!);
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1]!.node;
        low[parent] = Math.min(low[parent]!, low[frame.node]!);
      }
      if (low[frame.node] === order[frame.node]) {
        const component: number[] = [];
        let member: number;
        do {
          member = stack.pop()!;
          onStack[member] = false;
          component.push(member);
        } while (member !== frame.node);
        components.push(component);
      }
    }
  }
  return components;
}

/** A character in both sets, preferring a readable one (a letter, a digit, then any printable ASCII). */
function commonChar(a: CharSet, b: CharSet): number | null {
  const both = intersect(a, b);
  if (both.length === 0) return null;
  for (const [lo, hi] of [
    [0x61, 0x7a],
    [0x30, 0x39],
    [0x41, 0x5a],
    [0x21, 0x7e],
  ] as const) {
    for (const [from, to] of both) if (from <= hi && to >= lo) return Math.max(from, lo);
  }
  return both[0]![0];
}

function intersect(a: CharSet, b: CharSet): [number, number][] {
  const out: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const lo = Math.max(a[i]![0], b[j]![0]);
    const hi = Math.min(a[i]![1], b[j]![1]);
    if (lo <= hi) out.push([lo, hi]);
    if (a[i]![1] < b[j]![1]) i++;
    else j++;
  }
  return out;
}

/** Sorted, merged ranges. */
function normalize(ranges: readonly (readonly [number, number])[]): CharSet {
  const sorted = [...ranges].sort((x, y) => x[0] - y[0]);
  const out: [number, number][] = [];
  for (const [lo, hi] of sorted) {
    const last = out[out.length - 1];
    if (last !== undefined && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

function complement(set: CharSet): CharSet {
  const out: [number, number][] = [];
  let next = 0;
  for (const [lo, hi] of set) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= MAX_UNIT) out.push([next, MAX_UNIT]);
  return out;
}

const DIGIT: CharSet = [[0x30, 0x39]];
const WORD: CharSet = normalize([
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
]);
/** ECMA-262 WhiteSpace and LineTerminator, what `\s` matches. */
const SPACE: CharSet = normalize([
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
]);
/** `.` without the `s` flag: anything but a line terminator. */
const DOT: CharSet = complement(
  normalize([
    [0x0a, 0x0a],
    [0x0d, 0x0d],
    [0x2028, 0x2029],
  ]),
);

function characterSet(node: AST.CharacterSet | AST.EscapeCharacterSet): CharSet {
  if (node.kind === 'any') return DOT;
  if (node.kind === 'property') throw new Bail();
  const set = node.kind === 'digit' ? DIGIT : node.kind === 'word' ? WORD : SPACE;
  return node.negate ? complement(set) : set;
}

function classSet(node: AST.CharacterClass): CharSet {
  const ranges: (readonly [number, number])[] = [];
  for (const element of node.elements) {
    if (element.type === 'Character') ranges.push([element.value, element.value]);
    else if (element.type === 'CharacterClassRange') ranges.push([element.min.value, element.max.value]);
    else if (element.type === 'CharacterSet' && element.kind !== 'property') ranges.push(...characterSet(element));
    else throw new Bail();
  }
  const set = normalize(ranges);
  return node.negate ? complement(set) : set;
}
