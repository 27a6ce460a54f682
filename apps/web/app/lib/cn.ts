import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names and lets a later Tailwind class win over an earlier one that sets the same
 * thing (`cn('px-4 text-sm', className)` with `className="px-6"` gives `text-sm px-6`), under the
 * same variants (`hover:`, `sm:`, ...). The rules follow tailwind-merge's for every utility the app
 * uses (cn.test.ts compares every pair of the app's classes with it); a class it does not know is
 * kept as it is. Own code instead of tailwind-merge: every page runs it, and the package's full
 * Tailwind table weighs 8 KB gzip.
 */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}

const SIDES = '(x|y|t|r|b|l|s|e)';
const SIZE = String.raw`(xs|sm|base|lg|\d?xl)`;
const COLOR_REST = String.raw`[a-z0-9.[\]()#%/_,-]+`;
/** A spacing or size value: a number of steps, a fraction, a keyword, an arbitrary value. */
const V = String.raw`(\d+(\.\d+)?|\d+/\d+|px|auto|full|screen|min|max|fit|none|prose|[dsl]v[hw]|lh|\d?xs|sm|md|lg|\d?xl|\[.+\]|\(.+\))`;
const valued = (prefixes: string) => new RegExp(`^(${prefixes})-${V}$`);

/** [pattern of the utility without variants or `!`, its group]; the first match counts. */
const RULES: ReadonlyArray<readonly [RegExp, string | ((match: RegExpExecArray) => string)]> = [
  [
    /^(block|inline|inline-block|inline-flex|inline-grid|inline-table|flex|grid|flow-root|contents|list-item|hidden|table|table-(caption|cell|column|column-group|footer-group|header-group|row-group|row))$/,
    'display',
  ],
  [/^(static|fixed|absolute|relative|sticky)$/, 'position'],
  [/^(visible|invisible|collapse)$/, 'visibility'],
  [/^(sr-only|not-sr-only)$/, 'sr'],
  [/^(isolate|isolation-auto)$/, 'isolation'],
  [valued('inset-x|inset-y|inset|top|right|bottom|left|start|end'), (m) => m[1]!],
  [/^(z|order|opacity|duration|delay)-(\d+|auto|first|last|none|initial|\[.+\]|\(.+\))$/, (m) => m[1]!],
  [/^(ease|leading|tracking|indent|aspect|columns|animate|cursor|accent|caret|will-change)-/, (m) => m[1]!],
  [/^(basis|grow|shrink)(-|$)/, (m) => m[1]!],
  [/^flex-(row|row-reverse|col|col-reverse)$/, 'flex-direction'],
  [/^flex-(wrap|wrap-reverse|nowrap)$/, 'flex-wrap'],
  [/^flex-(\d+|auto|initial|none|\d+\/\d+|\[.+\])$/, 'flex'],
  [/^(grid-cols|grid-rows|grid-flow|auto-cols|auto-rows|col-start|col-end|row-start|row-end)-/, (m) => m[1]!],
  [/^col-(span-|auto$)/, 'col-span'],
  [/^row-(span-|auto$)/, 'row-span'],
  [/^(space-x|space-y)-reverse$/, (m) => `${m[1]}-reverse`],
  [valued('gap-x|gap-y|gap|space-x|space-y|p|px|py|pt|pr|pb|pl|ps|pe|m|mx|my|mt|mr|mb|ml|ms|me'), (m) => m[1]!],
  [valued('size|w|h|min-w|min-h|max-w|max-h'), (m) => m[1]!],
  [/^justify-(items|self)-/, (m) => `justify-${m[1]}`],
  [
    /^justify-(normal|start|end|center|between|around|evenly|stretch|baseline|center-safe|end-safe)$/,
    'justify-content',
  ],
  [/^(items|self|content|place-content|place-items|place-self)-/, (m) => m[1]!],
  [/^overflow-((x|y)-)?(auto|hidden|clip|visible|scroll)$/, (m) => (m[2] ? `overflow-${m[2]}` : 'overflow')],
  [/^overscroll-((x|y)-)?(auto|contain|none)$/, (m) => (m[2] ? `overscroll-${m[2]}` : 'overscroll')],
  [
    /^(float|clear|object|select|resize|appearance|pointer-events|touch|snap|scroll-(?:m|mx|my|mt|mr|mb|ml|p|px|py|pt|pr|pb|pl))-/,
    (m) => m[1]!,
  ],
  [/^whitespace-/, 'whitespace'],
  [/^break-(normal|words|all|keep)$/, 'break'],
  [/^break-(before|after|inside)-/, (m) => `break-${m[1]}`],
  [/^(truncate|text-ellipsis|text-clip)$/, 'text-overflow'],
  [/^(underline|overline|line-through|no-underline)$/, 'text-decoration'],
  [/^(uppercase|lowercase|capitalize|normal-case)$/, 'text-transform'],
  [/^(italic|not-italic)$/, 'font-style'],
  [/^(antialiased|subpixel-antialiased)$/, 'font-smoothing'],
  [/^(tabular-nums|proportional-nums)$/, 'fvn-spacing'],
  [/^(lining-nums|oldstyle-nums)$/, 'fvn-figure'],
  [/^normal-nums$/, 'fvn-normal'],
  [/^underline-offset-/, 'underline-offset'],
  [/^line-clamp-/, 'line-clamp'],
  [/^list-(inside|outside)$/, 'list-style-position'],
  [/^list-image-/, 'list-image'],
  [/^list-/, 'list-style-type'],
  [/^align-/, 'vertical-align'],
  [new RegExp(String.raw`^text-(${SIZE}(/.+)?|\[(length:)?[\d.]+(r?em|px|%|vw|vh)\])$`), 'font-size'],
  [/^text-(left|center|right|justify|start|end)$/, 'text-alignment'],
  [/^text-(wrap|nowrap|balance|pretty)$/, 'text-wrap'],
  [/^text-/, 'text-color'],
  [/^font-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black|\d+)$/, 'font-weight'],
  [/^font-/, 'font-family'],
  [/^bg-(linear|radial|conic)-|^bg-none$/, 'bg-image'],
  [/^bg-(fixed|local|scroll)$/, 'bg-attachment'],
  [/^bg-(auto|cover|contain)$/, 'bg-size'],
  [/^bg-(no-repeat|repeat(-.*)?)$/, 'bg-repeat'],
  [/^bg-(bottom|center|left|right|top)(-.*)?$/, 'bg-position'],
  [/^bg-clip-/, 'bg-clip'],
  [/^bg-origin-/, 'bg-origin'],
  [/^bg-/, 'bg-color'],
  [/^(from|via|to)-(\d+%|\[\d.*%\])$/, (m) => `gradient-${m[1]}-pos`],
  [/^(from|via|to)-/, (m) => `gradient-${m[1]}`],
  [/^(rounded)(-(none|xs|sm|md|lg|xl|\dxl|full|\[.*\]))?$/, 'rounded'],
  [/^rounded-(tl|tr|br|bl|ss|se|ee|es|t|r|b|l|s|e)(-|$)/, (m) => `rounded-${m[1]}`],
  [/^border-(collapse|separate)$/, 'border-collapse'],
  [/^border-(solid|dashed|dotted|double|hidden|none)$/, 'border-style'],
  [/^border(-\d+)?$/, 'border-w'],
  [new RegExp(`^border-${SIDES}(-\\d+)?$`), (m) => `border-w-${m[1]}`],
  [new RegExp(`^border-${SIDES}-${COLOR_REST}$`), (m) => `border-color-${m[1]}`],
  [/^border-/, 'border-color'],
  [/^divide-(x|y)(-reverse)$/, (m) => `divide-${m[1]}-reverse`],
  [/^divide-(x|y)(-\d+)?$/, (m) => `divide-${m[1]}`],
  [/^divide-(solid|dashed|dotted|double|hidden|none)$/, 'divide-style'],
  [/^divide-/, 'divide-color'],
  [/^outline(-\d+)?$/, 'outline-w'],
  [/^outline-(solid|dashed|dotted|double|none|hidden)$/, 'outline-style'],
  [/^outline-offset-/, 'outline-offset'],
  [/^outline-/, 'outline-color'],
  [/^ring-inset$/, 'ring-w-inset'],
  [/^ring(-\d+)?$/, 'ring-w'],
  [/^ring-offset-(\d+)$/, 'ring-offset-w'],
  [/^ring-offset-/, 'ring-offset-color'],
  [/^ring-/, 'ring-color'],
  [/^shadow(-(2xs|xs|sm|md|lg|xl|2xl|none))?$/, 'shadow'],
  [/^shadow-/, 'shadow-color'],
  [/^transition(-(all|colors|opacity|shadow|transform|none|\[.+\]))?$/, 'transition'],
  [
    /^(translate-x|translate-y|translate-z|rotate|scale-x|scale-y|scale|skew-x|skew-y|origin|blur|backdrop-blur)(-|$)/,
    (m) => m[1]!,
  ],
  [/^translate-none$/, 'translate-none'],
  [/^translate-/, 'translate'],
  [/^(fill|stroke)-/, (m) => m[1]!],
];

