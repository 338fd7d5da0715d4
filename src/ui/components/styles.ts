import { css } from 'styled-components';

/**
 * A bar stuck to the window's top or foot while the page scrolls as one (docs/UI.md "One
 * scroll"): a row of controls on the surface, with a line on the side that faces the page.
 */
export const stickyBar = (edge: 'top' | 'bottom') => css`
  position: sticky;
  ${edge}: 0;
  z-index: ${({ theme }) => theme.z.topBar};
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  background: ${({ theme }) => theme.colors.surface};
  border-${edge === 'top' ? 'bottom' : 'top'}: 1px solid ${({ theme }) => theme.colors.border};
`;

/** A small muted label stacked over its control (a select, a filter's input). */
export const fieldLabel = css`
  display: inline-flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  font-size: ${({ theme }) => theme.font.small};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** One line of text, cut with an ellipsis where it does not fit. */
export const ellipsis = css`
  overflow: hidden;
  white-space: nowrap;
  text-overflow: ellipsis;
`;

/** A square cover thumbnail of `size` px (a sample's or a song's picture beside its name). */
export const coverThumb = (size: number) => css`
  width: ${size}px;
  height: ${size}px;
  border-radius: ${({ theme }) => theme.radius.small};
  object-fit: cover;
`;

/**
 * The links of a navigation (top bar tabs, drawer, sidebar): plain text, and the current page's
 * link lit on a soft background.
 */
export const navLinks = (padding: string) => css`
  & a {
    padding: ${padding};
    border-radius: ${({ theme }) => theme.radius.small};
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
  }
  & a.active {
    color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.primarySoft};
  }
`;

/** A compact native control (a select, a number input) `height` px tall, on the surface. */
export const compactControl = (height: number) => css`
  height: ${height}px;
  padding: 0 6px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
`;
