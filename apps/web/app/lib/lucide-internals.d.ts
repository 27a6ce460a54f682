// lucide-react's own modules that lib/lucide-icon.ts builds on (the package ships no types for them).
declare module 'lucide-react/dist/esm/context.mjs' {
  export function useLucideContext(): {
    size?: number;
    strokeWidth?: number;
    absoluteStrokeWidth?: boolean;
    nonScalingStroke?: boolean;
    color?: string;
    className?: string;
  } | null;
}
declare module 'lucide-react/dist/esm/shared/src/build/buildLucideIconForReact.mjs' {
  export default function buildLucideIconForReact(icon: unknown, params?: Record<string, unknown>): unknown[];
}
declare module 'lucide-react/dist/esm/shared/src/utils/hasA11yProp.mjs' {
  export function hasA11yProp(props: unknown): boolean;
}
declare module 'lucide-react/dist/esm/shared/src/utils/mergeClasses.mjs' {
  export function mergeClasses(...classes: unknown[]): string;
}
declare module 'lucide-react/dist/esm/shared/src/utils/toLucideIconData.mjs' {
  export function toLucideIconData(
    name: string,
    iconNode: ReadonlyArray<readonly [string, Readonly<Record<string, string | number>>]>,
    aliases?: readonly string[],
  ): {
    name?: string;
    size?: number;
    node: ReadonlyArray<readonly [string, Readonly<Record<string, string | number>>]>;
    aliases?: readonly string[];
  };
}
declare module 'lucide-react/dist/esm/shared/src/utils/toPascalCase.mjs' {
  export function toPascalCase(value: string): string;
}
