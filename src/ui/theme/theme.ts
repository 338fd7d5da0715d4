import { DEFAULTS } from '../../shared/constants.ts';

/** Light or dark display mode (docs/PRODUCT.md §3). */
export type DisplayMode = 'light' | 'dark';

/** The design tokens every styled component reads through `props.theme`. */
export interface AppTheme {
  mode: DisplayMode;
  colors: {
    /** The user's main colour (default #409eff). */
    primary: string;
    /** Main colour on hover/active. */
    primaryHover: string;
    /** Main colour at low opacity for selected rows and focus rings. */
    primarySoft: string;
    /** Text drawn on the main colour. */
    onPrimary: string;
    background: string;
    surface: string;
    surfaceAlt: string;
    border: string;
    text: string;
    textMuted: string;
    danger: string;
    success: string;
    warning: string;
    /** Backdrop of dialogs and drawers. */
    overlay: string;
    /** The home page's dark background, in both modes (docs/PRODUCT.md §2). */
    homeBackground: string;
  };
  radius: { small: string; medium: string; large: string };
  /** Spacing scale in px, multiples of 4. */
  space: (steps: number) => string;
  font: { family: string; small: string; body: string; large: string; title: string };
  shadow: { popup: string };
  /** Layout breakpoints (px) of docs/PRODUCT.md §9. */
  breakpoints: typeof DEFAULTS.breakpoints;
  /** Stacking order of fixed layers. */
  z: { topBar: number; drawer: number; popup: number; dialog: number; toast: number };
}

/** Parses #rgb or #rrggbb into its channels, null when it is not a hex colour. */
export function parseHexColour(value: string): [number, number, number] | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!match) return null;
  const hex = match[1]!;
  const full =
    hex.length === 3
      ? hex
          .split('')
          .map((c) => c + c)
          .join('')
      : hex;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [
    number,
    number,
    number,
  ];
}

/** Mixes a hex colour towards white (amount > 0) or black (amount < 0), -1..1. */
export function shade(colour: string, amount: number): string {
  const rgb = parseHexColour(colour) ?? parseHexColour(DEFAULTS.mainColour)!;
  const target = amount > 0 ? 255 : 0;
  const mixed = rgb.map((c) => Math.round(c + (target - c) * Math.abs(amount)));
  return `#${mixed.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** A hex colour with an alpha channel, as rgba(). */
export function alpha(colour: string, opacity: number): string {
  const [r, g, b] = parseHexColour(colour) ?? parseHexColour(DEFAULTS.mainColour)!;
  return `rgba(${r}, ${g}, ${b}, ${opacity})`;
}

/** Black or white, whichever reads better on the given colour (WCAG relative luminance). */
export function readableOn(colour: string): string {
  const rgb = parseHexColour(colour) ?? [0, 0, 0];
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.45 ? '#1d1e1f' : '#ffffff';
}

const palettes = {
  light: {
    background: '#f5f7fa',
    surface: '#ffffff',
    surfaceAlt: '#f0f2f5',
    border: '#dcdfe6',
    text: '#1d1e1f',
    textMuted: '#606266',
    danger: '#d93026',
    success: '#2e8540',
    warning: '#b26a00',
    overlay: 'rgba(0, 0, 0, 0.45)',
  },
  dark: {
    background: '#141414',
    surface: '#1d1e1f',
    surfaceAlt: '#262727',
    border: '#4c4d4f',
    text: '#e5eaf3',
    textMuted: '#a3a6ad',
    danger: '#f56c6c',
    success: '#67c23a',
    warning: '#e6a23c',
    overlay: 'rgba(0, 0, 0, 0.65)',
  },
} as const;

/** Builds the theme for a display mode and main colour (an invalid colour falls back to the default). */
export function makeTheme(mode: DisplayMode, mainColour: string = DEFAULTS.mainColour): AppTheme {
  const primary = parseHexColour(mainColour) ? mainColour : DEFAULTS.mainColour;
  return {
    mode,
    colors: {
      ...palettes[mode],
      primary,
      primaryHover: shade(primary, mode === 'light' ? -0.15 : 0.2),
      primarySoft: alpha(primary, mode === 'light' ? 0.12 : 0.22),
      onPrimary: readableOn(primary),
      homeBackground: '#0d0f14',
    },
    radius: { small: '4px', medium: '8px', large: '12px' },
    space: (steps) => `${steps * 4}px`,
    font: {
      family:
        "system-ui, -apple-system, 'Segoe UI', 'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif",
      small: '12px',
      body: '14px',
      large: '16px',
      title: '22px',
    },
    shadow: {
      popup: mode === 'light' ? '0 6px 24px rgba(0, 0, 0, 0.12)' : '0 6px 24px rgba(0, 0, 0, 0.5)',
    },
    breakpoints: DEFAULTS.breakpoints,
    z: { topBar: 100, drawer: 200, popup: 300, dialog: 400, toast: 500 },
  };
}
