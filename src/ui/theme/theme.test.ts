import { describe, expect, it } from 'vitest';
import { makeTheme, parseHexColour, readableOn, shade } from './theme.ts';

describe('theme', () => {
  it('uses the main colour, falling back to #409eff when it is not a hex colour', () => {
    expect(makeTheme('light', '#e91e63').colors.primary).toBe('#e91e63');
    expect(makeTheme('dark', 'url(javascript:x)').colors.primary).toBe('#409eff');
  });

  it('has distinct light and dark surfaces and a dark home background in both', () => {
    const light = makeTheme('light');
    const dark = makeTheme('dark');
    expect(light.colors.background).not.toBe(dark.colors.background);
    expect(light.colors.homeBackground).toBe(dark.colors.homeBackground);
    expect(light.breakpoints).toEqual({ navList: 960, metadata: 990, volumePopup: 768 });
  });

  it('derives hover shades and readable text', () => {
    expect(parseHexColour('#fff')).toEqual([255, 255, 255]);
    expect(shade('#409eff', -1)).toBe('#000000');
    expect(shade('#409eff', 1)).toBe('#ffffff');
    expect(readableOn('#ffeb3b')).toBe('#1d1e1f');
    expect(readableOn('#1a237e')).toBe('#ffffff');
  });
});