/** Groups an earlier class of which a later class of the group on the left overrides too. */
const CONFLICTS: Readonly<Record<string, readonly string[]>> = {
  overflow: ['overflow-x', 'overflow-y'],
  overscroll: ['overscroll-x', 'overscroll-y'],
  inset: ['inset-x', 'inset-y', 'start', 'end', 'top', 'right', 'bottom', 'left'],
  'inset-x': ['start', 'end', 'right', 'left'],
  'inset-y': ['top', 'bottom'],
  flex: ['basis', 'grow', 'shrink'],
  gap: ['gap-x', 'gap-y'],
  p: ['px', 'py', 'ps', 'pe', 'pt', 'pr', 'pb', 'pl'],
  px: ['ps', 'pe', 'pr', 'pl'],
  py: ['pt', 'pb'],
  m: ['mx', 'my', 'ms', 'me', 'mt', 'mr', 'mb', 'ml'],
  mx: ['ms', 'me', 'mr', 'ml'],
  my: ['mt', 'mb'],
  size: ['w', 'h'],
  'font-size': ['leading'],
  'fvn-normal': ['fvn-figure', 'fvn-spacing'],
  'fvn-figure': ['fvn-normal'],
  'fvn-spacing': ['fvn-normal'],
  'line-clamp': ['display', 'overflow'],
  rounded: ['rounded-s', 'rounded-e', 'rounded-t', 'rounded-r', 'rounded-b', 'rounded-l'].concat(
    ['ss', 'se', 'ee', 'es', 'tl', 'tr', 'br', 'bl'].map((corner) => `rounded-${corner}`),
  ),
  'rounded-s': ['rounded-ss', 'rounded-es'],
  'rounded-e': ['rounded-se', 'rounded-ee'],
  'rounded-t': ['rounded-tl', 'rounded-tr'],
  'rounded-r': ['rounded-tr', 'rounded-br'],
  'rounded-b': ['rounded-br', 'rounded-bl'],
  'rounded-l': ['rounded-tl', 'rounded-bl'],
  'border-w': ['x', 'y', 's', 'e', 't', 'r', 'b', 'l'].map((side) => `border-w-${side}`),
  'border-w-x': ['border-w-s', 'border-w-e', 'border-w-r', 'border-w-l'],
  'border-w-y': ['border-w-t', 'border-w-b'],
  'border-color': ['x', 'y', 's', 'e', 't', 'r', 'b', 'l'].map((side) => `border-color-${side}`),
  'border-color-x': ['border-color-s', 'border-color-e', 'border-color-r', 'border-color-l'],
  'border-color-y': ['border-color-t', 'border-color-b'],
  translate: ['translate-x', 'translate-y', 'translate-none'],
  'translate-none': ['translate', 'translate-x', 'translate-y', 'translate-z'],
};

