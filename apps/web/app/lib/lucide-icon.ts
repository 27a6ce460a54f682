/**
 * lucide-react's icon factory (`createLucideIcon`) with the same props and the same markup, in two
 * fibers per icon instead of three plus one per shape: lucide renders each icon as a wrapper
 * component, its `Icon` component, the `<svg>` and an element per shape, and React creates,
 * hydrates and commits a fiber for each. The public pages show 40-80 icons, a third of their
 * fibers. Here the wrapper renders the `<svg>` itself, with its shapes as the element's inner HTML
 * (written as React writes them on the server, so the prerendered HTML does not change); hydration
 * keeps an element's inner HTML as the document has it. An icon given children renders them as
 * elements, as lucide does.
 *
 * The build points lucide's icon modules at this module (vite.config.ts, `sekolo:lucide-icon`);
 * everything else (attributes, class names, the context of `LucideProvider`) is lucide's own code.
 */
import { createElement, forwardRef, type ReactNode, type Ref } from 'react';
import { useLucideContext } from 'lucide-react/dist/esm/context.mjs';
import buildLucideIconForReact from 'lucide-react/dist/esm/shared/src/build/buildLucideIconForReact.mjs';
import { hasA11yProp } from 'lucide-react/dist/esm/shared/src/utils/hasA11yProp.mjs';
import { mergeClasses } from 'lucide-react/dist/esm/shared/src/utils/mergeClasses.mjs';
import { toLucideIconData } from 'lucide-react/dist/esm/shared/src/utils/toLucideIconData.mjs';
import { toPascalCase } from 'lucide-react/dist/esm/shared/src/utils/toPascalCase.mjs';

type TIconNode = ReadonlyArray<readonly [string, Readonly<Record<string, string | number>>]>;
interface IIconData {
  name?: string;
  size?: number;
  node: TIconNode;
  aliases?: readonly string[];
}

interface IIconProps extends Record<string, unknown> {
  color?: string;
  size?: string | number;
  width?: string | number;
  height?: string | number;
  strokeWidth?: string | number;
  absoluteStrokeWidth?: boolean;
  nonScalingStroke?: boolean;
  className?: string;
  children?: ReactNode;
  iconNode?: TIconNode;
  icon?: IIconData;
}

/** React's names of the shape attributes lucide renames (buildLucideIconForReact), as SVG spells them. */
const SVG_ATTRIBUTE_NAMES: Readonly<Record<string, string>> = { vectorEffect: 'vector-effect' };

/** React's escaping of attribute values in server-rendered HTML. */
function escapeAttribute(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (char) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#x27' }[char]};`,
  );
}

/** The shapes as React's server renderer writes them: `<path d="…"></path>`, `key` left out. */
export function shapesMarkup(shapes: TIconNode): string {
  let html = '';
  for (const [tag, attributes] of shapes) {
    html += `<${tag}`;
    for (const [name, value] of Object.entries(attributes)) {
      if (name === 'key' || value === null || value === undefined) continue;
      html += ` ${SVG_ATTRIBUTE_NAMES[name] ?? name}="${escapeAttribute(String(value))}"`;
    }
    html += `></${tag}>`;
  }
  return html;
}

/** Each icon's shapes' markup, written once (an icon's shape list is the same array every render). */
const markupOf = new WeakMap<TIconNode, { __html: string }>();
function innerHtml(shapes: TIconNode): { __html: string } {
  let html = markupOf.get(shapes);
  if (!html) {
    html = { __html: shapesMarkup(shapes) };
    markupOf.set(shapes, html);
  }
  return html;
}

/** What lucide's `Icon` renders, as one `<svg>` element. */
function renderIcon(
  {
    color,
    size,
    width,
    height,
    strokeWidth,
    absoluteStrokeWidth,
    nonScalingStroke,
    className = '',
    children,
    iconNode = [],
    icon = { node: iconNode, aliases: [], size: 24 },
    ...rest
  }: IIconProps,
  ref: Ref<SVGSVGElement>,
) {
  const {
    size: contextSize = 24,
    strokeWidth: contextStrokeWidth = 2,
    absoluteStrokeWidth: contextAbsoluteStrokeWidth = false,
    nonScalingStroke: contextNonScalingStroke = false,
    color: contextColor = 'currentColor',
    className: contextClass = '',
  } = useLucideContext() ?? {};
  const hasAccessibleProp = Boolean(children) || hasA11yProp(rest);
  const nonScaling = nonScalingStroke ?? contextNonScalingStroke;
  const [name, svgAttributes, builtIconNode = []] = buildLucideIconForReact(icon, {
    color: color ?? contextColor,
    width: width ?? size ?? contextSize,
    height: height ?? size ?? contextSize,
    strokeWidth: strokeWidth ?? contextStrokeWidth,
    absoluteStrokeWidth: absoluteStrokeWidth ?? contextAbsoluteStrokeWidth,
    nonScalingStroke: nonScaling,
    className: mergeClasses(contextClass, className),
    hasA11yProp: hasAccessibleProp,
    attributes: rest,
  }) as [string, Record<string, unknown>, TIconNode];
  if (children !== undefined && children !== null && children !== false) {
    return createElement(name, { ref, ...svgAttributes }, [
      ...builtIconNode.map(([tag, attributes]) => createElement(tag, attributes)),
      ...(Array.isArray(children) ? children : [children]),
    ]);
  }
  // Without nonScalingStroke the shapes are the icon's own, so their markup is written once per icon.
  const shapes = nonScaling ? { __html: shapesMarkup(builtIconNode) } : innerHtml(icon.node);
  return createElement(name, { ref, ...svgAttributes, dangerouslySetInnerHTML: shapes });
}

/** lucide-react's `createLucideIcon(iconData)` (or `(name, iconNode, aliases)`). */
export default function createLucideIcon(
  iconDataOrName: IIconData | string,
  iconNode: TIconNode = [],
  aliases: string[] = [],
) {
  const iconData: IIconData =
    typeof iconDataOrName === 'string' ? toLucideIconData(iconDataOrName, iconNode, aliases) : iconDataOrName;
  const Component = forwardRef<SVGSVGElement, IIconProps>(({ className, ...props }, ref) =>
    renderIcon({ icon: iconData, className: className as string | undefined, ...props }, ref),
  );
  if (iconData.name) Component.displayName = toPascalCase(iconData.name);
  return Component;
}
