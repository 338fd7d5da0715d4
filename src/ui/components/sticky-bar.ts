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