/** Each utility's group once looked up (null: not a utility these rules know). */
const groups = new Map<string, string | null>();

function groupOf(utility: string): string | null {
  let group = groups.get(utility);
  if (group === undefined) {
    group = lookUpGroup(utility);
    groups.set(utility, group);
  }
  return group;
}

function lookUpGroup(utility: string): string | null {
  if (utility.endsWith('-')) return null;
  for (const [pattern, group] of RULES) {
    const match = pattern.exec(utility);
    if (match) return typeof group === 'string' ? group : group(match);
  }
  return null;
}

/** Splits `hover:sm:px-4` at the colons outside brackets: the variants, then the utility. */
function splitVariants(className: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < className.length; i++) {
    const char = className[i];
    if (char === '[' || char === '(') depth++;
    else if (char === ']' || char === ')') depth--;
    else if (char === ':' && depth === 0) {
      parts.push(className.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(className.slice(start));
  return parts;
}

/** Merged lists by their input: components render the same few lists again and again. */
const merged = new Map<string, string>();
const MERGED_KEPT = 500;

/** The Tailwind class list with each overridden class left out (see `cn`). */
export function mergeClasses(classList: string): string {
  let result = merged.get(classList);
  if (result === undefined) {
    result = merge(classList);
    if (merged.size >= MERGED_KEPT) merged.clear();
    merged.set(classList, result);
  }
  return result;
}

function merge(classList: string): string {
  const seen = new Set<string>();
  const kept: string[] = [];
  const classes = classList.trim().split(/\s+/);
  for (let i = classes.length - 1; i >= 0; i--) {
    const className = classes[i]!;
    if (!className) continue;
    const parts = splitVariants(className);
    let utility = parts.pop()!;
    const important = utility.startsWith('!') || utility.endsWith('!');
    utility = utility.replace(/^!|!$/g, '').replace(/^-/, '');
    const group = groupOf(utility);
    if (group === null) {
      kept.push(className);
      continue;
    }
    // Variants in any order mean the same (`hover:sm:` is `sm:hover:`), arbitrary ones aside.
    const prefix = `${parts.sort().join(':')}${important ? '!' : ''}:`;
    if (seen.has(prefix + group)) continue;
    seen.add(prefix + group);
    for (const overridden of CONFLICTS[group] ?? []) seen.add(prefix + overridden);
    kept.push(className);
  }
  return kept.reverse().join(' ');
}
