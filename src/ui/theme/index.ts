/** The theme module: tokens, builder and global styles other features import. */
export { makeTheme, shade, alpha, readableOn, parseHexColour } from './theme.ts';
export type { AppTheme, DisplayMode } from './theme.ts';
export { GlobalStyle } from './global-style.ts';
